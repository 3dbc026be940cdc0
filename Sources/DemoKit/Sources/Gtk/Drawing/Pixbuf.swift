internal import CGtk

/// One pixel's components, 0 to 255 (not premultiplied).
public struct Pixel: Sendable, Hashable {
    /// The red component.
    public var red: UInt8
    /// The green component.
    public var green: UInt8
    /// The blue component.
    public var blue: UInt8
    /// The opacity: 0 transparent, 255 opaque.
    public var alpha: UInt8

    /// A pixel from its components; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A `GdkPixbuf`: an image in memory (8-bit RGB or RGBA), loaded from a file
/// (PNG, JPEG, SVG, ...) or drawn, then scaled and shown in an `Image`.
@MainActor
public final class Pixbuf: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gdk_pixbuf_get_type() }

    /// Why an image could not be loaded or saved (GdkPixbuf's own message).
    public struct LoadError: Error, Equatable, CustomStringConvertible {
        /// GdkPixbuf's message, naming the file and what was wrong.
        public let message: String
        /// The message, as `print` and string interpolation show it.
        public var description: String { message }
    }

    /// Loads an image file at its natural size. A missing, unreadable or
    /// corrupt file throws with a message; it never crashes.
    public convenience init(path: String) throws(LoadError) {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            throw LoadError(message: GLibError.take(error) ?? path)
        }
        self.init(raw: UnsafeMutableRawPointer(pixbuf), transfer: .full)
    }

    /// Loads an image file at a size (SVGs are rendered at it, so they stay
    /// sharp); -1 on one axis keeps the aspect ratio from the other.
    public convenience init(path: String, width: Int, height: Int, preservingAspectRatio: Bool = true) throws(LoadError)
    {
        var error: UnsafeMutablePointer<GError>?
        guard
            let pixbuf = gdk_pixbuf_new_from_file_at_scale(
                path, Int32(width), Int32(height),
                preservingAspectRatio.gboolean, &error)
        else {
            throw LoadError(message: GLibError.take(error) ?? path)
        }
        self.init(raw: UnsafeMutableRawPointer(pixbuf), transfer: .full)
    }

    /// A new image of `width` × `height` pixels with undefined content (see `fill`).
    public convenience init?(width: Int, height: Int, hasAlpha: Bool = true) {
        guard width > 0, height > 0,
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha.gboolean, 8, Int32(width), Int32(height))
        else { return nil }
        self.init(raw: UnsafeMutableRawPointer(pixbuf), transfer: .full)
    }

    /// The `GdkPixbuf *` (an opaque C type).
    var pixbuf: OpaquePointer { OpaquePointer(raw) }

    /// The width in pixels.
    public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    /// The height in pixels.
    public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
    /// Whether the image has an alpha channel (RGBA) rather than RGB only.
    public var hasAlpha: Bool { gdk_pixbuf_get_has_alpha(pixbuf).bool }

    /// A copy scaled to `width` × `height` (bilinear: smooth, and fast enough
    /// for icons and tiles). Nil for a non-positive size.
    public func scaled(width: Int, height: Int) -> Pixbuf? {
        guard width > 0, height > 0,
            let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(width), Int32(height), GDK_INTERP_BILINEAR)
        else { return nil }
        return Pixbuf(raw: UnsafeMutableRawPointer(scaled), transfer: .full)
    }

    /// A copy scaled by `factor` on both axes (2 for a HiDPI screen).
    public func scaled(by factor: Double) -> Pixbuf? {
        scaled(width: Int((Double(width) * factor).rounded()), height: Int((Double(height) * factor).rounded()))
    }

    /// Sets every pixel to `color`.
    public func fill(_ color: Color) {
        func byte(_ value: Double) -> UInt32 { UInt32((max(0, min(1, value)) * 255).rounded()) }
        gdk_pixbuf_fill(
            pixbuf, byte(color.red) << 24 | byte(color.green) << 16 | byte(color.blue) << 8 | byte(color.alpha))
    }

    /// The pixel at a point, or nil outside the image. Reads the data without
    /// copying it; meant for tests and hit-testing, not for loops over images.
    public func pixel(atX x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height, let data = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let offset = y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * channels
        return Pixel(
            red: data[offset], green: data[offset + 1], blue: data[offset + 2],
            alpha: channels == 4 ? data[offset + 3] : 255)
    }

    /// Writes the image to `path` as `format` ("png", "jpeg"); returns the
    /// error message, or nil on success.
    @discardableResult
    public func save(to path: String, format: String = "png") -> String? {
        var error: UnsafeMutablePointer<GError>?
        let ok = gdk_pixbuf_savev(pixbuf, path, format, nil, nil, &error)
        if ok.bool { return nil }
        return GLibError.take(error) ?? path
    }
}

extension Image {
    /// An image showing `pixbuf` at one image pixel per logical pixel.
    public convenience init(pixbuf: Pixbuf) {
        self.init(raw: UnsafeMutableRawPointer(gtk_image_new_from_pixbuf(pixbuf.pixbuf)), transfer: .floating)
    }

    /// Shows `pixbuf` (nil: nothing). With `scale` 2 a 64-pixel pixbuf is shown
    /// at 32 logical pixels, sharp on a HiDPI screen.
    public func setPixbuf(_ pixbuf: Pixbuf?, scale: Int = 1) {
        guard let pixbuf else {
            gtk_image_clear(cast())
            return
        }
        if scale <= 1 {
            gtk_image_set_from_pixbuf(cast(), pixbuf.pixbuf)
            return
        }
        guard
            let surface = gdk_cairo_surface_create_from_pixbuf(
                pixbuf.pixbuf, Int32(scale), gtk_widget_get_window(widget))
        else {
            gtk_image_set_from_pixbuf(cast(), pixbuf.pixbuf)
            return
        }
        gtk_image_set_from_surface(cast(), surface)
        cairo_surface_destroy(surface)
    }

    /// The pixbuf shown, when the image was set from one at scale 1.
    public var pixbuf: Pixbuf? {
        guard gtk_image_get_storage_type(cast()) == GTK_IMAGE_PIXBUF, let pixbuf = gtk_image_get_pixbuf(cast()) else {
            return nil
        }
        return Object.wrap(UnsafeMutableRawPointer(pixbuf), as: Pixbuf.self)
    }

    /// Loads a picture for `width` × `height` logical pixels at the widget's
    /// scale factor (so it is sharp on HiDPI) and shows it; returns the error
    /// message instead of showing GTK's broken-image icon. An SVG is rendered
    /// once and then read from `PictureCache`.
    @discardableResult
    public func setPicture(path: String, width: Int, height: Int) -> String? {
        let scale = max(1, scaleFactor)
        do {
            let pixbuf = try PictureCache.pixbuf(path: path, width: width * scale, height: height * scale)
            setPixbuf(pixbuf, scale: scale)
            return nil
        } catch {
            return error.message
        }
    }
}
