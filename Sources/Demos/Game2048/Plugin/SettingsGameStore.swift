import DemoKit
import Game2048Model

/// `host.settings` as the model's `GameStore`.
@MainActor
final class SettingsGameStore: @MainActor GameStore {
    let settings: Settings
    init(settings: Settings) { self.settings = settings }
    func string(_ key: String) -> String? { settings.string(key) }
    func setString(_ value: String, for key: String) { settings.set(value, for: key) }
    func removeValue(for key: String) { settings.remove(key) }
}

extension SettingsGameStore {
    /// The saved game of `size`, or nil and, when it could not be resumed,
    /// what to tell the person (its file is copied aside first).
    func savedGame(size: Int) -> (Game?, String?) {
        switch SavedGame.load(size: size, from: self) {
        case .none:
            return (nil, nil)
        case .game(let state, let history):
            return (Game(state: state, history: history, random: SeededRandom()), nil)
        case .corrupt(let reason):
            // The damaged game is copied aside before its keys are replaced.
            let copy = settings.keepCopy()
            printError(
                "demo-shell: warning: 2048: \(reason); starting a new game"
                    + (copy.map { ", the old file is kept as \($0)" } ?? ""))
            SavedGame.clear(size: size, in: self)
            _ = settings.save()
            return (
                nil,
                copy.map {
                    localized(
                        "The saved game could not be resumed, so a new game starts. The old file is kept as {backup}."
                    )
                    .filling(["backup": $0])
                } ?? localized("The saved game could not be resumed, so a new game starts.")
            )
        }
    }
}
