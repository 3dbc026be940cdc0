internal import CGtk

/// An RGBA colour with components from 0 to 1 (a `GdkRGBA`).
public struct Color: Sendable, Hashable {
    /// The red component, from 0 (none) to 1 (full).
    public var red: Double
    /// The green component, from 0 (none) to 1 (full).
    public var green: Double
    /// The blue component, from 0 (none) to 1 (full).
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A colour from its components, each from 0 to 1; opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses "#rrggbb", "#rgb", "rgb(…)", "rgba(…)" or an X11 colour name
    /// ("orange"); nil when `specification` is none of these.
    public init?(_ specification: String) {
        var rgba = GdkRGBA()
        guard gdk_rgba_parse(&rgba, specification).bool else { return nil }
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }

    /// Components from 0 to 255, as design specifications give them.
    public init(red255 red: Int, green: Int, blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// The same colour at another opacity.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// "#rrggbb" (alpha is dropped), for CSS and for logs.
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let v = Int((max(0, min(1, value)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[v / 16], digits[v % 16]])
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    /// Opaque black, for text and outlines drawn over light tiles.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, for text and outlines drawn over dark tiles.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent: painting it with `paint()` leaves nothing, so it clears a picture.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A rectangle in drawing coordinates (logical pixels).
public struct Rect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge (y grows downwards).
    public var y: Double
    /// The width, never negative for a rectangle you draw.
    public var width: Double
    /// The height, never negative for a rectangle you draw.
    public var height: Double

    /// A rectangle from its top-left corner and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The horizontal centre, where centred text or an icon goes.
    public var midX: Double { x + width / 2 }
    /// The vertical centre, where centred text or an icon goes.
    public var midY: Double { y + height / 2 }

    /// The rectangle shrunk by `amount` on every side.
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}

/// A width and a height in logical pixels.
public struct Size: Sendable, Hashable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A size, as `measureText(_:font:)` and picture sizes give it.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A cairo context (`cairo_t *`) with Pango text, as a draw handler gets it.
///
/// The context belongs to GTK and is valid only while the handler runs: use it
/// there and do not keep it. Coordinates are logical pixels from the widget's
/// top-left corner; GTK has already scaled for HiDPI screens.
public struct DrawingContext {
    /// The `cairo_t *`, for the binding's own calls.
    package let cairo: OpaquePointer
    /// A reference of the context's own, so a copy that escapes its draw
    /// handler draws onto a finished surface instead of freed memory.
    private let reference: CairoReference

    /// Only the binding makes contexts (a draw handler's, or `image`'s).
    init(cairo: OpaquePointer) {
        self.cairo = cairo
        reference = CairoReference(cairo)
    }

    // MARK: Colour and stroke

    /// Sets the colour the next `fill`, `stroke` or text uses.
    public func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// Sets the colour the next `fill`, `stroke` or text uses, from components from 0 to 1.
    public func setColor(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }

    /// The width of lines `stroke` draws, in logical pixels (2 by default).
    public var lineWidth: Double {
        get { cairo_get_line_width(cairo) }
        nonmutating set { cairo_set_line_width(cairo, newValue) }
    }

    // MARK: Paths

    /// Adds a rectangle to the path; `fill` or `stroke` draws it.
    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cairo, x, y, width, height)
    }

    /// Adds `rect` to the path; `fill` or `stroke` draws it.
    public func rectangle(_ rect: Rect) { rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }

    /// A rectangle with quarter-circle corners; `radius` is capped at half the
    /// shorter side, so a large radius gives a pill or a circle.
    public func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    /// Adds `rect` with rounded corners to the path, as a tile or a badge has.
    public func roundedRectangle(_ rect: Rect, radius: Double) {
        roundedRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height, radius: radius)
    }

    /// Starts a new sub-path at a point.
    public func move(toX x: Double, y: Double) { cairo_move_to(cairo, x, y) }

    /// Adds a straight line from the current point.
    public func line(toX x: Double, y: Double) { cairo_line_to(cairo, x, y) }

    /// Adds a clockwise arc; angles in radians from the positive x axis.
    public func arc(centerX: Double, centerY: Double, radius: Double, startAngle: Double, endAngle: Double) {
        cairo_arc(cairo, centerX, centerY, radius, startAngle, endAngle)
    }

    /// A full circle.
    public func circle(centerX: Double, centerY: Double, radius: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, centerX, centerY, radius, 0, 2 * Double.pi)
        cairo_close_path(cairo)
    }

    /// Joins the current point to the start of its sub-path, so a stroke draws a closed outline.
    public func closePath() { cairo_close_path(cairo) }

    // MARK: Painting

    /// Fills the path; `preserve` keeps it for a following stroke.
    public func fill(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(cairo) } else { cairo_fill(cairo) }
    }

    /// Strokes the path with the line width; `preserve` keeps it.
    public func stroke(preserve: Bool = false) {
        if preserve { cairo_stroke_preserve(cairo) } else { cairo_stroke(cairo) }
    }

    /// Paints the source colour everywhere inside the clip (a background).
    public func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(cairo) } else { cairo_paint_with_alpha(cairo, alpha) }
    }

    /// Limits later drawing to the current path (consumed).
    public func clip() { cairo_clip(cairo) }

    // MARK: State and transformation

    /// Keeps the colour, line width, clip and transformation, until `restore`;
    /// prefer `withSavedState(_:)`.
    public func save() { cairo_save(cairo) }
    /// Brings back what the matching `save` kept.
    public func restore() { cairo_restore(cairo) }

    /// Runs `body` between `save` and `restore`, so transforms and colours
    /// set inside do not leak into what follows.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        return try body()
    }

    /// Moves the origin, so that later drawing at (0, 0) lands at (`x`, `y`).
    public func translate(x: Double, y: Double) { cairo_translate(cairo, x, y) }
    /// Scales later drawing by `x` across and `y` down.
    public func scale(x: Double, y: Double) { cairo_scale(cairo, x, y) }
    /// Scales later drawing by `factor` both ways, to draw a picture of one size at another.
    public func scale(by factor: Double) { cairo_scale(cairo, factor, factor) }

    /// Rotates later drawing by `angle` radians around the origin.
    public func rotate(by angle: Double) { cairo_rotate(cairo, angle) }

    // MARK: Text

    /// Draws one paragraph of `text` in `font` (Pango syntax, e.g.
    /// "Sans Bold 24" or "Cantarell Bold 32px") centred in `rect`.
    ///
    /// Centring uses the logical extents, so digits of one font sit on the
    /// same baseline whatever their ink. The source colour is used.
    public func drawText(_ text: String, font: String, centeredIn rect: Rect) {
        withLayout(text, font: font) { layout, logical in
            let x = rect.x + (rect.width - Double(logical.width)) / 2 - Double(logical.x)
            let y = rect.y + (rect.height - Double(logical.height)) / 2 - Double(logical.y)
            cairo_move_to(cairo, x, y)
            pango_cairo_show_layout(cairo, layout)
        }
    }

    /// Draws `text` with its top-left corner at a point.
    public func drawText(_ text: String, font: String, atX x: Double, y: Double) {
        withLayout(text, font: font) { layout, _ in
            cairo_move_to(cairo, x, y)
            pango_cairo_show_layout(cairo, layout)
        }
    }

    /// The logical size `text` takes in `font`, for fitting text to a tile.
    public func measureText(_ text: String, font: String) -> Size {
        withLayout(text, font: font) { _, logical in Size(width: Double(logical.width), height: Double(logical.height))
        }
    }

    private func withLayout<R>(_ text: String, font: String, _ body: (OpaquePointer, PangoRectangle) -> R) -> R {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return body(layout, logical)
    }
}

/// Holds one reference on a `cairo_t`.
private final class CairoReference {
    let cairo: OpaquePointer
    init(_ cairo: OpaquePointer) { self.cairo = cairo_reference(cairo) }
    deinit { cairo_destroy(cairo) }
}

extension DrawingContext {
    /// Draws into a new image of `width` × `height` pixels and returns it;
    /// for pictures made once (a cached tile) and for tests of drawing code.
    @MainActor
    public static func image(width: Int, height: Int, _ draw: (DrawingContext) -> Void) -> Pixbuf? {
        guard width > 0, height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        draw(DrawingContext(cairo: cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let pixbuf = gdk_pixbuf_get_from_surface(surface, 0, 0, Int32(width), Int32(height)) else { return nil }
        return Pixbuf(raw: UnsafeMutableRawPointer(pixbuf), transfer: .full)
    }
}
