import CGtk
import CGtkShim

/// Process-wide GTK set-up.
@MainActor
public enum Toolkit {
    /// Initialises GTK once; false when there is no display to open.
    /// (GtkApplication does this itself; tests and tools call it directly.)
    @discardableResult
    public static func initialize() -> Bool {
        if isInitialized { return true }
        isInitialized = gtk_init_check(nil, nil).bool
        if isInitialized { MainActorSource.attach() }
        return isInitialized
    }

    private static var isInitialized = false

    /// Prefers the theme's dark variant, as GNOME's dark style does.
    public static var prefersDarkTheme: Bool {
        get { settingsFlag("gtk-application-prefer-dark-theme") ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            shim_object_set_bool(settings, "gtk-application-prefer-dark-theme", newValue.gboolean)
        }
    }

    /// A boolean property of GTK's settings (nil without a display).
    static func settingsFlag(_ name: String) -> Bool? {
        guard let settings = gtk_settings_get_default() else { return nil }
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value).bool
    }
}
