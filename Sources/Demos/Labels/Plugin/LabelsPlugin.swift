import DemoKit

/// Labels: text in fonts, colours and alignments, after the book's UILabel.
@MainActor
final class LabelsDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        LabelsView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { LabelsDemo() }
}
