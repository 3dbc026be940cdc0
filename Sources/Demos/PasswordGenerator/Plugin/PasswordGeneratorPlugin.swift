import DemoKit

/// Password Generator: the book's Amuck Password Generator, made secure.
@MainActor
final class PasswordGeneratorDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        PasswordGeneratorView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { PasswordGeneratorDemo() }
}
