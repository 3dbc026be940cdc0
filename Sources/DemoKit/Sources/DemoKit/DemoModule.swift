@_exported import Gtk

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
/// @MainActor
/// final class HelloDemo: DemoModule {
///     func makeView(host: DemoHost) -> any DemoView {
///         let frame = DemoWindow(title: host.info.name, width: 400, height: 200)
///         frame.window.add(Label(localized("Hello")))
///         frame.window.showAll()
///         return frame
///     }
/// }
/// ```
@MainActor
public protocol DemoModule: AnyObject {
    /// Makes the module; the shell calls it once, on the main actor, when
    /// the demo is first opened (or checked, in a child process).
    init()

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
    /// The demo's window: the SDK keeps the view for as long as this window
    /// lives, and frees it when the window is destroyed.
    var window: Window { get }
}
