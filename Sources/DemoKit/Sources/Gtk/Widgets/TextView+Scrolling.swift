package import CGtk

/// Where a text view is scrolled to. A log follows its end only while the
/// reader is there (scrolled up to read, it stays put), and a line jumped
/// to keeps its start in sight: code scrolled sideways to a column shows
/// short lines as blank.
extension TextView {
    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_vadjustment(OpaquePointer(raw))
    }

    private var horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_hadjustment(OpaquePointer(raw))
    }

    /// Whether the last line is in view (or the text fits): a log that is
    /// here follows what is added. (Ctrl+End shows the last line, not the
    /// bottom margin under it.)
    public var isScrolledToEnd: Bool {
        guard let adjustment = verticalAdjustment else { return true }
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        return value + page >= gtk_adjustment_get_upper(adjustment) - 1 - Double(bottomMargin)
    }

    /// How far the view is scrolled down, in pixels (0: at the top).
    public var verticalScrollOffset: Double {
        get { verticalAdjustment.map { gtk_adjustment_get_value($0) } ?? 0 }
        set { if let adjustment = verticalAdjustment { gtk_adjustment_set_value(adjustment, newValue) } }
    }

    /// How far the view is scrolled sideways, in pixels (0: the lines' starts show).
    public var horizontalScrollOffset: Double {
        get { horizontalAdjustment.map { gtk_adjustment_get_value($0) } ?? 0 }
        set { if let adjustment = horizontalAdjustment { gtk_adjustment_set_value(adjustment, newValue) } }
    }

    /// The 1-based lines at least partly in view.
    public var visibleLines: ClosedRange<Int> {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(cast(), &rect)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(cast(), &top, rect.y, nil)
        gtk_text_view_get_line_at_y(cast(), &bottom, rect.y + max(0, rect.height - 1), nil)
        let first = Int(gtk_text_iter_get_line(&top)) + 1, last = Int(gtk_text_iter_get_line(&bottom)) + 1
        return first...max(first, last)
    }

    /// Whether GTK is handling an input event now (a key, a wheel, a drag
    /// on a scroll bar): a scroll then is the reader's, not the layout's.
    public static var isHandlingInputEvent: Bool {
        guard let event = gtk_get_current_event() else { return false }
        gdk_event_free(event)
        return true
    }

    /// Runs when the reader (or the program) scrolls the view up or down.
    @discardableResult
    public func onVerticalScroll(_ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let adjustment = verticalAdjustment else { return 0 }
        let object = Object.wrap(UnsafeMutableRawPointer(adjustment), as: Object.self)
        return object.connect("value-changed", shape: .void) { _, _ in
            handler()
            return 0
        }
    }

    /// Runs when the text's height or the view's changes (lines added or
    /// laid out, the view resized): a log that follows its end scrolls then,
    /// once the new lines have their real heights.
    @discardableResult
    public func onVerticalRangeChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let adjustment = verticalAdjustment else { return 0 }
        let object = Object.wrap(UnsafeMutableRawPointer(adjustment), as: Object.self)
        return object.connect("changed", shape: .void) { _, _ in
            handler()
            return 0
        }
    }

    /// Scrolls to the bottom of the text as now laid out.
    public func scrollToBottom() {
        guard let adjustment = verticalAdjustment else { return }
        gtk_adjustment_set_value(
            adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    /// Back to the first line's start (a new file shown), replacing a scroll
    /// still waiting for the layout: a jump made in the text shown before
    /// would otherwise land sideways in this one.
    public func scrollToStart() {
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(cast(), &visible)
        let mark = gtk_text_buffer_create_mark(buffer, nil, &start, 1)
        gtk_text_view_scroll_to_mark(cast(), mark, 0, 1, marginAlign(width: Double(visible.width)), 0)
        gtk_text_buffer_delete_mark(buffer, mark)
        horizontalScrollOffset = 0
    }

    /// Scrolls the cursor's line into view with its start in sight: back to
    /// the left edge when the cursor fits in the view's width from there,
    /// else just far enough to show the cursor. `yAlign` places the line
    /// (0: top, 1: bottom).
    func scrollToCursorKeepingLineStart(yAlign: Double) {
        var cursor = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
        var place = GdkRectangle(), visible = GdkRectangle()
        gtk_text_view_get_iter_location(cast(), &cursor, &place)
        gtk_text_view_get_visible_rect(cast(), &visible)
        let width = Double(visible.width)
        // Where the cursor stands across the view once scrolled: at its own x
        // when that fits (the view then starts at the left edge), else near
        // the right edge.
        let x = Double(place.x + place.width)
        let atLineStart = width <= 0 || x <= width * 0.9
        let xAlign = atLineStart ? marginAlign(width: width) : 0.9
        let start = gtk_text_buffer_create_mark(buffer, nil, &cursor, 1)
        if atLineStart {
            var lineStart = cursor
            gtk_text_iter_set_line_offset(&lineStart, 0)
            gtk_text_buffer_move_mark(buffer, start, &lineStart)
        }
        gtk_text_view_scroll_to_mark(cast(), start, 0.1, 1, xAlign, yAlign)
        gtk_text_buffer_delete_mark(buffer, start)
    }

    /// Where a line's start goes across the view for the view to show its
    /// left margin too (scrolled to 0, not to the text's first pixel).
    private func marginAlign(width: Double) -> Double {
        width > 0 ? min(1, Double(leftMargin) / width) : 0
    }
}
