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
            Shortcut("0...9 period", localized("Type a number")),
            Shortcut("plus minus asterisk slash", localized("Add, subtract, multiply, divide")),
            Shortcut("Return equal", localized("Equals")),
            Shortcut("BackSpace", localized("Remove the last digit")),
            Shortcut("Escape Delete", localized("Clear")),
            Shortcut("<Primary>c", localized("Copy the display")),
            Shortcut("<Primary>v <Shift>Insert", localized("Paste a number")),
        ])]
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { CalculatorDemo() }
}
