import CGtk

extension Window {
    /// Whether the window is maximized (as the window manager last said).
    public var isMaximized: Bool { gtk_window_is_maximized(cast()).bool }

    public func maximize() { gtk_window_maximize(cast()) }
    public func unmaximize() { gtk_window_unmaximize(cast()) }
}

extension Window {
    /// The work area (the monitor less panels and docks, in GTK's logical
    /// pixels) of the monitor the window is on; before it is shown, of the
    /// primary monitor. Nil without a display.
    public var workArea: (width: Int, height: Int)? {
        guard let display = gdk_display_get_default() else { return nil }
        let monitor = gtk_widget_get_window(widget).flatMap { gdk_display_get_monitor_at_window(display, $0) }
            ?? gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        guard let monitor else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return area.width > 0 && area.height > 0 ? (Int(area.width), Int(area.height)) : nil
    }

    /// The size the window is given when first shown (`setDefaultSize`).
    public var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(), &width, &height)
        return (Int(width), Int(height))
    }
}

extension Widget {
    /// The smallest size the widget accepts (its minimum width, and its
    /// minimum height for that width).
    public var minimumSize: (width: Int, height: Int) {
        var minimum = GtkRequisition(), natural = GtkRequisition()
        gtk_widget_get_preferred_size(widget, &minimum, &natural)
        return (Int(minimum.width), Int(minimum.height))
    }
}
