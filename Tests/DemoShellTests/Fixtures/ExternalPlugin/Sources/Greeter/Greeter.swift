import DemoKit

/// A minimal external demo: one window with a label and a button.
@MainActor
final class GreeterDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        let window = Window(title: host.info.name)
        let button = Button(label: "External button")
        window.add(button)
        window.showAll()
        return window
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { GreeterDemo() }
}
