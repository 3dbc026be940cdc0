import DemoKit

/// Guess the Number: find the secret with a two-column picker.
@MainActor
final class GuessNumberDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        GuessNumberView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { GuessNumberDemo() }
}
