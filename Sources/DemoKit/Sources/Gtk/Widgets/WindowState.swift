internal import CGtk
internal import CGtkShim

extension Window {
    /// Whether the window is maximized (as the window manager last said).
    public var isMaximized: Bool { gtk_window_is_maximized(cast()).bool }

    /// Asks the window manager to maximize the window, as a double click on its title does.
    public func maximize() { gtk_window_maximize(cast()) }
    /// Asks the window manager to give the window back its size from before `maximize()`.
    public func unmaximize() { gtk_window_unmaximize(cast()) }
}

extension Window {
    /// The work area (the monitor less panels and docks, in GTK's logical
    /// pixels) of the monitor the window is on; before it is shown, of the
    /// primary monitor. Nil without a display.
    public var workArea: (width: Int, height: Int)? {
        guard let display = gdk_display_get_default() else { return nil }
        let monitor =
            gtk_widget_get_window(widget).flatMap { gdk_display_get_monitor_at_window(display, $0) }
            ?? gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        guard let monitor else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return area.width > 0 && area.height > 0 ? (Int(area.width), Int(area.height)) : nil
    }

    /// The window with its frame: `size` leaves out the header bar and the
    /// borders (and shadows) GTK draws around it. Nil before it is realized.
    public var frameSize: (width: Int, height: Int)? {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return nil }
        return (Int(gdk_window_get_width(gdkWindow)), Int(gdk_window_get_height(gdkWindow)))
    }

    /// The work area less the window's frame: the most `size` may be.
    var roomInWorkArea: (width: Int, height: Int)? {
        guard let area = workArea else { return nil }
        var frame = (width: 0, height: 0)
        if let outer = frameSize, gtk_widget_get_realized(widget).bool {
            let inner = size
            frame = (max(0, outer.width - inner.width), max(0, outer.height - inner.height))
        } else if let titlebar = gtk_window_get_titlebar(cast()), gtk_widget_get_visible(titlebar).bool {
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_get_preferred_height(titlebar, &minimum, &natural)
            frame.height = Int(natural)
        }
        return (max(1, area.width - frame.width), max(1, area.height - frame.height))
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

extension Window {
    /// Puts the window's content in a scrolled window when even its smallest
    /// size is larger than the monitor's work area (a tall form at 2× on a
    /// 1280 × 1024 screen, 640 × 512 in GTK's pixels): the window then fits,
    /// and what does not fit scrolls instead of lying below the screen's
    /// edge.
    ///
    /// Measuring is skipped where it cannot matter: a window is never given
    /// less than its smallest size, so a shown window whose allocation fits
    /// the work area has a smallest size that fits too (measuring every
    /// demo's window again showed in the time of some starts). Such a window
    /// is looked at again at its next allocation, in case what it shows has
    /// grown.
    public func scrollsContentWhenLargerThanWorkArea() {
        guard isMapped, let area = workArea, fits(area) else {
            scrollsContentLargerThanWorkArea()
            return
        }
        final class Connection { var id: UInt = 0 }
        let connection = Connection()
        connection.id = onSizeAllocate { window, _, _ in
            window.disconnect(connection.id)
            guard let area = window.workArea, !window.fits(area) else { return }
            window.idle {
                // Grown already: back within the screen once it scrolls.
                guard window.scrollsContentLargerThanWorkArea() else { return }
                let fitted = Window.fitting(window.size, into: window.roomInWorkArea)
                window.resize(width: fitted.width, height: fitted.height)
            }
        }
    }

    /// Whether the window's allocation (frame included) fits `area`.
    private func fits(_ area: (width: Int, height: Int)) -> Bool {
        allocatedWidth <= area.width && allocatedHeight <= area.height
    }

    /// Puts the content in a scrolled window now if its smallest size is
    /// larger than the work area (measuring it); true when it did.
    @discardableResult
    public func scrollsContentLargerThanWorkArea() -> Bool {
        guard let area = workArea,
            let child = gtk_bin_get_child(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkBin.self)),
            shim_object_type(UnsafeMutableRawPointer(child)) != gtk_scrolled_window_get_type()
        else { return false }
        let minimum = minimumSize
        guard minimum.width > area.width || minimum.height > area.height else { return false }
        let container = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkContainer.self)
        g_object_ref(UnsafeMutableRawPointer(child))
        gtk_container_remove(container, child)
        let scroller = gtk_scrolled_window_new(nil, nil)!
        let scrolled = UnsafeMutableRawPointer(scroller).assumingMemoryBound(to: GtkScrolledWindow.self)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        // As large as the content where the screen has room.
        gtk_scrolled_window_set_propagate_natural_width(scrolled, 1)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_container_add(UnsafeMutableRawPointer(scroller).assumingMemoryBound(to: GtkContainer.self), child)
        g_object_unref(UnsafeMutableRawPointer(child))
        gtk_widget_show(scroller)
        gtk_container_add(container, scroller)
        return true
    }
}
