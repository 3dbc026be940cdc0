import CGtk

/// A `GtkApplication`: one per process; owns the windows and the main loop.
@MainActor
public final class Application: Object {
    override public class var gtkType: GType { gtk_application_get_type() }

    /// A unique application: a second launch talks to the first over D-Bus.
    @_spi(Shell) public convenience init(id: String, unique: Bool = true) {
        let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        self.init(raw: UnsafeMutableRawPointer(gtk_application_new(id, flags)), transfer: .full)
        MainActorSource.attach()
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    @_spi(Shell) public func run(arguments: [String]) -> Int32 {
        withCStringArray(arguments) { argv in
            argv.withMemoryRebound(to: UnsafeMutablePointer<CChar>?.self, capacity: arguments.count + 1) {
                g_application_run(cast(GApplication.self), Int32(arguments.count), $0)
            }
        }
    }

    /// Registers on the session bus; afterwards `isRemote` tells whether another
    /// instance is already primary. Returns an error message on failure.
    @_spi(Shell) public func register() -> String? {
        var error: UnsafeMutablePointer<GError>?
        g_application_register(cast(GApplication.self), nil, &error)
        return GLibError.take(error)
    }

    /// Emits "activate" (in the primary instance when this one is remote).
    public func activate() { g_application_activate(cast(GApplication.self)) }

    /// Sends pending D-Bus messages before a remote instance exits.
    @_spi(Shell) public func flush() {
        if let connection = g_application_get_dbus_connection(cast(GApplication.self)) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
    }

    @_spi(Shell) public var isRemote: Bool { g_application_get_is_remote(cast(GApplication.self)).bool }

    /// The id it was made with ("io.github.demoshell.DemoShell").
    public var id: String? { g_application_get_application_id(cast(GApplication.self)).map { String(cString: $0) } }

    /// Its connection's unique name on the session bus (":1.42") once
    /// registered: the address of this very process, which a program it
    /// starts can call back even when another process owns the `id`.
    @_spi(Shell) public var busName: String? {
        guard let connection = g_application_get_dbus_connection(cast(GApplication.self)) else { return nil }
        return g_dbus_connection_get_unique_name(connection).map { String(cString: $0) }
    }

    public func quit() { g_application_quit(cast(GApplication.self)) }

    /// Keeps the application running with no window open (balance with `release`).
    public func hold() { g_application_hold(cast(GApplication.self)) }
    public func release() { g_application_release(cast(GApplication.self)) }

    public var windows: [Window] {
        pointers(in: gtk_application_get_windows(cast())).map { Object.wrap($0, as: Window.self) }
    }

    public var activeWindow: Window? {
        gtk_application_get_active_window(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Window.self) }
    }

    public func add(_ window: Window) { gtk_application_add_window(cast(), window.cast()) }

    /// Adds an action `app.NAME`; `parameter` true means it takes a string.
    /// With `state`, the action holds a string state (see `setState`), which
    /// a remote caller can read (`RemoteAction`).
    public func addAction(_ name: String, takesString: Bool = false, state: String? = nil,
                          _ handler: @escaping @MainActor (String?) -> Void) {
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

    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Application) -> Void) -> UInt { on("activate", handler) }
}
