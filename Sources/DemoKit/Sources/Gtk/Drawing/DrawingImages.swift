import CGtk

extension DrawingContext {
    /// Draws `pixbuf` scaled to fill `rect` (logical pixels), resampled once
    /// to the screen's pixels (so a 2× picture is sharp on a HiDPI screen).
    /// With `extendingEdges` the picture's edge pixels continue beyond `rect`
    /// over everything the clip allows, for a background that must fill a
    /// window of another shape without a seam.
    @MainActor
    public func drawPixbuf(_ pixbuf: Pixbuf, in rect: Rect, extendingEdges: Bool = false) {
        guard rect.width > 0, rect.height > 0, pixbuf.width > 0, pixbuf.height > 0 else { return }
        withSavedState {
            cairo_translate(cairo, rect.x, rect.y)
            cairo_scale(cairo, rect.width / Double(pixbuf.width), rect.height / Double(pixbuf.height))
            gdk_cairo_set_source_pixbuf(cairo, pixbuf.pixbuf, 0, 0)
            let pattern = cairo_get_source(cairo)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            if extendingEdges {
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_paint(cairo)
            } else {
                cairo_rectangle(cairo, 0, 0, Double(pixbuf.width), Double(pixbuf.height))
                cairo_fill(cairo)
            }
        }
    }
}
