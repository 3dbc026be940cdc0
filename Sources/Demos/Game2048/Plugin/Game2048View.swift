import DemoKit
import Game2048Model

/// The 2048 window: a start screen, then the score boxes over one drawing
/// area that shows the board. Every rule is `Game`'s; this wires input to
/// it, animates what it reports and saves it after every move.
@MainActor
final class Game2048View: DemoView {
    let window: Window
    private let frame: DemoWindow
    private let stack = Stack(transition: .crossfade)
    private let board = DrawingArea()
    private let scores = ScoreBoxes()
    private lazy var startPage = StartPage(
        start: { [unowned self] in self.showGamePage() },
        newGame: { [unowned self] in self.startNewGame() })
    private let undoButton = Button(iconName: "edit-undo-symbolic", name: localized("Undo"))
    private lazy var menu = GameMenu(
        newGame: { [unowned self] in self.startNewGame() }, undo: { [unowned self] in self.undo() },
        size: { [unowned self] in self.switchSize(to: $0) },
        speed: { [unowned self] in self.setAutoplaySpeed($0) })
    private let painter = BoardPainter()
    private let store: SettingsGameStore
    private let suggester = MoveSuggester()
    private let hint: HintController
    private let speech: BoardSpeech
    private let autoplay: Autoplay

    private var game: Game
    private var best = 0
    private var animator = BoardAnimator()
    private var tickID: UInt32?
    private var frameTime: Int64 = 0
    private var dialog: MessageDialog?
    /// Saves the game once each burst of input is handled.
    private lazy var saver = GameSaver(store: store, window: window) { [unowned self] in self.game }
    private var keyDirections: [UInt32: Direction] = [:]

    init(host: DemoHost) {
        store = SettingsGameStore(settings: host.settings)
        frame = DemoWindow(title: host.info.name, width: 460, height: 560)
        window = frame.window

        let size = SavedGame.lastSize(in: store)
        let (resumed, resumeProblem) = store.savedGame(size: size)  // told once the window is up
        game = resumed ?? Game(size: size, random: SeededRandom())
        best = SavedGame.recordScore(game.score, size: game.size, in: store)
        for (name, direction) in MoveInput.keyNames { keyDirections[Key.named(name)] = direction }
        hint = HintController(suggester: suggester)
        speech = BoardSpeech(area: board, hint: hint)
        autoplay = Autoplay(
            suggester: suggester,
            speed: store.string(AutoplaySpeed.settingsKey).flatMap(AutoplaySpeed.init) ?? .normal)
        autoplay.host = self

        buildHeaderBar()
        if resumed != nil { startPage.offerToContinue() }
        stack.addPage(startPage.widget, name: "start")
        stack.addPage(buildGamePage(), name: "game")
        window.add(stack)
        installActions(application: host.application)
        window.onKeyPress { [unowned self] _, key in self.handleWindowKey(key) }
        window.onDestroy { [unowned self] _ in
            // A search under way stops within milliseconds; its answer is dropped.
            self.autoplay.halt()
            self.hint.clear()
            self.suggester.cancel()
            self.saver.saveIfPending()
            self.dialog?.destroy()
        }
        window.showAll()
        if resumed?.status == .lost {
            // A lost game reopens as it was left: on the Defeat dialog, Undo
            // offered; shown once the shell has presented the window, so the
            // dialog is above it even with no window manager to keep it there.
            showGamePage(presentingDialog: false)
            board.idle { [weak self] in self?.presentDialogIfNeeded() }
        } else {
            showStartPage()
        }
        if let resumeProblem { WindowNotice.show(resumeProblem, in: window) }
    }

    // MARK: Building

    private func buildHeaderBar() {
        undoButton.onClicked { [unowned self] _ in self.undo() }
        frame.headerBar.packStart(undoButton)
        hint.button.onClicked { [unowned self] _ in self.showHint() }
        frame.headerBar.packStart(hint.button)
        frame.headerBar.packEnd(menu.button)
        frame.headerBar.packEnd(autoplay.toggle)
    }

    private func buildGamePage() -> Widget {
        board.name = "board"
        board.canFocus = true
        board.accessibleName = localized("Game board")
        board.expandsHorizontally = true
        board.expandsVertically = true
        board.setSizeRequest(width: 200, height: 200)
        board.onDraw { [unowned self] area, context in
            // The board leaves room for its focus ring (GTK draws none on a drawing area).
            let bounds = area.bounds.insetBy(BoardPainter.focusRingRoom)
            let arrow =
                self.hint.spokenHint == nil
                ? nil
                : { (layout: BoardPainter.Layout) in
                    self.hint.draw(at: self.frameTime, layout: layout, dark: area.usesDarkColors, on: context)
                }
            self.painter.draw(
                self.animator.frame(at: self.frameTime, board: self.game.board),
                in: bounds, on: context, beneathNumbers: arrow)
            if area.hasFocus {
                self.painter.drawFocusRing(size: self.game.size, in: bounds, dark: area.usesDarkColors, on: context)
            }
            return .stop
        }
        board.onKeyPress(
            listing: ShortcutsGroup(
                title: localized("Playing"),
                shortcuts: [
                    Shortcut("Left Right Up Down", localized("Move the tiles")),
                    Shortcut("a d w s", localized("Move the tiles (left hand)")),
                    Shortcut("h l k j", localized("Move the tiles (Vim keys)")),
                    Shortcut("r", localized("Read the board aloud")),
                ])
        ) { [unowned self] _, key in self.handleMoveKey(key) }
        // Away from the board, its description follows the game (BoardSpeech).
        board.onFocusOut { [unowned self] _ in self.speech.describe(self.game.board) }
        board.onButtonPress { [unowned self] area, _, _, _, _ in
            self.autoplay.stop()  // a click or the start of a swipe takes the game back
            area.grabFocus()
            return .proceed
        }
        let drag = GestureDrag(widget: board)
        drag.onEnd { [unowned self] _, dx, dy in
            if let direction = MoveInput.direction(dx: dx, dy: dy) { self.play(direction) }
        }

        let page = Box(.vertical, spacing: 12)
        page.setMargins(12)
        page.append(scores.widget)
        page.append(board, expand: true)
        return page
    }

    // MARK: Pages

    private func showStartPage() {
        stack.visiblePageName = "start"
        updateControls()
        startPage.focus()
    }

    /// Shows the board; once a game has been shown, the start page offers to continue it.
    private func showGamePage(announcing announcement: String? = nil, presentingDialog: Bool = true) {
        stack.visiblePageName = "game"
        startPage.offerToContinue()
        refresh()
        speech.describe(game.board)  // a game shown anew, described before the focus comes
        board.grabFocus()
        if let announcement { board.announce(announcement) }
        if presentingDialog { presentDialogIfNeeded() }
    }

    // MARK: Input

    private func handleMoveKey(_ key: KeyEvent) -> Propagation {
        guard key.modifiers.isDisjoint(with: [.control, .alt, .superKey]) else { return .proceed }
        if BoardSpeech.readKeys.contains(key.keyval) {
            speech.read(game.board)
            return .stop
        }
        guard let direction = keyDirections[key.keyval] else { return .proceed }
        play(direction)
        return .stop
    }

    /// Any key stops Autoplay at once; a key that means something in play
    /// (a move, Ctrl+Z…) then does it, and any other key does nothing more,
    /// so the Space that stops Autoplay does not also press a button.
    private func handleWindowKey(_ key: KeyEvent) -> Propagation {
        guard autoplay.isRunning else { return .proceed }
        autoplay.stop()
        // A shortcut (Ctrl+Z…) goes on to its action.
        if key.modifiers.contains(.control) { return .proceed }
        if key.modifiers.isDisjoint(with: [.alt, .superKey]), let direction = keyDirections[key.keyval] {
            play(direction)
        }
        return .stop
    }

    /// Ctrl+Z, Ctrl+N and Ctrl+H: the window's actions (`demo.undo`…), as GNOME
    /// apps have them; each given once, for its accelerator and its listing.
    private func installActions(application: Application) {
        let actions = ActionGroup()
        let shortcuts: [(name: String, accelerator: String, title: String, run: @MainActor () -> Void)] = [
            ("undo", "<Primary>z", localized("Undo the last move"), { [unowned self] in self.undo() }),
            ("new-game", "<Primary>n", localized("New game"), { [unowned self] in self.startNewGame() }),
            ("hint", "<Primary>h", localized("Show a good move"), { [unowned self] in self.showHint() }),
        ]
        for shortcut in shortcuts {
            actions.addAction(shortcut.name, shortcut.run)
            application.setAccelerators([shortcut.accelerator], for: "demo.\(shortcut.name)")
        }
        window.insertActionGroup(actions, prefix: "demo")
        window.listShortcuts([
            ShortcutsGroup(title: localized("Playing"), shortcuts: shortcuts.map { Shortcut($0.accelerator, $0.title) })
        ])
    }

    private func play(_ direction: Direction, announcing: Bool = true) {
        guard stack.visiblePageName == "game", dialog == nil else { return }
        switch game.move(direction) {
        case .moved(let move):
            animator.play(move, after: game.board)
            best = SavedGame.recordScore(game.score, size: game.size, in: store)
            refresh()
            if announcing { board.announce(move.announcement(size: game.size, score: game.score)) }
            saver.schedule()
            startAnimating()
        case .unchanged:
            animator.shake()
            startAnimating()
        case .refused:
            presentDialogIfNeeded()
        }
    }

    private func undo() {
        guard stack.visiblePageName == "game" else { return }
        autoplay.stop()
        let returnsToPreviousGame = game.isAtStart
        guard game.undo() else { return }
        dialog?.destroy()
        dialog = nil
        animator.stop()
        refresh()
        board.announce(
            returnsToPreviousGame
                ? localized("Previous game restored, score {score}.").filling(["score": String(game.score)])
                : localized("Move undone."))
        saver.schedule()
        board.grabFocus()
    }

    /// A new game of the same size; the one left behind is one Undo away
    /// (undo rather than a confirmation, as the GNOME HIG prefers).
    private func startNewGame() {
        autoplay.stop()
        dialog?.destroy()
        dialog = nil
        game.restart()
        animator.stop()
        saver.schedule()
        showGamePage(announcing: localized("New game."))
    }

    /// Sets this size's game aside and resumes the one of `size`, or starts
    /// one: each size keeps its own game, so changing size loses nothing.
    private func switchSize(to size: Int) {
        autoplay.stop()
        guard size != game.size else { return showGamePage() }
        dialog?.destroy()
        dialog = nil
        SavedGame.save(game, to: store)
        let (resumed, problem) = store.savedGame(size: size)
        game = resumed ?? Game(size: size, random: SeededRandom())
        best = SavedGame.recordScore(game.score, size: size, in: store)
        animator.stop()
        saver.schedule()
        showGamePage(
            announcing: resumed == nil
                ? localized("New game.")
                : localized("The {n} × {n} game resumed, score {score}.").filling([
                    "n": String(size), "score": String(game.score),
                ]))
        if let problem { WindowNotice.show(problem, in: window) }
    }

    // MARK: Hint and Autoplay

    /// Asks the engine for a move; its arrow and its words come within 100 ms.
    private func showHint() {
        guard stack.visiblePageName == "game", dialog == nil else { return }
        autoplay.stop()
        board.grabFocus()
        hint.request(for: game.board) { [weak self] direction in
            guard let self else { return }
            guard let direction else {
                self.board.announce(localized("No move left."))
                return
            }
            self.speech.describe(self.game.board)
            self.board.announce(HintController.spoken(direction))
            self.startAnimating()
        }
    }

    private func setAutoplaySpeed(_ speed: AutoplaySpeed) {
        autoplay.speed = speed
        menu.show(size: game.size, speed: speed)
        store.setString(speed.rawValue, for: AutoplaySpeed.settingsKey)
        saver.schedule()
    }

    // MARK: Drawing and state

    private func startAnimating() {
        guard tickID == nil else { return }
        frameTime = MainLoop.monotonicTime
        tickID = board.addTickCallback { [unowned self] time in
            self.frameTime = time
            self.board.queueDraw()
            if self.animator.isAnimating || self.hint.isAppearing(at: time) { return true }
            self.tickID = nil
            self.presentDialogIfNeeded()
            return false
        }
    }

    /// Shows the score, the best, the menu's size and (BoardSpeech) the description.
    private func refresh() {
        scores.show(score: game.score, best: best)
        hint.invalidate(unless: game.board)
        updateControls()
        menu.show(size: game.size, speed: autoplay.speed)
        if !board.hasFocus { speech.describe(game.board) }
        board.queueDraw()
    }

    /// The header's Undo and the menu's agree: both only on the board, with a
    /// step to take back; Hint and Autoplay only while a move can be played.
    private func updateControls() {
        let onBoard = stack.visiblePageName == "game"
        let canUndo = game.canUndo && onBoard
        undoButton.isSensitive = canUndo
        menu.undoItem.isSensitive = canUndo
        let canPlay = onBoard && game.status == .playing
        hint.button.isSensitive = canPlay
        autoplay.toggle.isSensitive = canPlay || autoplay.isRunning
    }

    // MARK: Victory and defeat

    /// Shows Victory or Defeat once the board has caught up with the model.
    private func presentDialogIfNeeded() {
        guard dialog == nil, !animator.isAnimating, stack.visiblePageName == "game" else { return }
        let status = game.status
        guard status != .playing else { return }
        let won = status == .won
        let dialog = OutcomeDialog.make(won: won, score: game.score, parent: window) { [unowned self] choice in
            self.dialog = nil
            switch choice {
            case .newGame: self.startNewGame()
            case .undo: self.undo()
            case .keepGoing, .dismissed:
                // Closing the Victory dialog keeps playing, the gentler choice.
                if won {
                    self.game.keepGoing()
                    self.saver.schedule()
                    self.updateControls()
                }
            }
            self.board.grabFocus()
        }
        self.dialog = dialog  // a screen reader says its text (the score) as it appears
        dialog.present()
    }
}

extension Game2048View: AutoplayHost {
    var boardToPlay: Board? {
        stack.visiblePageName == "game" && dialog == nil && game.status == .playing ? game.board : nil
    }

    /// An ordinary move, saved and undoable, but not announced: at 25 moves a
    /// second a screen reader would only stammer. The board's description follows.
    /// The last move's save waits for an idle, which a busy main loop can
    /// hold back past the next autoplayed move: written first, so that each
    /// move is on disk before the next is played, however loaded the machine.
    func playAutomatically(_ direction: Direction) {
        saver.saveIfPending()
        play(direction, announcing: false)
    }

    func autoplayChanged(running: Bool) {
        if running {
            hint.clear()
            board.queueDraw()
            board.grabFocus()  // so that the next key, whatever it is, stops it
        }
        updateControls()
        board.announce(
            running
                ? localized("Autoplay started.")
                : localized("Autoplay stopped, score {score}.").filling(["score": String(game.score)]))
    }
}
