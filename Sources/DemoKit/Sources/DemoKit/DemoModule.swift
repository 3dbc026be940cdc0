@_exported import Gtk
@_spi(Shell) import Gtk

/// What every demo plugin provides.
///
/// A plugin is a shared library with a manifest (`NAME.plugin`) beside it. The
/// shell lists demos from manifests alone and opens a library the first time
/// its demo is opened. The manifest names the plugin's one class of this
/// protocol (`Entry=SayHelloDemo`); the shell finds it by name in the
/// library and makes it with `init()`, so a plugin has no entry function and
/// no pointer of its own (a `final class` satisfies `init()` with its
/// implicit initialiser):
///
/// ```swift
/// final class SayHelloDemo: DemoModule {
///     func makeWindow(host: DemoHost) -> Window { SayHelloView(host: host).window }
/// }
/// ```
@MainActor
public protocol DemoModule: AnyObject {
    /// Makes the module; the shell calls it once, on the main actor, when
    /// the demo is first opened (or checked, in a child process).
    init()

    /// Builds the demo's top-level window. Called whenever the demo is opened
    /// and has no window; the shell presents an existing window instead.
    func makeWindow(host: DemoHost) -> Window

    /// The demo's own keyboard shortcuts, as the Keyboard Shortcuts window
    /// (Ctrl+?) lists them beside the shell's; none by default.
    var shortcuts: [ShortcutsGroup] { get }
}

extension DemoModule {
    public var shortcuts: [ShortcutsGroup] { [] }
}

/// The SDK's version contract with plugins, as plugins name it; the values
/// live in `SDKContract` (DemoBasics), where the shell's GTK-free model
/// reads them too.
public enum DemoKit {
    public static let abiVersion = SDKContract.abiVersion
    /// The gettext domain of the shell and its built-in demos.
    @_spi(Shell) public static let textDomain = Gettext.shellDomain
    /// The compiler the SDK was built with.
    @_spi(Shell) public static var compilerVersion: String { SDKContract.compilerVersion }
}
