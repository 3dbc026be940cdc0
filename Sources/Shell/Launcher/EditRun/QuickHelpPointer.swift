import DemoShellKit
import EditRunModel
import ShellModel

/// What the pointer does over the code while Edit is on, as in Xcode and
/// VS Code: resting on a name for half a second shows its Quick Help
/// bubble, which closes once the pointer goes (unless into the bubble);
/// Ctrl+click on a name opens its declaration, as F12 does; and while Ctrl
/// is held the pointer is a hand over a name that has a declaration to open.
/// A moved pointer or a changed text cancels what was under way.
@MainActor
final class QuickHelpPointer {
    /// How long the pointer rests on a name before its bubble shows.
    static let restMilliseconds = 500
    /// How long the bubble stays once the pointer left its name: time to reach it.
    static let closeMilliseconds = 350

    private unowned let help: QuickHelp
    private weak var view: SourceView?
    /// The name under the pointer (character offsets), if any.
    private(set) var name: Range<Int>?
    /// The name the hover bubble is of, while it shows.
    private var bubbleName: Range<Int>?
    private var controlHeld = false
    private var resting: SourceID?
    private var closing: SourceID?
    private var pointerInBubble = false
    /// What the service said of a name of this text (the hand, the bubble).
    private var known: (name: Range<Int>, symbol: SymbolInfo?)?
    private var asking: (name: Range<Int>, task: Task<Void, Never>)?
    /// Who waits for the answer under way.
    private var waiting: [@MainActor (SymbolInfo?) -> Void] = []
    /// The buffer the names are of: another file shown makes them stale.
    private var buffer: ObjectIdentifier?
    /// Whether the text window shows the hand.
    private(set) var showsHand = false

    init(help: QuickHelp) { self.help = help }

    func attach(to view: SourceView) {
        self.view = view
        view.onTextPointer { [weak self] view, pointer in self?.handle(pointer, in: view) ?? .proceed }
    }

    /// The text changed, Edit went off, another file is shown: what was
    /// asked or shown of a name of the text before goes.
    func forget() {
        resting?.cancel()
        resting = nil
        closing?.cancel()
        closing = nil
        asking?.task.cancel()
        asking = nil
        waiting = []
        known = nil
        name = nil
        bubbleName = nil
        help.closeHover()
        setHand(false)
    }

    /// The pointer came into the bubble (true) or left it.
    func bubbleCrossed(entered: Bool) {
        pointerInBubble = entered
        if entered {
            cancelClose()
        } else {
            scheduleClose()
        }
    }

    private func handle(_ pointer: TextPointer, in view: SourceView) -> Propagation {
        guard view.isEditable, help.delegate != nil else {
            if name != nil || showsHand { forget() }
            return .proceed
        }
        let shown = ObjectIdentifier(view.sourceBuffer)
        if shown != buffer {
            forget()
            buffer = shown
        }
        let under = pointer.offset.flatMap(view.nameRange(around:))
        switch pointer.kind {
        case .press(let button):
            guard button == 1, pointer.modifiers.contains(.control), let under else { return .proceed }
            resting?.cancel()
            resting = nil
            help.closeHover()
            help.lookUp(at: under.lowerBound, open: true)
            return .stop
        case .leave:
            controlHeld = false
            moved(onto: nil)
        case .motion, .modifiers:
            controlHeld = pointer.modifiers.contains(.control)
            moved(onto: under)
        case .enter:
            // Only a pointer that moves asks: one the text came under (a
            // window mapped, a bubble gone) rests on no name of its choosing.
            controlHeld = pointer.modifiers.contains(.control)
            moved(onto: under, rests: false)
        }
        updateHand()
        return .proceed
    }

    private func moved(onto under: Range<Int>?, rests: Bool = true) {
        guard under != name else { return }
        name = under
        resting?.cancel()
        resting = nil
        if let under, under == bubbleName {
            cancelClose()
            return
        }
        if bubbleName != nil { scheduleClose() }
        guard let under, rests else { return }
        resting = MainLoop.after(milliseconds: Self.restMilliseconds) { [weak self] in
            self?.resting = nil
            self?.rested(on: under)
        }
    }

    private func rested(on resting: Range<Int>) {
        symbol(of: resting) { [weak self] symbol in
            guard let self, self.name == resting, let symbol else { return }
            self.cancelClose()
            self.bubbleName = resting
            self.help.showHover(symbol, at: resting.lowerBound)
        }
    }

    /// The hand while Ctrl is held over a name with a declaration to open.
    private func updateHand() {
        guard controlHeld, let name else { return setHand(false) }
        guard let known, known.name == name else {
            setHand(false)
            return symbol(of: name) { [weak self] _ in self?.updateHand() }
        }
        setHand(known.symbol.map { !$0.path.isEmpty } ?? false)
    }

    private func setHand(_ hand: Bool) {
        guard hand != showsHand else { return }
        showsHand = hand
        view?.showsHandPointer(hand)
    }

    /// What the service says of `name`, asked once a name of this text.
    private func symbol(of name: Range<Int>, then use: @escaping @MainActor (SymbolInfo?) -> Void) {
        if let known, known.name == name { return use(known.symbol) }
        if let asking, asking.name == name { return waiting.append(use) }
        asking?.task.cancel()
        waiting = [use]
        let task = Task { [weak self] in
            guard let self, let delegate = self.help.delegate else { return }
            let symbol = await delegate.quickHelp(self.help, describeAt: name.lowerBound, supersedes: false)
            guard !Task.isCancelled, self.asking?.name == name else { return }
            self.asking = nil
            self.known = (name, symbol)
            let waiting = self.waiting
            self.waiting = []
            for use in waiting { use(symbol) }
        }
        asking = (name, task)
    }

    private func scheduleClose() {
        guard closing == nil, bubbleName != nil else { return }
        closing = MainLoop.after(milliseconds: Self.closeMilliseconds) { [weak self] in
            guard let self else { return }
            self.closing = nil
            guard !self.pointerInBubble, self.name != self.bubbleName else { return }
            self.bubbleName = nil
            self.help.closeHover()
        }
    }

    private func cancelClose() {
        closing?.cancel()
        closing = nil
    }
}
