internal import CGtk
internal import CGtkShim
import Gtk

/// A desktop's settings set for one test, as the user's desktop sets them
/// (GTK's settings object): the text scale, the theme and its dark variant,
/// animations. A test that changes one puts it back.
extension Toolkit {
    /// Sets the text scale as a desktop does (GTK's Xft DPI), or back to
    /// the display's own with nil.
    public static func setTextScale(_ scale: Double?) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_int(settings, "gtk-xft-dpi", scale.map { Int32((96 * 1024 * $0).rounded()) } ?? -1)
    }

    /// Draws with the theme `name` ("HighContrast"), as a desktop's setting
    /// does, or the display's own with nil.
    public static func setThemeName(_ name: String?) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_string(settings, "gtk-theme-name", name ?? "Adwaita")
    }

    /// Prefers the theme's dark variant, as GNOME's dark style does.
    public static func setPrefersDarkTheme(_ prefers: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_bool(settings, "gtk-application-prefer-dark-theme", prefers.gboolean)
    }

    /// Sets GTK's animations setting for this process, as a user's reduced
    /// motion does: a test that looks at end states has no frames between.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        shim_object_set_bool(settings, "gtk-enable-animations", enabled.gboolean)
    }
}

// States forced at once: what a test of the end state cannot wait for.

extension Stack {
    /// Shows `page` (one of the stack's children) at once, without a
    /// transition: for audits that visit every page, whatever its name.
    public func showImmediately(_ page: Widget) {
        let kept = gtk_stack_get_transition_type(cast())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_set_visible_child(cast(), page.widget)
        gtk_stack_set_transition_type(cast(), kept)
    }
}

extension Clipboard {
    /// Clears every secret still waiting for its timer, as the timer would:
    /// a test of what follows the clearing cannot wait out the minute.
    public static func expireSecretsNow() {
        for expiry in SecretExpiry.waiting { expiry.expire?() }
    }
}
