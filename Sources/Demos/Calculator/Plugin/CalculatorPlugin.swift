import DemoKit

/// The Calculator: the original chapter's calculator whose keys are pictures,
/// with arithmetic people can trust (exact, rounded only on the display).
@MainActor
final class CalculatorDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        CalculatorView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { CalculatorDemo() }
}
