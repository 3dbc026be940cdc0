internal import CGtk
import Gtk

extension Widget {
    /// The widget's on-screen pixels as the display shows them now, or nil
    /// when it is not drawn (unmapped, or zero-sized).
    ///
    /// For tests and screenshots: let the main loop draw first (the widget's
    /// draw handler must have run), then read.
    public func snapshot() -> Pixbuf? {
        guard isMapped, let (gdkWindow, x, y) = drawingOrigin() else { return nil }
        let width = Int32(allocatedWidth), height = Int32(allocatedHeight)
        guard width > 0, height > 0, let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, x, y, width, height) else {
            return nil
        }
        return Pixbuf(raw: UnsafeMutableRawPointer(pixbuf), transfer: .full)
    }

    /// Draws the widget into a new image, off screen, with its current size
    /// (its draw handlers run). Unlike `snapshot` it needs nothing on screen
    /// but an allocation.
    public func render() -> Pixbuf? {
        let width = allocatedWidth, height = allocatedHeight
        return DrawingContext.image(width: width, height: height) { context in
            gtk_widget_draw(widget, context.cairo)
        }
    }

    /// The GDK window the widget draws into and its origin there.
    private func drawingOrigin() -> (OpaquePointer, Int32, Int32)? {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return nil }
        if gtk_widget_get_has_window(widget).bool { return (gdkWindow, 0, 0) }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return (gdkWindow, allocation.x, allocation.y)
    }
}
