internal import CGtk

extension Widget {
    /// How opaque the widget and its children are drawn, 0 (invisible but
    /// still there and clickable) to 1. Animate it on the frame clock
    /// (`addTickCallback`) to fade a widget in or out.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, max(0, min(1, newValue))) }
    }
}
