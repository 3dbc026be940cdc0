import CGtk

extension Widget {
    /// Where this widget lies in `ancestor`'s coordinates (its window, say),
    /// or nil when either is not realized or they share no toplevel. A
    /// widget scrolled away or pushed past the window's edge lies outside
    /// `ancestor`'s allocation.
    public func frame(in ancestor: Widget) -> Rect? {
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, ancestor.widget, 0, 0, &x, &y).bool else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(allocatedWidth), height: Double(allocatedHeight))
    }
}
