import DemoKit

/// Labels: text in fonts, colours and alignments, after the book's UILabel.
@MainActor
final class LabelsDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        LabelsView(title: host.info.name).window
    }
}

@_cdecl("demo_shell_plugin_abi")
public func demoShellPluginABI() -> Int32 { DemoKit.abiVersion }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { LabelsDemo() }
}
