internal import CGtk

/// A `GtkDrawingArea`: a blank widget painted by its "draw" handler (a game
/// board, a chart). It has its own window, so it also receives pointer events.
///
/// ```swift
/// let board = DrawingArea(width: 200, height: 200)
/// board.onDraw { area, context in
///     context.setColor(Color(red: 0.9, green: 0.5, blue: 0.1))
///     context.roundedRectangle(area.bounds.insetBy(8), radius: 12)
///     context.fill()
///     return .stop
/// }
/// ```
@MainActor
public final class DrawingArea: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_drawing_area_get_type() }

    /// A drawing area asking for at least `width` × `height` (-1: no minimum).
    public convenience init(width: Int = -1, height: Int = -1) {
        self.init(raw: UnsafeMutableRawPointer(gtk_drawing_area_new()), transfer: .floating)
        if width >= 0 || height >= 0 { setSizeRequest(width: width, height: height) }
    }

    /// The allocated area, from (0, 0), in the coordinates `onDraw` uses.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(allocatedWidth), height: Double(allocatedHeight)) }
}

extension SignalEmitter where Self: Widget {
    /// Paints the widget. Called by GTK whenever the widget needs drawing
    /// (`queueDraw` asks for it); draw here and nowhere else.
    ///
    /// On a drawing area this is all the drawing there is. On other widgets it
    /// runs before their own drawing; `.stop` replaces it, `.proceed` draws the
    /// widget's usual look over what the handler painted.
    @discardableResult
    public func onDraw(_ handler: @escaping @MainActor (Self, DrawingContext) -> Propagation) -> UInt {
        connect("draw", shape: .boolean) { instance, cr in
            guard let cr else { return 0 }
            return handler(Object.wrap(instance, as: Self.self), DrawingContext(cairo: OpaquePointer(cr))).gboolean
        }
    }
}
