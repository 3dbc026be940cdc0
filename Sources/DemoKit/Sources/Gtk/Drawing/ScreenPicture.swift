internal import CGtk

/// A picture uploaded once to where the window is drawn (on X11, a pixmap in
/// the display server) and drawn from there every frame. A picture painted by
/// CSS or from a pixbuf stays decoded in the program and is uploaded again
/// through shared memory: a full-window picture (the password generator's)
/// then takes as much of the program's private memory as its pixels do.
@MainActor
public final class ScreenPicture {
    fileprivate let surface: OpaquePointer
    /// Its width in the drawing's logical pixels (the pixbuf's, divided by
    /// the screen's scale when it was made).
    public let width: Double
    /// Its height in the drawing's logical pixels.
    public let height: Double

    fileprivate init(surface: OpaquePointer, width: Double, height: Double) {
        self.surface = surface
        self.width = width
        self.height = height
    }

    isolated deinit { cairo_surface_destroy(surface) }
}

extension DrawingContext {
    /// Uploads `pixbuf` beside this drawing's target, pixel for pixel (a 2×
    /// picture on a 2× screen stays sharp); nil when the target cannot hold it.
    @MainActor
    public func makeScreenPicture(_ pixbuf: Pixbuf) -> ScreenPicture? {
        guard pixbuf.width > 0, pixbuf.height > 0, let target = cairo_get_target(cairo) else { return nil }
        var scaleX = 1.0, scaleY = 1.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        let width = Double(pixbuf.width) / scaleX, height = Double(pixbuf.height) / scaleY
        guard
            let surface = cairo_surface_create_similar(
                target, CAIRO_CONTENT_COLOR_ALPHA,
                Int32(width.rounded(.up)), Int32(height.rounded(.up)))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let upload = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_scale(upload, 1 / scaleX, 1 / scaleY)
        gdk_cairo_set_source_pixbuf(upload, pixbuf.pixbuf, 0, 0)
        cairo_set_operator(upload, CAIRO_OPERATOR_SOURCE)
        cairo_paint(upload)
        cairo_destroy(upload)
        return ScreenPicture(surface: surface, width: width, height: height)
    }

    /// Draws `picture` scaled to fill `rect`. With `extendingEdges` its edge
    /// pixels continue beyond `rect` over everything the clip allows (a
    /// background that must fill a window of another shape without a seam).
    @MainActor
    public func draw(_ picture: ScreenPicture, in rect: Rect, extendingEdges: Bool = false) {
        guard rect.width > 0, rect.height > 0 else { return }
        withSavedState {
            if !extendingEdges {
                cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
                cairo_clip(cairo)
            }
            cairo_translate(cairo, rect.x, rect.y)
            cairo_scale(cairo, rect.width / picture.width, rect.height / picture.height)
            cairo_set_source_surface(cairo, picture.surface, 0, 0)
            let pattern = cairo_get_source(cairo)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            if extendingEdges { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD) }
            cairo_paint(cairo)
        }
    }
}
