import CGtk

/// A `GtkImage`: an icon or a picture.
@MainActor
public final class Image: Widget {
    override public class var gtkType: GType { gtk_image_get_type() }

    /// A themed icon, e.g. "dialog-information-symbolic".
    public convenience init(iconName: String, size: IconSize = .button) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, size.gtk)), transfer: .floating)
    }

    /// A themed icon at a pixel size.
    public convenience init(iconName: String, pixelSize: Int) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_DIALOG)), transfer: .floating)
        gtk_image_set_pixel_size(cast(), Int32(pixelSize))
    }

    /// A picture file (PNG, SVG, ...); a missing file shows GTK's broken-image icon.
    public convenience init(path: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_file(path)), transfer: .floating)
    }

    public func setIcon(_ iconName: String, size: IconSize = .button) {
        gtk_image_set_from_icon_name(cast(), iconName, size.gtk)
    }

    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(cast())) }
        set { gtk_image_set_pixel_size(cast(), Int32(newValue)) }
    }
}

/// The default icon theme.
@MainActor
@_spi(Shell) public enum IconTheme {
    /// Adds a folder laid out like `/usr/share/icons` (e.g. `hicolor/scalable/apps/`).
    public static func addSearchPath(_ path: String) {
        gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), path)
    }

    /// Whether an icon of this name can be shown. (A lookup, because
    /// `gtk_icon_theme_has_icon` ignores icons found outside a theme.)
    public static func hasIcon(_ name: String) -> Bool {
        guard let info = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_default(), name, 48, GtkIconLookupFlags(0)) else {
            return false
        }
        g_object_unref(UnsafeMutableRawPointer(info))
        return true
    }
}
