import CGtk

extension Widget {
    /// Rings the error bell (or flashes, per the desktop's settings) when the
    /// user tries something the widget refuses, as GTK's own entries do.
    public func errorBell() { gtk_widget_error_bell(widget) }
}
