import CGtk
import CGtkShim
import DemoBasics
import Gtk
import ShellBasics

/// Edit and Run's Output: a read-only log of a child's text that keeps its
/// end (at most so many lines and characters), follows what is added only
/// while the reader is at the end (scrolled up to read, it stays put),
/// marks links (a log's `File.swift:12`), and folds text under one line (a
/// crash's backtrace): the line is an `Expander` in the text, and the text
/// it stands for is hidden while it is collapsed, yet still part of the
/// buffer: `text` and a copy of the selection keep it whole.
///
/// A `GtkTextView`; what it adds is the shell's, not the SDK's.
@MainActor
public final class OutputView: TextView {
    // MARK: Keeping the end

    /// Removes the first lines so that at most `count` remain (a log that
    /// keeps its end).
    public func keepLastLines(_ count: Int) {
        let excess = lineCount - max(1, count)
        guard excess > 0 else { return }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_get_iter_at_line(buffer, &end, Int32(excess))
        gtk_text_buffer_delete(buffer, &start, &end)
    }

    /// Removes the first characters so that at most `count` remain (one
    /// endless line is as much a flood as many lines).
    public func keepLastCharacters(_ count: Int) {
        let excess = characterCount - max(0, count)
        guard excess > 0 else { return }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(excess))
        gtk_text_buffer_delete(buffer, &start, &end)
    }

    // MARK: Following the end

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_vadjustment(OpaquePointer(raw))
    }

    /// Whether the last line is in view (or the text fits): a log that is
    /// here follows what is added. (Ctrl+End shows the last line, not the
    /// bottom margin under it.)
    public var isScrolledToEnd: Bool {
        guard let adjustment = verticalAdjustment else { return true }
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        return value + page >= gtk_adjustment_get_upper(adjustment) - 1 - Double(bottomMargin)
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
        onVerticalAdjustment("value-changed", handler)
    }

    /// Runs when the text's height or the view's changes (lines added or
    /// laid out, the view resized): a log that follows its end scrolls then,
    /// once the new lines have their real heights.
    @discardableResult
    public func onVerticalRangeChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        onVerticalAdjustment("changed", handler)
    }

    private func onVerticalAdjustment(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let adjustment = verticalAdjustment else { return 0 }
        let object = Object.wrap(UnsafeMutableRawPointer(adjustment), as: Object.self)
        return object.connect(signal, shape: .void) { _, _ in
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

    // MARK: Links

    private static let linkTagName = "demo-shell-link"

    private var linkTag: UnsafeMutablePointer<GtkTextTag> {
        let table = gtk_text_buffer_get_tag_table(buffer)
        if let tag = gtk_text_tag_table_lookup(table, Self.linkTagName) { return tag }
        let created = gtk_text_tag_new(Self.linkTagName)!
        shim_object_set_string(created, "foreground", "#3584e4")
        shim_object_set_int(created, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        gtk_text_tag_table_add(table, created)
        g_object_unref(created)
        return created
    }

    /// Marks the characters of `range` (offsets) as a link: underlined in
    /// the theme's accent blue.
    public func markLink(_ range: Range<Int>) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(clamping: range.upperBound))
        gtk_text_buffer_apply_tag(buffer, linkTag, &start, &end)
    }

    /// The text of the link at character `offset`, nil when there is none.
    public func link(at offset: Int) -> String? {
        let tag = linkTag
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: offset))
        guard gtk_text_iter_has_tag(&start, tag).bool else { return nil }
        var end = start
        if !gtk_text_iter_starts_tag(&start, tag).bool { gtk_text_iter_backward_to_tag_toggle(&start, tag) }
        gtk_text_iter_forward_to_tag_toggle(&end, tag)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The character offset under a point of the widget (a click's).
    public func offset(atWidgetX x: Double, y: Double) -> Int {
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(cast(), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_iter_at_location(cast(), &iter, bufferX, bufferY)
        return Int(gtk_text_iter_get_offset(&iter))
    }

    // MARK: Folding

    /// The buffer's characters from line `line` (0-based) on, with U+FFFC
    /// where a widget sits in the text, and the offset they start at:
    /// offsets in it are the buffer's (`text` leaves the widgets out).
    public func textWithWidgets(fromLine line: Int = 0) -> (text: String, offset: Int) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(clamping: max(0, line)))
        gtk_text_buffer_get_end_iter(buffer, &end)
        let offset = Int(gtk_text_iter_get_offset(&start))
        guard let text = gtk_text_buffer_get_slice(buffer, &start, &end, 1) else { return ("", offset) }
        defer { g_free(text) }
        return (String(cString: text), offset)
    }

    /// The text a reader sees: without what is folded away (nor the widgets).
    public var visibleText: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Puts `expander` in the text at `offset`, and hides the characters of
    /// `range` (offsets after the expander is in) while it is collapsed.
    public func fold(_ range: Range<Int>, under expander: Expander, at offset: Int) {
        fold([range], under: expander, at: offset)
    }

    /// Puts `expander` in the text at `offset`, and hides the characters of
    /// each of `ranges` (offsets after the expander is in) while it is
    /// collapsed: text on both sides of its line may go with it.
    public func fold(_ ranges: [Range<Int>], under expander: Expander, at offset: Int) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: offset))
        let anchor = gtk_text_buffer_create_child_anchor(buffer, &iter)
        gtk_text_view_add_child_at_anchor(cast(), expander.widget, anchor)
        // A tag of its own: each fold opens and closes alone.
        let tag = gtk_text_tag_new(nil)!
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag)
        for range in ranges {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(clamping: range.upperBound))
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
        let hide: @MainActor (Expander) -> Void = { shim_object_set_bool(tag, "invisible", $0.isExpanded ? 0 : 1) }
        hide(expander)
        expander.onExpandedChanged(hide)
        expander.show()
    }

    /// The expander in the line of character `offset`, if there is one.
    public func expander(onLineOf offset: Int) -> Expander? {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: offset))
        gtk_text_iter_set_line_offset(&iter, 0)
        repeat {
            if let anchor = gtk_text_iter_get_child_anchor(&iter) {
                let widgets = gtk_text_child_anchor_get_widgets(anchor)
                defer { g_list_free(widgets) }
                if let first = widgets?.pointee.data { return Object.wrap(first, as: Expander.self) }
            }
            if gtk_text_iter_ends_line(&iter).bool { break }
        } while gtk_text_iter_forward_char(&iter).bool
        return nil
    }

    /// Ctrl+C and the context menu's Copy give the selection whole, folded
    /// text included (GTK's own copy leaves hidden text out).
    public func copiesFoldedText() {
        on("copy-clipboard") { view in
            g_signal_stop_emission_by_name(view.raw, "copy-clipboard")
            var start = GtkTextIter(), end = GtkTextIter()
            guard gtk_text_buffer_get_selection_bounds(view.buffer, &start, &end).bool,
                let text = gtk_text_buffer_get_text(view.buffer, &start, &end, 1)
            else { return }
            defer { g_free(text) }
            Clipboard.standard.setText(String(cString: text))
        }
    }
}
