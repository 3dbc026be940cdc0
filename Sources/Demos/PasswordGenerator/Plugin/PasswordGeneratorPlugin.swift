import DemoKit

/// Password Generator: the book's Amuck Password Generator, made secure.
@MainActor
final class PasswordGeneratorDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        PasswordGeneratorView(host: host).window
    }
}

@_cdecl("demo_shell_plugin_abi")
public func demoShellPluginABI() -> Int32 { DemoKit.abiVersion }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { PasswordGeneratorDemo() }
}
