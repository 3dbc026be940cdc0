import DemoKit

/// 2048 on one drawing area; the rules are `Game2048Model`'s.
@MainActor
final class Game2048Demo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        Game2048View(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { Game2048Demo() }
}
