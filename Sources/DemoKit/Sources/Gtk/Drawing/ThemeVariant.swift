internal import CGtk

/// Whether GTK draws with a dark theme, decided as GTK picks its theme: from
/// `GTK_THEME` ("Adwaita:dark"), else the theme's name and the
/// `gtk-application-prefer-dark-theme` setting. Not from a widget's colours:
/// those change with the state (a window in the background has light grey
/// text under a light theme).
public enum ThemeVariant {
    /// The rule, without a display. `environment` is `GTK_THEME`, which GTK
    /// lets override the settings (its variant included).
    public static func isDark(themeName: String, prefersDark: Bool, environment: String?) -> Bool {
        var name = themeName, variant = prefersDark ? "dark" : ""
        if let environment, !environment.isEmpty {
            let parts = environment.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = String(parts[0])
            variant = parts.count > 1 ? String(parts[1]) : ""
        } else if let colon = name.lastIndex(of: ":") {
            if name[name.index(after: colon)...].lowercased() == "dark" { variant = "dark" }
            name = String(name[..<colon])
        }
        let lowered = name.lowercased()
        return variant.lowercased() == "dark" || lowered.hasSuffix("-dark") || lowered.hasSuffix("_dark")
            || lowered == "highcontrastinverse"
    }

    /// The current answer (false without a display).
    @MainActor
    public static var isDark: Bool {
        isDark(
            themeName: settingsThemeName, prefersDark: Toolkit.prefersDarkTheme,
            environment: Environment.value("GTK_THEME"))
    }

    /// The theme GTK draws with ("Adwaita", "HighContrast"), without its
    /// variant: `GTK_THEME`'s when set, as GTK itself decides.
    @MainActor
    public static var themeName: String {
        if let environment = Environment.value("GTK_THEME"), !environment.isEmpty {
            return String(environment.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }
        let name = settingsThemeName
        return name.lastIndex(of: ":").map { String(name[..<$0]) } ?? name
    }

    @MainActor
    private static var settingsThemeName: String {
        guard let settings = gtk_settings_get_default() else { return "" }
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(
            UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}
