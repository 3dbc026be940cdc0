import DemoKit

/// The Calculator: the original chapter's calculator whose keys are pictures,
/// with arithmetic people can trust (exact, rounded only on the display).
@MainActor
final class CalculatorDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        CalculatorView(host: host).window
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Calculating"), shortcuts: [
            Shortcut("0...9 period comma", localized("Type a number")),
            Shortcut("plus minus asterisk slash", localized("Add, subtract, multiply, divide")),
            Shortcut("Return KP_Enter equal", localized("Equals")),
            Shortcut("BackSpace", localized("Remove the last digit")),
            Shortcut("Escape Delete", localized("Clear")),
            Shortcut("<Primary>c", localized("Copy the display")),
            Shortcut("<Primary>v <Shift>Insert", localized("Paste a number")),
        ]), ShortcutsGroup(title: localized("The keys on screen"), shortcuts: [
            Shortcut("Tab <Shift>Tab Left Right Up Down", localized("Move the focus among the keys")),
            Shortcut("space", localized("Press the focused key")),
        ])]
    }
}
