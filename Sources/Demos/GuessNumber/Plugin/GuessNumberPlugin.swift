import DemoKit

/// Guess the Number: find the secret with a two-column picker.
@MainActor
final class GuessNumberDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        GuessNumberView(title: host.info.name).window
    }
}

@_cdecl("demo_shell_plugin_abi")
public func demoShellPluginABI() -> Int32 { DemoKit.abiVersion }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { GuessNumberDemo() }
}
