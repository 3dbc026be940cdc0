import DemoKit

/// Say Hello, the reference plugin: read it to see the shape every demo has.
@MainActor
final class SayHelloDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        SayHelloView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { SayHelloDemo() }
}
