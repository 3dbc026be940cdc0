internal import CGtk
internal import CGtkShim

/// A widget's look captured into an image at the screen's scale, for
/// transitions that move a picture of a page (a flip, say) rather than the
/// page itself. Sharp on HiDPI screens: drawn at the widget's scale factor.
public final class WidgetPicture {
    /// The `cairo_surface_t *`, owned by this picture.
    nonisolated(unsafe) let surface: OpaquePointer
    /// Logical width.
    public let width: Int
    /// Logical height.
    public let height: Int

    /// Draws `widget` as it looks now at its current allocation (its draw
    /// handlers run; it need not be on screen, only allocated). Nil when it
    /// has no size yet.
    @MainActor
    public init?(of widget: Widget) {
        let width = widget.allocatedWidth, height = widget.allocatedHeight
        let scale = max(1, widget.scaleFactor)
        guard width > 1, height > 1,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))
        else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)
        gtk_widget_draw(widget.widget, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }
}

extension DrawingContext {
    /// Uses `picture` as the source, its top-left corner at a point; then
    /// `paint` or `fill` draws it.
    public func setSource(_ picture: WidgetPicture, x: Double = 0, y: Double = 0) {
        cairo_set_source_surface(cairo, picture.surface, x, y)
    }
}

extension Widget {
    /// Paints the widget's CSS background (colour, image, border radius) over
    /// its whole allocation, as GTK's own widgets do before their content.
    public func renderBackground(in context: DrawingContext) {
        gtk_render_background(
            gtk_widget_get_style_context(widget), context.cairo,
            0, 0, Double(allocatedWidth), Double(allocatedHeight))
    }
}

extension Toolkit {
    /// False when the user turned animations off (GNOME's "Animations" /
    /// reduced motion): transitions should then jump to their end.
    public static var animationsEnabled: Bool { settingsFlag("gtk-enable-animations") ?? true }
}
