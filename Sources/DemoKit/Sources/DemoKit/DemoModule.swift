@_exported import Gtk

/// What every demo plugin provides.
///
/// A plugin is a shared library with a manifest (`NAME.plugin`) beside it. The
/// shell lists demos from manifests alone and opens a library the first time
/// its demo is opened, then calls its `@_cdecl` entry points:
///
/// ```swift
/// @_cdecl("demo_shell_plugin_sdk")
/// public func pluginSDK() -> UnsafePointer<CChar> { SDKContract.sdkIdentity }
///
/// @_cdecl("demo_shell_plugin_create")
/// public func createPlugin() -> UnsafeMutableRawPointer {
///     DemoPlugin.export { SayHelloDemo() }
/// }
/// ```
@MainActor
public protocol DemoModule: AnyObject {
    /// Builds the demo's view: its top-level window and what runs it. Called
    /// whenever the demo is opened and has no window; the shell presents an
    /// existing window instead. The SDK keeps the view for as long as its
    /// window lives, so a view's handlers may hold it `unowned`.
    func makeView(host: DemoHost) -> any DemoView
}

/// What a demo's `makeView` returns: an object with its window (a
/// `DemoWindow` will do for a view with no state of its own).
@MainActor
public protocol DemoView: AnyObject {
    var window: Window { get }
}

/// Helpers for a plugin's entry point.
public enum DemoPlugin {
    /// Makes the module on the main actor (where the shell calls the entry
    /// point) and hands it over as a retained opaque pointer.
    public nonisolated static func export(_ make: @MainActor () -> DemoModule) -> UnsafeMutableRawPointer {
        let address = MainActor.assumeIsolated {
            UInt(bitPattern: Unmanaged.passRetained(make() as AnyObject).toOpaque())
        }
        return UnsafeMutableRawPointer(bitPattern: address)!
    }
}
