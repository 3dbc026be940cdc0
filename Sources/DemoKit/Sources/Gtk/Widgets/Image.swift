internal import CGtk

/// A `GtkImage`: an icon or a picture.
///
/// ```swift
/// let chevron = Image(iconName: "go-next-symbolic")
/// let smile = Image(iconName: "face-smile-symbolic", pixelSize: 48)
/// let board = Image(path: host.resourcePath("board.png"))
/// ```
@MainActor
public final class Image: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_image_get_type() }

    /// A themed icon, e.g. "dialog-information-symbolic".
    public convenience init(iconName: String, size: IconSize = .button) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, size.gtk)), transfer: .floating)
    }

    /// A themed icon at a pixel size.
    public convenience init(iconName: String, pixelSize: Int) {
        self.init(
            raw: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_DIALOG)),
            transfer: .floating)
        gtk_image_set_pixel_size(cast(), Int32(pixelSize))
    }

    /// A picture file (PNG, SVG, ...); a missing file shows GTK's broken-image icon.
    public convenience init(path: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_file(path)), transfer: .floating)
    }

    /// Shows the themed icon `iconName` instead, as a state changes (a play
    /// button that becomes pause).
    public func setIcon(_ iconName: String, size: IconSize = .button) {
        gtk_image_set_from_icon_name(cast(), iconName, size.gtk)
    }

    /// The icon's size in logical pixels, overriding its `IconSize`.
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(cast())) }
        set { gtk_image_set_pixel_size(cast(), Int32(newValue)) }
    }
}
