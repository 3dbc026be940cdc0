import CGtk
import Gtk

/// Where the caret of a text view is on screen, for a bubble that points
/// at it (Quick Help): GtkPopover points at a rectangle of the widget it is
/// relative to, and a text view's caret is in its buffer's coordinates.
@MainActor
public enum CaretPlace {
    /// Points `popover` (relative to `view`) at the character `offset` of
    /// `view`, its arrow `margin` pixels off the character's line (a bubble
    /// shown under the pointer would take it off the name it is of).
    public static func point(_ popover: Popover, at offset: Int, of view: TextView, margin: Int = 0) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(view.buffer, &iter, Int32(clamping: offset))
        var location = GdkRectangle()
        let textView = OpaquePointer(view.raw).map { UnsafeMutablePointer<GtkTextView>($0) }
        gtk_text_view_get_iter_location(textView, &iter, &location)
        var x: Int32 = 0, y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &x, &y)
        let margin = Int32(clamping: max(0, margin))
        var rectangle = GdkRectangle(
            x: x, y: y - margin, width: max(1, location.width), height: max(1, location.height) + 2 * margin)
        gtk_popover_set_pointing_to(OpaquePointer(popover.raw).map { UnsafeMutablePointer<GtkPopover>($0) }, &rectangle)
    }

    /// The character offset under the point (`x`, `y`) of `view`'s window, as a pointer hovers.
    public static func offset(atX x: Double, y: Double, of view: TextView) -> Int {
        let textView = OpaquePointer(view.raw).map { UnsafeMutablePointer<GtkTextView>($0) }
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(textView, GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_iter_at_location(textView, &iter, bufferX, bufferY)
        return Int(gtk_text_iter_get_offset(&iter))
    }
}
