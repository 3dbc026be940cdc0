import ButtonsModel
import DemoKit

/// Buttons: a button that opens a dialog, and the book's button types.
@MainActor
final class ButtonsDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        ButtonsView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { ButtonsDemo() }
}
