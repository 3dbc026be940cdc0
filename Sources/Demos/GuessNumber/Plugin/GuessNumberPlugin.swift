import DemoKit

/// Guess the Number: find the secret with a two-column picker.
@MainActor
final class GuessNumberDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        GuessNumberView(host: host).window
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Guessing"), shortcuts: [
            Shortcut("Up Down", localized("Choose a digit")),
            Shortcut("Tab <Shift>Tab", localized("The next or previous control (each column is one stop)")),
            Shortcut("Return KP_Enter", localized("Guess")),
        ])]
    }
}
