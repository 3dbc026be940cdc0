import CGtk
import CGtkShim
import DemoBasics
import Gtk
import ShellBasics

/// Text folded under one line of a read-only text view (a crash's backtrace
/// in Edit and Run's Output): the line is an `Expander` in the text, and the
/// text it stands for is hidden while it is collapsed, yet still part of
/// the buffer: `text` and a copy of the selection keep it whole.
extension TextView {
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
