import CGtk
import Gtk

/// The default icon theme.
@MainActor
public enum IconTheme {
    /// Adds a folder laid out like `/usr/share/icons` (e.g. `hicolor/scalable/apps/`).
    public static func addSearchPath(_ path: String) {
        gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), path)
    }

    /// Whether an icon of this name can be shown. (A lookup, because
    /// `gtk_icon_theme_has_icon` ignores icons found outside a theme.)
    public static func hasIcon(_ name: String) -> Bool {
        guard let info = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_default(), name, 48, GtkIconLookupFlags(0))
        else {
            return false
        }
        g_object_unref(UnsafeMutableRawPointer(info))
        return true
    }
}
