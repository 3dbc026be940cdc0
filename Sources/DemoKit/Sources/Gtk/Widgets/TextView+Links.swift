package import CGtk
package import CGtkShim

/// Links in a read-only text view (a log's `File.swift:12`): underlined in
/// the theme's accent blue, found again under a click or the cursor.
extension TextView {
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

    /// Marks the characters of `range` (offsets) as a link.
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

    /// The character offset of the cursor.
    public var cursorOffset: Int {
        get {
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
            return Int(gtk_text_iter_get_offset(&iter))
        }
        set {
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: newValue))
            gtk_text_buffer_place_cursor(buffer, &iter)
        }
    }

    /// The character offset under a point of the widget (a click's).
    public func offset(atWidgetX x: Double, y: Double) -> Int {
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(cast(), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_iter_at_location(cast(), &iter, bufferX, bufferY)
        return Int(gtk_text_iter_get_offset(&iter))
    }
}
