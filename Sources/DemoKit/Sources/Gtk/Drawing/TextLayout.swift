internal import CGtk

/// A `PangoLayout`: one paragraph of text shaped once and drawn many times.
///
/// `DrawingContext.drawText` shapes its text on every call, which is right
/// for text drawn once; a view that draws the same labels every frame (the
/// numbers of a game board during an animation) keeps `TextLayout`s instead.
/// The layout follows the font options of the context it is drawn on.
@MainActor
public final class TextLayout: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { pango_layout_get_type() }

    /// The `PangoLayout *`.
    var layout: OpaquePointer { OpaquePointer(raw) }

    /// Shapes `text` in `font` (Pango syntax, "Sans Bold 32px") for drawing on `context`.
    public convenience init(_ text: String, font: String, for context: DrawingContext) {
        self.init(raw: UnsafeMutableRawPointer(pango_cairo_create_layout(context.cairo)), transfer: .full)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
    }

    /// The logical extents (what centring uses), in pixels.
    public var logicalRect: Rect {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Rect(
            x: Double(logical.x), y: Double(logical.y), width: Double(logical.width), height: Double(logical.height))
    }

    /// Draws the text centred in `rect` with the context's source colour.
    /// Transformations of the context (a scale) apply to the text as shaped.
    public func draw(on context: DrawingContext, centeredIn rect: Rect) {
        moveToCentre(of: rect, on: context)
        pango_cairo_show_layout(context.cairo, layout)
    }

    /// Strokes the outline of the text centred in `rect`, `width` pixels
    /// wide, with the context's source colour: a halo drawn under the text
    /// keeps it readable over anything drawn before.
    public func drawHalo(on context: DrawingContext, centeredIn rect: Rect, width: Double) {
        moveToCentre(of: rect, on: context)
        pango_cairo_layout_path(context.cairo, layout)
        cairo_set_line_width(context.cairo, width)
        cairo_set_line_join(context.cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(context.cairo)
    }

    private func moveToCentre(of rect: Rect, on context: DrawingContext) {
        let logical = logicalRect
        cairo_move_to(
            context.cairo, rect.x + (rect.width - logical.width) / 2 - logical.x,
            rect.y + (rect.height - logical.height) / 2 - logical.y)
    }
}
