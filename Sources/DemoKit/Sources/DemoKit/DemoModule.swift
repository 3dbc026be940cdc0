@_exported import Gtk

/// What every demo plugin provides.
///
/// A plugin is a shared library with a manifest (`NAME.plugin`) beside it. The
/// shell lists demos from manifests alone and opens a library the first time
/// its demo is opened, then calls its `@_cdecl` entry points:
///
/// ```swift
/// @_cdecl("demo_shell_plugin_abi")
/// public func pluginABI() -> Int32 { DemoKit.abiVersion }
///
/// @_cdecl("demo_shell_plugin_create")
/// public func createPlugin() -> UnsafeMutableRawPointer {
///     DemoPlugin.export { SayHelloDemo() }
/// }
/// ```
@MainActor
public protocol DemoModule: AnyObject {
    /// Builds the demo's top-level window. Called whenever the demo is opened
    /// and has no window; the shell presents an existing window instead.
    func makeWindow(host: DemoHost) -> Window
}

/// The SDK's version contract with plugins.
public enum DemoKit {
    /// Bumped whenever `DemoModule` or `DemoHost` change incompatibly. A plugin
    /// whose manifest or entry point names another number is not loaded.
    public static let abiVersion: Int32 = 1

    /// The symbol returning the plugin's ABI number (`Int32`, C calling convention).
    public static let abiSymbol = "demo_shell_plugin_abi"

    /// The symbol returning a retained `DemoModule` instance.
    public static let createSymbol = "demo_shell_plugin_create"

    /// The gettext domain of the shell and its built-in demos.
    public static let textDomain = "demo-shell"
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

    /// Takes ownership of a pointer made by `export`; nil if it is no `DemoModule`.
    public static func `import`(_ pointer: UnsafeMutableRawPointer) -> DemoModule? {
        Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? DemoModule
    }
}
