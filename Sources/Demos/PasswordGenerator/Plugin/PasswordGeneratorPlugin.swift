import DemoKit

/// Password Generator: the book's Amuck Password Generator, made secure.
@MainActor
final class PasswordGeneratorDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        PasswordGeneratorView(host: host).window
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Navigating"), shortcuts: [
            Shortcut("Escape", localized("Back to the front")),
        ])]
    }
}
