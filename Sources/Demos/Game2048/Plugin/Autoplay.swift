import DemoKit
import Game2048Model

/// How fast Autoplay plays, as the main menu offers it.
enum AutoplaySpeed: String, CaseIterable {
    case slow, normal, fast

    static let settingsKey = "autoplay-speed"

    /// The shortest time between two moves, in milliseconds: slow lets every
    /// slide and pop finish; fast plays 25 moves a second where the machine allows.
    var interval: Int {
        switch self {
        case .slow: 600
        case .normal: 200
        case .fast: 40
        }
    }

    /// The engine's time per move, within the interval (the search for the
    /// next move runs while the last one animates); fast leaves most of its
    /// 40 ms free, so a busy machine still keeps up 20 moves a second.
    var searchMilliseconds: Double {
        switch self {
        case .slow, .normal: 50
        case .fast: 15
        }
    }

    var title: String {
        switch self {
        case .slow: localized("Slow")
        case .normal: localized("Normal")
        case .fast: localized("Fast")
        }
    }
}

/// What Autoplay needs of the game view.
@MainActor
protocol AutoplayHost: AnyObject {
    /// The board to play on, or nil when no move may be played now (won and
    /// awaiting a choice, lost, a dialog up, the start page).
    var boardToPlay: Board? { get }
    /// Plays a move through the same path as a key press.
    func playAutomatically(_ direction: Direction)
    /// Autoplay started or stopped (the view tells screen readers and updates its controls).
    func autoplayChanged(running: Bool)
}

/// The Autoplay toggle and its loop: ask the engine for a move, wait for the
/// speed's interval since the last move, play it, and again, until the game
/// is won (unless the player chose Keep Going), lost, or the player acts.
@MainActor
final class Autoplay {
    let toggle = ToggleButton(label: localized("_Autoplay"))
    private(set) var isRunning = false
    var speed: AutoplaySpeed
    weak var host: AutoplayHost?
    private let suggester: MoveSuggester
    private var lastMove: Int64 = 0
    private var pendingMove: SourceID?
    /// Set while the toggle is changed from here, so its handler does not react.
    private var updatingToggle = false

    init(suggester: MoveSuggester, speed: AutoplaySpeed) {
        self.suggester = suggester
        self.speed = speed
        toggle.tooltip = localized("Let the computer play (any key stops it)")
        // Its mnemonic; any key stops it (Game2048View.handleWindowKey).
        toggle.listShortcuts([
            ShortcutsGroup(
                title: localized("Autoplay"),
                shortcuts: [
                    Shortcut("<Alt>a", localized("Start Autoplay (any key stops it)"))
                ])
        ])
        toggle.onToggled { [unowned self] toggle in
            guard !self.updatingToggle else { return }
            if toggle.isActive { self.start() } else { self.stop() }
        }
    }

    /// Starts playing (as the toggle does).
    func start() {
        guard !isRunning else { return }
        guard host?.boardToPlay != nil else { return setToggle(false) }
        isRunning = true
        setToggle(true)
        lastMove = 0
        host?.autoplayChanged(running: true)
        searchNext()
    }

    /// Stops at once: no move is played after this, and the search under way is dropped.
    func stop() {
        guard isRunning else { return setToggle(false) }
        halt()
        setToggle(false)
        host?.autoplayChanged(running: false)
    }

    /// Stops without a word or a widget touched (the window is closing).
    func halt() {
        isRunning = false
        suggester.cancel()
        pendingMove?.cancel()
        pendingMove = nil
    }

    private func setToggle(_ active: Bool) {
        guard toggle.isActive != active else { return }
        updatingToggle = true
        toggle.isActive = active
        updatingToggle = false
    }

    private func searchNext() {
        guard isRunning else { return }
        guard let board = host?.boardToPlay else { return stop() }
        suggester.suggest(for: board, milliseconds: speed.searchMilliseconds) { [weak self] direction in
            guard let self, self.isRunning else { return }
            guard let direction else { return self.stop() }
            let wait = Int((self.lastMove + Int64(self.speed.interval) * 1000 - MainLoop.monotonicTime) / 1000)
            if wait <= 0 {
                self.play(direction)
            } else {
                self.pendingMove = self.toggle.after(milliseconds: wait) { [weak self] in
                    self?.pendingMove = nil
                    self?.play(direction)
                }
            }
        }
    }

    private func play(_ direction: Direction) {
        guard isRunning, let host else { return }
        lastMove = MainLoop.monotonicTime
        host.playAutomatically(direction)
        searchNext()
    }
}
