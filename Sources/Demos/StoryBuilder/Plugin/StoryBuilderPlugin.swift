import DemoKit

/// Story Builder: three words and a template make a story.
@MainActor
final class StoryBuilderDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        StoryBuilderView(host: host)
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { StoryBuilderDemo() }
}
