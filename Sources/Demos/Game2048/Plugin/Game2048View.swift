import DemoKit
import Game2048Model

/// The 2048 window: a start screen, then the score boxes over one drawing
/// area that shows the board. Every rule is `Game`'s; this wires input to
/// it, animates what it reports and saves it after every move.
@MainActor
final class Game2048View {
    let window: Window
    private let frame: DemoWindow
    private let stack = Stack(transition: .crossfade)
    private let board = DrawingArea()
    private let scoreLabel = Label()
    private let bestLabel = Label()
    private let startButton = Button(label: localized("_Start Game"))
    private let freshButton = Button(label: localized("_New Game"))
    private let undoButton = Button(iconName: "edit-undo-symbolic", name: localized("Undo"))
    private let menuButton = MenuButton(name: localized("Main Menu"))
    private let undoItem = ModelButton(text: localized("_Undo"))
    private var sizeItems: [(size: Int, item: ModelButton)] = []
    private let painter = BoardPainter()
    private let store: SettingsGameStore

    private var game: Game
    private var best = 0
    private var animator = BoardAnimator()
    private var tickID: UInt32?
    private var frameTime: Int64 = 0
    private var dialog: MessageDialog?
    private var savePending = false
    private var keyDirections: [UInt32: Direction] = [:]

    init(title: String, settings: Settings) {
        store = SettingsGameStore(settings: settings)
        frame = DemoWindow(title: title, width: 460, height: 560)
        window = frame.window

        let size = SavedGame.lastSize(in: store)
        let (resumed, resumeProblem) = store.savedGame(size: size) // told once the window is up
        game = resumed ?? Game(size: size, random: SeededRandom())
        best = SavedGame.recordScore(game.score, size: game.size, in: store)
        for (name, direction) in MoveInput.keyNames { keyDirections[Key.named(name)] = direction }

        buildHeaderBar()
        stack.addPage(buildStartPage(resuming: resumed != nil), name: "start")
        stack.addPage(buildGamePage(), name: "game")
        window.add(stack)

        window.onKeyPress { [unowned self] _, key in self.handleShortcut(key) }
        window.onDestroy { [unowned self] _ in
            if self.savePending { self.save() }
            self.dialog?.destroy()
        }
        window.retain(self)
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

        let popover = Popover(relativeTo: menuButton)
        let items = Box(.vertical)
        items.setMargins(10)
        let newGame = ModelButton(text: localized("_New Game"))
        newGame.onClicked { [unowned self] _ in self.startNewGame() }
        undoItem.onClicked { [unowned self] _ in self.undo() }
        items.append(newGame)
        items.append(undoItem)
        items.append(Separator(.horizontal), padding: 4)
        let heading = Label(localized("Board Size"))
        heading.xAlign = 0
        heading.addStyleClass("dim-label")
        heading.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        items.append(heading)
        for size in Board.minimumSize...Board.maximumSize {
            let item = ModelButton(text: localized("{n} × {n}").filling(["n": String(size)]), role: .radio)
            item.onClicked { [unowned self] _ in self.switchSize(to: size) }
            items.append(item)
            sizeItems.append((size, item))
        }
        items.showAll()
        popover.add(items)
        menuButton.popover = popover
        frame.headerBar.packEnd(menuButton)
    }

    private func buildStartPage(resuming: Bool) -> Widget {
        let title = Label()
        title.setMarkup("<span size='400%' weight='heavy'>2048</span>")
        let tagline = Label(localized("Join the numbers and get to the 2048 tile!"))
        tagline.wraps = true
        tagline.justification = .center
        tagline.addStyleClass("dim-label")

        startButton.label = resuming ? localized("_Continue") : localized("_Start Game")
        startButton.accessibleName = resuming ? localized("Continue") : localized("Start Game")
        startButton.addStyleClass("suggested-action")
        startButton.onClicked { [unowned self] _ in self.showGamePage() }
        freshButton.onClicked { [unowned self] _ in self.startNewGame() }
        freshButton.isVisible = resuming
        freshButton.setProperty("no-show-all", true)

        let page = Box(.vertical, spacing: 12)
        page.setMargins(36)
        page.verticalAlignment = .center
        page.horizontalAlignment = .center
        page.append(title)
        page.append(tagline, padding: 12)
        for button in [startButton, freshButton] {
            button.setSizeRequest(width: 220, height: 44)
            button.horizontalAlignment = .center
            page.append(button)
        }
        return page
    }

    private func buildGamePage() -> Widget {
        let css = CssProvider()
        css.load("""
            label { background-color: #000; color: #fff; font-weight: bold; border-radius: 6px; padding: 6px 14px; }
            """)
        scoreLabel.name = "score"
        bestLabel.name = "best"
        for label in [scoreLabel, bestLabel] {
            label.addStyleProvider(css)
            label.canFocus = false
        }
        let scores = Box(.horizontal, spacing: 8)
        scores.horizontalAlignment = .center
        scores.append(scoreLabel)
        scores.append(bestLabel)

        board.name = "board"
        board.canFocus = true
        board.accessibleName = localized("Game board")
        board.expandsHorizontally = true
        board.expandsVertically = true
        board.setSizeRequest(width: 200, height: 200)
        board.onDraw { [unowned self] area, context in
            self.painter.draw(self.animator.frame(at: self.frameTime, board: self.game.board),
                              in: area.bounds, on: context)
            return .stop
        }
        board.onKeyPress { [unowned self] _, key in self.handleMoveKey(key) }
        board.onButtonPress { area, _, _, _, _ in
            area.grabFocus()
            return .proceed
        }
        let drag = GestureDrag(widget: board)
        drag.onEnd { [unowned self] _, dx, dy in
            if let direction = MoveInput.direction(dx: dx, dy: dy) { self.play(direction) }
        }

        let page = Box(.vertical, spacing: 12)
        page.setMargins(12)
        page.append(scores)
        page.append(board, expand: true)
        return page
    }

    // MARK: Pages

    private func showStartPage() {
        stack.visiblePageName = "start"
        updateUndo()
        startButton.grabFocus()
    }

    /// Shows the board; once a game has been shown, the start page offers to continue it.
    private func showGamePage(announcing announcement: String? = nil, presentingDialog: Bool = true) {
        stack.visiblePageName = "game"
        startButton.label = localized("_Continue")
        startButton.accessibleName = localized("Continue")
        freshButton.isVisible = true
        refresh()
        board.grabFocus()
        if let announcement { board.announce(announcement) }
        if presentingDialog { presentDialogIfNeeded() }
    }

    // MARK: Input

    private func handleMoveKey(_ key: KeyEvent) -> Propagation {
        guard key.modifiers.isDisjoint(with: [.control, .alt, .superKey]),
              let direction = keyDirections[key.keyval] else { return .proceed }
        play(direction)
        return .stop
    }

    private func handleShortcut(_ key: KeyEvent) -> Propagation {
        guard key.modifiers == .control else { return .proceed }
        switch key.keyval {
        case Key.character("z"), Key.character("Z"):
            guard stack.visiblePageName == "game" else { return .proceed }
            undo()
        case Key.character("n"), Key.character("N"):
            startNewGame()
        default:
            return .proceed
        }
        return .stop
    }

    private func play(_ direction: Direction) {
        guard stack.visiblePageName == "game", dialog == nil else { return }
        switch game.move(direction) {
        case .moved(let move):
            animator.play(move, after: game.board)
            best = SavedGame.recordScore(game.score, size: game.size, in: store)
            refresh()
            board.announce(announcement(for: move))
            scheduleSave()
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
        let returnsToPreviousGame = game.isAtStart
        guard game.undo() else { return }
        dialog?.destroy()
        dialog = nil
        animator.stop()
        refresh()
        board.announce(returnsToPreviousGame
            ? localized("Previous game restored, score {score}.").filling(["score": String(game.score)])
            : localized("Move undone."))
        scheduleSave()
        board.grabFocus()
    }

    /// A new game of the same size; the one left behind is one Undo away
    /// (undo rather than a confirmation, as the GNOME HIG prefers).
    private func startNewGame() {
        dialog?.destroy()
        dialog = nil
        game.restart()
        animator.stop()
        scheduleSave()
        showGamePage(announcing: localized("New game."))
    }

    /// Sets this size's game aside and resumes the one of `size`, or starts
    /// one: each size keeps its own game, so changing size loses nothing.
    private func switchSize(to size: Int) {
        guard size != game.size else { return showGamePage() }
        dialog?.destroy()
        dialog = nil
        SavedGame.save(game, to: store)
        let (resumed, problem) = store.savedGame(size: size)
        game = resumed ?? Game(size: size, random: SeededRandom())
        best = SavedGame.recordScore(game.score, size: size, in: store)
        animator.stop()
        scheduleSave()
        showGamePage(announcing: resumed == nil ? localized("New game.")
            : localized("The {n} × {n} game resumed, score {score}.").filling(["n": String(size), "score": String(game.score)]))
        if let problem { WindowNotice.show(problem, in: window) }
    }

    // MARK: Drawing and state

    private func startAnimating() {
        guard tickID == nil else { return }
        frameTime = MainLoop.monotonicTime
        tickID = board.addTickCallback { [unowned self] time in
            self.frameTime = time
            self.board.queueDraw()
            if self.animator.isAnimating { return true }
            self.tickID = nil
            self.presentDialogIfNeeded()
            return false
        }
    }

    /// Shows the score, the best, the menu's size and the board's description.
    private func refresh() {
        scoreLabel.text = localized("SCORE: {score}").filling(["score": String(game.score)])
        bestLabel.text = localized("BEST: {best}").filling(["best": String(best)])
        updateUndo()
        for (size, item) in sizeItems { item.isActive = size == game.size }
        board.accessibleDescription = game.board.spokenDescription(empty: localized("empty"))
        board.queueDraw()
    }

    /// The header's Undo and the menu's agree: both only on the board, with a step to take back.
    private func updateUndo() {
        let canUndo = game.canUndo && stack.visiblePageName == "game"
        undoButton.isSensitive = canUndo
        undoItem.isSensitive = canUndo
    }

    private func announcement(for move: Move) -> String {
        let direction = switch move.direction {
        case .up: localized("Moved up.")
        case .down: localized("Moved down.")
        case .left: localized("Moved left.")
        case .right: localized("Moved right.")
        }
        var parts = [direction]
        if !move.mergedExponents.isEmpty {
            let tiles = move.mergedExponents.map { String(Board.value(ofExponent: $0)) }.joined(separator: ", ")
            parts.append(localized("Merged {tiles}, +{points}.").filling(["tiles": tiles, "points": String(move.points)]))
        }
        if let spawn = move.spawn {
            parts.append(localized("New {value} at row {row}, column {column}.").filling([
                "value": String(Board.value(ofExponent: spawn.exponent)),
                "row": String(spawn.cell / game.size + 1), "column": String(spawn.cell % game.size + 1),
            ]))
        }
        return parts.joined(separator: " ")
    }

    // MARK: Victory and defeat

    private static let keepGoing = Response.custom(1)
    private static let newGame = Response.custom(2)
    private static let undoResponse = Response.custom(3)

    /// Shows Victory or Defeat once the board has caught up with the model.
    private func presentDialogIfNeeded() {
        guard dialog == nil, !animator.isAnimating, stack.visiblePageName == "game" else { return }
        let status = game.status
        guard status != .playing else { return }
        let won = status == .won
        let dialog = MessageDialog(parent: window, kind: .info,
                                   title: won ? localized("Victory") : localized("Defeat"),
                                   detail: won ? localized("You won!") : localized("You lost..."))
        if won {
            dialog.addButton(localized("_New Game"), response: Self.newGame)
            dialog.addButton(localized("_Keep Going"), response: Self.keepGoing)
            dialog.setDefaultResponse(Self.keepGoing)
        } else {
            dialog.addButton(localized("_Undo"), response: Self.undoResponse)
            dialog.addButton(localized("_New Game"), response: Self.newGame)
            dialog.setDefaultResponse(Self.newGame)
        }
        dialog.onResponse { [unowned self] dialog, response in
            dialog.destroy()
            self.dialog = nil
            switch response {
            case Self.newGame: self.startNewGame()
            case Self.undoResponse: self.undo()
            case Self.keepGoing, .deleteEvent:
                // Closing the Victory dialog keeps playing, the gentler choice.
                if won {
                    self.game.keepGoing()
                    self.scheduleSave()
                }
            default: break
            }
            self.board.grabFocus()
        }
        self.dialog = dialog
        board.announce(won ? localized("You won!") : localized("You lost..."))
        dialog.present()
    }

    // MARK: Saving

    /// Saves once the current burst of input is handled (an idle callback),
    /// so a hundred queued key presses write the file once, not a hundred times.
    private func scheduleSave() {
        guard !savePending else { return }
        savePending = true
        board.idle { [weak self] in
            guard let self, self.savePending else { return }
            self.save()
        }
    }

    private func save() {
        savePending = false
        SavedGame.save(game, to: store)
        if let problem = store.settings.save() {
            printError("demo-shell: warning: 2048: the game could not be saved: \(problem)")
            WindowNotice.show(localized("The game could not be saved: {reason}").filling(["reason": problem]), in: window)
        }
    }
}
