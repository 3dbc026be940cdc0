import CGtk
import CGtkShim

/// Process-wide GTK set-up.
@MainActor
public enum Toolkit {
    /// Initialises GTK once; false when there is no display to open.
    /// (GtkApplication does this itself; tests and tools call it directly.)
    @discardableResult
    @_spi(Shell) public static func initialize() -> Bool {
        if isInitialized { return true }
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

    private static var isInitialized = false

    /// Opens the display and parses the theme (much of a window's start)
    /// now, before the application registers on the session bus, so that a
    /// `Pending` probe reaches the bus on the other core meanwhile. False
    /// without a display: GtkApplication's own start-up then says so, and a
    /// start that hands over to a running instance needs none.
    @discardableResult
    @_spi(Shell) public static func initializeWithTheme() -> Bool {
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
    @_spi(Shell) public static func startFontSetup() { _ = pango_cairo_font_map_get_default() }

    /// The user's text scale: 1 at 96 dpi, 1.5 with GNOME's Large Text or
    /// `GDK_DPI_SCALE=1.5`. Text sized in points (or by the theme) follows it
    /// by itself; what a demo sizes in pixels (a picture, a window's default
    /// size, a font fitted to a box) multiplies by it. Tests set it as the
    /// desktop does, through GTK's Xft DPI setting.
    public static var textScale: Double {
        guard let screen = gdk_screen_get_default() else { return 1 }
        let dpi = gdk_screen_get_resolution(screen)
        return dpi > 0 ? dpi / 96 : 1
    }

    /// Sets the text scale as a desktop does (GTK's Xft DPI), or back to
    /// the display's own with nil.
    @_spi(Testing) public static func setTextScale(_ scale: Double?) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_int(settings, "gtk-xft-dpi", scale.map { Int32((96 * 1024 * $0).rounded()) } ?? -1)
    }

    /// Whether GTK draws with a HighContrast theme (HighContrast or
    /// HighContrastInverse), where a demo's own tints and dimming give way
    /// to the theme's colours.
    public static var usesHighContrastTheme: Bool { ThemeVariant.themeName.lowercased().hasPrefix("highcontrast") }

    /// Draws with the theme `name` ("HighContrast"), as a desktop's setting
    /// does, or the display's own with nil.
    @_spi(Testing) public static func setThemeName(_ name: String?) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_string(settings, "gtk-theme-name", name ?? "Adwaita")
    }

    /// Prefers the theme's dark variant, as GNOME's dark style does.
    @_spi(Shell) public static var prefersDarkTheme: Bool {
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
