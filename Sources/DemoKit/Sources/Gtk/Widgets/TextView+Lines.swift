package import CGtk
package import CGtkShim

/// Lines of a text view by number: where the cursor is, and lines marked as
/// having a problem (a compiler's error), tinted and underlined.
extension TextView {
    /// The 1-based line of the cursor.
    public var cursorLine: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        return Int(gtk_text_iter_get_line(&iter)) + 1
    }

    /// Puts the cursor at the start of 1-based `line` (column `column`, 1-based,
    /// when given; clamped to the text), scrolls it into view (its start too,
    /// when the column fits) and focuses the view.
    public func moveCursor(toLine line: Int, column: Int = 1) {
        var iter = GtkTextIter()
        let lines = Int(gtk_text_buffer_get_line_count(buffer))
        gtk_text_buffer_get_iter_at_line(buffer, &iter, Int32(max(0, min(line, lines) - 1)))
        let length = Int(gtk_text_iter_get_chars_in_line(&iter))
        if column > 1 { gtk_text_iter_forward_chars(&iter, Int32(min(column - 1, max(0, length - 1)))) }
        gtk_text_buffer_place_cursor(buffer, &iter)
        // Not to the column at the left edge: the line's start stays in sight.
        scrollToCursorKeepingLineStart(yAlign: 0.3)
        grabFocus()
    }

    /// Marks 1-based `lines` (tinted, with an error underline; amber for
    /// warnings), replacing any marked before; an empty list clears them.
    /// The tint is translucent, so it reads on light and dark schemes alike.
    public func markProblemLines(_ lines: [Int], warnings: Bool = false) {
        let table = gtk_text_buffer_get_tag_table(buffer)
        let name = warnings ? Self.warningTagName : Self.problemTagName
        var tag = gtk_text_tag_table_lookup(table, name)
        if tag == nil {
            let created = gtk_text_tag_new(name)
            shim_object_set_string(
                created, "paragraph-background", warnings ? "rgba(229,165,10,0.18)" : "rgba(224,27,36,0.16)")
            shim_object_set_int(created, "underline", Int32(PANGO_UNDERLINE_ERROR.rawValue))
            gtk_text_tag_table_add(table, created)
            g_object_unref(created)
            tag = created
        }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        let count = Int(gtk_text_buffer_get_line_count(buffer))
        for line in Set(lines) where line >= 1 && line <= count {
            gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(line - 1))
            end = start
            if !gtk_text_iter_ends_line(&end).bool { gtk_text_iter_forward_to_line_end(&end) }
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
    }

    /// The 1-based lines now marked by `markProblemLines`.
    public var markedProblemLines: [Int] {
        let table = gtk_text_buffer_get_tag_table(buffer)
        guard let tag = gtk_text_tag_table_lookup(table, Self.problemTagName) else { return [] }
        var lines: [Int] = []
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        repeat {
            if gtk_text_iter_has_tag(&iter, tag).bool { lines.append(Int(gtk_text_iter_get_line(&iter)) + 1) }
        } while gtk_text_iter_forward_line(&iter).bool
        return lines
    }

    /// The number of lines (an empty text has one).
    public var lineCount: Int { Int(gtk_text_buffer_get_line_count(buffer)) }

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

    /// Keeps the end of the text in view (a log as it grows).
    public func scrollToEnd() {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let mark = gtk_text_buffer_create_mark(buffer, nil, &end, 0)
        gtk_text_view_scroll_to_mark(cast(), mark, 0, 0, 0, 1)
        gtk_text_buffer_delete_mark(buffer, mark)
    }

    /// Puts the cursor at the start of the text, leaving the focus where it
    /// is: new text read from the top has its caret there (setting `text`
    /// leaves it at the end, out of view in a long text).
    public func placeCursorAtStart() {
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
    }

    private static let problemTagName = "demo-shell-problem"
    private static let warningTagName = "demo-shell-warning"
}
