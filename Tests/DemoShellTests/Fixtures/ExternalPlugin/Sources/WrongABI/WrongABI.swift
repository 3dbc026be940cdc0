import DemoKit

/// Claims ABI 1 in its manifest but was "built" for another SDK.
@MainActor
final class WrongDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window { Window(title: "never") }
}

@_cdecl("demo_shell_plugin_abi")
public func demoShellPluginABI() -> Int32 { DemoKit.abiVersion + 98 }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { WrongDemo() }
}
