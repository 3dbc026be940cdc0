import DemoShellKit
import EditRunModel
import ShellModel

/// What Quick Help asks of its owner.
@MainActor
protocol QuickHelpDelegate: AnyObject {
    /// What the name at character `offset` of the code is; nil when none.
    /// `supersedes`: the question before (of the keys) is no longer wanted;
    /// the pointer's questions leave it be.
    func quickHelp(_ help: QuickHelp, describeAt offset: Int, supersedes: Bool) async -> SymbolInfo?
    /// Open Declaration (the bubble's button), F12: where `symbol` is declared.
    func quickHelp(_ help: QuickHelp, openDeclarationOf symbol: SymbolInfo)
    /// A sentence for the status line (nothing known at the cursor).
    func quickHelp(_ help: QuickHelp, say sentence: String)
}

/// Quick Help and Go to Definition in the code: Ctrl+Shift+Space shows
/// the declaration and doc comment of the name at the caret in a bubble
/// pointing at it (its text in the accessibility tree, its button opening
/// the declaration); F12 opens the declaration at once. The pointer does
/// the same (`QuickHelpPointer`): resting on a name shows its bubble,
/// which then leaves the focus in the code; Ctrl+click opens the
/// declaration. While Edit is on only: the names are the language service's.
@MainActor
final class QuickHelp {
    weak var delegate: (any QuickHelpDelegate)?
    private weak var view: SourceView?
    /// The bubble, once first shown.
    private(set) var popover: Popover?
    private let declaration = Label()
    /// The doc comment, laid out: a label a paragraph or list item, a
    /// fixed-width one a code block (`DocCommentLayout`).
    private let documentation = Box(.vertical, spacing: 6)
    private var documentationLabels: [Label] = []
    private let module = Label()
    private let openButton = Button(label: localized("_Open Declaration"))
    /// The symbol shown, for Open Declaration.
    private(set) var shown: SymbolInfo?
    private var asking: Task<Void, Never>?
    /// Whether the bubble shown was opened by the pointer resting (it goes as the pointer goes).
    private var hovering = false
    /// Hover, Ctrl+click and the hand over the code.
    private(set) lazy var pointer = QuickHelpPointer(help: self)

    /// Quick Help's keys and pointer in `view`.
    func attach(to view: SourceView) {
        self.view = view
        pointer.attach(to: view)
        view.onKeyPress { [weak self] view, key in
            guard let self, view.isEditable else { return .proceed }
            let modifiers = key.modifiers.intersection([.control, .shift, .alt])
            if key.keyval == Key.space, modifiers == [.control, .shift] {
                self.lookUp(at: view.cursorOffset, open: false)
                return .stop
            }
            if key.keyval == Key.named("F12"), modifiers.isEmpty {
                self.lookUp(at: view.cursorOffset, open: true)
                return .stop
            }
            return .proceed
        }
    }

    /// Whether the bubble is on screen.
    var isShowing: Bool { popover?.isVisible ?? false }

    /// Whether the bubble on screen is the pointer's.
    var isHovering: Bool { hovering && isShowing }

    /// The pointer rested on the name at `offset`, of which `symbol` is
    /// known: its bubble, leaving the keyboard in the code.
    func showHover(_ symbol: SymbolInfo, at offset: Int) {
        guard let view, !(isShowing && !hovering) else { return }
        show(symbol, at: offset, in: view, hover: true)
    }

    /// The pointer's bubble goes (the pointer left, the text changed); one
    /// opened with the keyboard stays.
    func closeHover() {
        guard hovering else { return }
        hovering = false
        popover?.popdown()
    }

    /// The bubble's text as a screen reader reads it (the tests').
    var text: String {
        ([declaration.text] + documentationLabels.map(\.text) + [module.text]).joined(separator: "\n")
    }

    /// Quick Help (or, `open`, the declaration) of the name at `offset`.
    func lookUp(at offset: Int, open: Bool) {
        asking?.cancel()
        asking = Task { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            let symbol = await delegate.quickHelp(self, describeAt: offset, supersedes: true)
            guard !Task.isCancelled, let view = self.view else { return }
            guard let symbol else {
                return delegate.quickHelp(self, say: localized("Nothing is known of the name at the cursor."))
            }
            if open {
                delegate.quickHelp(self, openDeclarationOf: symbol)
            } else {
                self.show(symbol, at: offset, in: view, hover: false)
            }
        }
    }

    private func show(_ symbol: SymbolInfo, at offset: Int, in view: SourceView, hover: Bool) {
        shown = symbol
        hovering = hover
        let popover = self.popover ?? makePopover(in: view)
        popover.setModal(!hover)
        declaration.text = symbol.declaration.isEmpty ? symbol.name : symbol.declaration
        showDocumentation(symbol.documentation)
        module.text = symbol.module.isEmpty ? "" : localized("In {module}").filling(["module": symbol.module])
        module.isVisible = !symbol.module.isEmpty
        openButton.isSensitive = !symbol.path.isEmpty
        CaretPlace.point(popover, at: offset, of: view, margin: hover ? 8 : 0)
        popover.popup()
    }

    private func makePopover(in view: SourceView) -> Popover {
        let popover = Popover(relativeTo: view)
        popover.accessibleName = localized("Quick Help")
        popover.onPointerCrossing { [weak self] entered in self?.pointer.bubbleCrossed(entered: entered) }
        for label in [declaration, module] { Self.style(label) }
        declaration.addStyleClass("monospace")
        module.addStyleClass("dim-label")
        openButton.onClicked { [weak self] _ in
            guard let self, let symbol = self.shown else { return }
            self.popover?.popdown()
            self.delegate?.quickHelp(self, openDeclarationOf: symbol)
        }
        let box = Box(.vertical, spacing: 8)
        box.setMargins(12)
        box.append(declaration)
        box.append(documentation)
        box.append(module)
        box.append(openButton)
        popover.add(box)
        box.showAll()
        self.popover = popover
        return popover
    }

    /// The doc comment's blocks, each a label of its own (selectable, read
    /// to screen readers as plain text); none: a sentence saying so.
    private func showDocumentation(_ comment: String) {
        for label in documentationLabels { label.destroy() }
        let blocks = DocCommentLayout.blocks(of: comment)
        documentationLabels = blocks.isEmpty ? [Label(localized("No documentation comment."))] : blocks.map(Self.label)
        for label in documentationLabels {
            Self.style(label)
            documentation.append(label)
        }
        documentation.showAll()
    }

    private static func label(for block: DocCommentLayout.Block) -> Label {
        let label = Label()
        switch block {
        case .paragraph(let markup): label.setMarkup(markup)
        case .item(let markup): label.setMarkup("•  " + markup)
        case .code(let code):
            label.text = code
            label.addStyleClass("monospace")
        }
        return label
    }

    private static func style(_ label: Label) {
        label.xAlign = 0
        label.wraps = true
        label.isSelectable = true
        label.maxWidthChars = 72
    }
}
