internal import CGtk

/// A `GtkApplication`: one per process; owns the windows and the main loop.
@MainActor
public final class Application: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_application_get_type() }

    /// Emits "activate" (in the primary instance when this one is remote).
    public func activate() { g_application_activate(cast(GApplication.self)) }

    /// The id it was made with ("io.github.demoshell.DemoShell").
    public var id: String? { g_application_get_application_id(cast(GApplication.self)).map { String(cString: $0) } }

    /// Ends the application's main loop, and so the program; a demo never
    /// calls it (closing its window is enough).
    public func quit() { g_application_quit(cast(GApplication.self)) }

    /// Keeps the application running with no window open (balance with `release`).
    public func hold() { g_application_hold(cast(GApplication.self)) }
    /// Lets the application end once no window is open, balancing a `hold()`.
    public func release() { g_application_release(cast(GApplication.self)) }

    /// The application's windows, most recently focused first.
    public var windows: [Window] {
        pointers(in: gtk_application_get_windows(cast())).map { Object.wrap($0, as: Window.self) }
    }

    /// The window of the application that was focused last, if any.
    public var activeWindow: Window? {
        gtk_application_get_active_window(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Window.self) }
    }

    /// Adds `window` to the application, which runs as long as one of its windows is open.
    public func add(_ window: Window) { gtk_application_add_window(cast(), window.cast()) }

    /// Adds an action `app.NAME`; `parameter` true means it takes a string.
    /// With `state`, the action holds a string state (see `setState`), which
    /// a remote caller can read (`RemoteAction`).
    public func addAction(
        _ name: String, takesString: Bool = false, state: String? = nil,
        _ handler: @escaping @MainActor (String?) -> Void
    ) {
        let action = makeSimpleAction(name, takesString: takesString, state: state, handler)
        g_action_map_add_action(OpaquePointer(raw), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Sets the string state of the stateful action `app.NAME`.
    public func setState(_ state: String, ofAction name: String) {
        guard let action = g_action_map_lookup_action(OpaquePointer(raw), name) else { return }
        g_simple_action_set_state(action, g_variant_new_string(state))
    }

    /// Activates `app.NAME`, in the primary instance when this one is remote.
    public func activateAction(_ name: String, string: String? = nil) {
        let parameter = string.map { g_variant_new_string($0) }
        g_action_group_activate_action(OpaquePointer(raw), name, parameter ?? nil)
    }

    /// Binds keyboard shortcuts (e.g. "<Control>q") to an action ("app.quit").
    public func setAccelerators(_ accelerators: [String], for action: String) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(cast(), action, $0) }
    }

    /// Runs `handler` when the application is started (or started again from
    /// elsewhere), where it shows its window.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Application) -> Void) -> UInt { on("activate", handler) }
}
