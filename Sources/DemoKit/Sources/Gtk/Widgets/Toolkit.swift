internal import CGtk
internal import CGtkShim

/// Process-wide GTK set-up.
@MainActor
public enum Toolkit {

    package static var isInitialized = false

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

    /// Whether GTK draws with a HighContrast theme (HighContrast or
    /// HighContrastInverse), where a demo's own tints and dimming give way
    /// to the theme's colours.
    public static var usesHighContrastTheme: Bool { ThemeVariant.themeName.lowercased().hasPrefix("highcontrast") }

    /// Whether the theme's dark variant is preferred, as GNOME's dark style asks.
    public static var prefersDarkTheme: Bool { settingsFlag("gtk-application-prefer-dark-theme") ?? false }

    /// A boolean property of GTK's settings (nil without a display).
    static func settingsFlag(_ name: String) -> Bool? {
        guard let settings = gtk_settings_get_default() else { return nil }
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value).bool
    }
}
