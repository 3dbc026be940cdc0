import DemoKit
import Game2048Model

/// Saves the game once the current burst of input is handled (an idle
/// callback), so a hundred queued key presses write the file once, not a
/// hundred times; and says so in the window when it cannot.
@MainActor
final class GameSaver {
    private let store: SettingsGameStore
    private unowned let window: Window
    /// The game as it is now, read when the save happens.
    private let current: () -> Game
    private var pending = false

    init(store: SettingsGameStore, window: Window, current: @escaping () -> Game) {
        self.store = store
        self.window = window
        self.current = current
    }

    /// A save once the main loop is idle (one for the whole burst).
    func schedule() {
        guard !pending else { return }
        pending = true
        window.idle { [weak self] in self?.saveIfPending() }
    }

    /// The save scheduled, now (the window closes, or the next autoplayed
    /// move must find this one on disk).
    func saveIfPending() {
        guard pending else { return }
        pending = false
        SavedGame.save(current(), to: store)
        if let problem = store.settings.save() {
            printError("demo-shell: warning: 2048: the game could not be saved: \(problem)")
            WindowNotice.show(
                localized("The game could not be saved: {reason}").filling(["reason": problem]), in: window)
        }
    }
}
