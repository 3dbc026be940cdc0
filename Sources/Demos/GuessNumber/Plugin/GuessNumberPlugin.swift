import DemoKit

/// Guess the Number: find the secret with a two-column picker.
@MainActor
final class GuessNumberDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        GuessNumberView(host: host)
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Guessing"), shortcuts: [
            Shortcut("Up Down", localized("Choose a digit")),
            Shortcut("Tab <Shift>Tab", localized("The next or previous control (each column is one stop)")),
            Shortcut("Return KP_Enter", localized("Guess")),
        ])]
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { GuessNumberDemo() }
}
