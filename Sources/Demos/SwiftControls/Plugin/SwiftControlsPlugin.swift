import DemoKit

/// Swift Controls: a list sliding to a label page and a button page, after
/// the book's Swift UILabel and UIButton example.
@MainActor
final class SwiftControlsDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        SwiftControlsView(host: host).window
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Navigating"), shortcuts: [
            Shortcut("Escape <Alt>Left", localized("Back to the list")),
        ])]
    }
}
