import CGtk
import CGtkShim
import DemoBasics
import Gtk
import ShellBasics

// What the shell (and its tests and tools) do with the process's GTK, its
// application and its main loop, which a plugin never does: a plugin runs
// inside the loop the shell started.

@MainActor
extension Toolkit {
    /// Initialises GTK once; false when there is no display to open.
    /// (GtkApplication does this itself; tests and tools call it directly.)
    @discardableResult
    public static func initialize() -> Bool {
        if isInitialized { return true }
        ShellClasses.register()
        isInitialized = gtk_init_check(nil, nil).bool
        if isInitialized {
            MainActorSource.attach()
            // At the first idle, so its class set-up stays out of the time
            // to the first window; the classes are patched in
            // place, so accessibles made before then are covered too.
            _ = MainLoop.idle {
                shim_guard_accessible_state_sets()
                shim_label_text_without_isolates()
            }
        }
        return isInitialized
    }
    /// Opens the display and parses the theme (much of a window's start)
    /// now, before the application registers on the session bus, so that a
    /// `Pending` probe reaches the bus on the other core meanwhile. False
    /// without a display: GtkApplication's own start-up then says so, and a
    /// start that hands over to a running instance needs none.
    @discardableResult
    public static func initializeWithTheme() -> Bool {
        guard initialize() else { return false }
        _ = gtk_settings_get_default()
        return true
    }
    /// Starts fontconfig now: Pango reads its configuration and font list
    /// in a thread of its own, and the first label
    /// measured waits for it. Called before GTK starts, it runs on the other
    /// core while GTK parses its theme on this one. GTK takes the same font
    /// map later (Pango keeps one per thread). Nothing else changes: the
    /// fonts, their sizes and the memory they take are as before.
    public static func startFontSetup() { _ = pango_cairo_font_map_get_default() }
}

@MainActor
extension Application {
    /// A unique application: a second launch talks to the first over D-Bus.
    public convenience init(id: String, unique: Bool = true) {
        let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        ShellClasses.register()
        self.init(raw: UnsafeMutableRawPointer(gtk_application_new(id, flags)), transfer: .full)
        MainActorSource.attach()
    }
    /// Runs the main loop until the last window closes; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        withCStringArray(arguments) { argv in
            argv.withMemoryRebound(to: UnsafeMutablePointer<CChar>?.self, capacity: arguments.count + 1) {
                g_application_run(cast(GApplication.self), Int32(arguments.count), $0)
            }
        }
    }
    /// Registers on the session bus; afterwards `isRemote` tells whether another
    /// instance is already primary. Returns an error message on failure.
    public func register() -> String? {
        var error: UnsafeMutablePointer<GError>?
        g_application_register(cast(GApplication.self), nil, &error)
        return GLibError.take(error)
    }
    /// Sends pending D-Bus messages before a remote instance exits.
    public func flush() {
        if let connection = g_application_get_dbus_connection(cast(GApplication.self)) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
    }
    public var isRemote: Bool { g_application_get_is_remote(cast(GApplication.self)).bool }
    /// Its connection's unique name on the session bus (":1.42") once
    /// registered: the address of this very process, which a program it
    /// starts can call back even when another process owns the `id`.
    public var busName: String? {
        guard let connection = g_application_get_dbus_connection(cast(GApplication.self)) else { return nil }
        return g_dbus_connection_get_unique_name(connection).map { String(cString: $0) }
    }
}

@MainActor
extension MainLoop {
    /// Runs main-actor tasks in this loop, for a program that makes neither
    /// an `Application` nor calls `Toolkit.initialize` (which do it
    /// themselves): a benchmark tool driving the edit-and-run session.
    public static func runMainActorTasks() { MainActorSource.attach() }
    /// Runs one iteration of the loop: whatever is ready now (nothing waits
    /// when `blocking` is false). True when something was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking.gboolean).bool
    }
}

/// DemoShellKit's wrapper classes, added to the binding's table so that a
/// pointer GTK hands back is wrapped as the most specific class there is.
@MainActor
enum ShellClasses {
    static let all: [Object.Type] = [FileMonitor.self, ShortcutsWindow.self, Expander.self]
    private static var isRegistered = false

    static func register() {
        guard !isRegistered else { return }
        isRegistered = true
        for type in all { WrapperClasses.register(type) }
    }
}
