import CGtk
import Gtk

/// A call written by completion with its arguments as placeholders: the
/// first is selected, to type over, and Tab selects each next one, as in
/// Xcode (GtkSourceView 4 has no snippets). Each placeholder is kept by two
/// marks of the buffer, so that typing before or in one moves them right.
@MainActor
final class SourcePlaceholders {
    private weak var view: SourceView?
    /// The placeholders still to visit, in order: their start and end marks.
    private var pending: [(start: UnsafeMutablePointer<GtkTextMark>, end: UnsafeMutablePointer<GtkTextMark>)] = []
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>?

    init(view: SourceView) {
        self.view = view
        view.onKeyPress { [weak self] _, key in
            guard let self, key.keyval == Key.tab, key.modifiers.intersection([.control, .shift, .alt]).isEmpty,
                self.selectNext()
            else { return .proceed }
            return .stop
        }
    }

    /// Writes `text` over the characters `start..<end` as one step Undo
    /// takes back, and selects the first of `placeholders` (character
    /// ranges into `text`); Tab then walks the others.
    func write(_ text: String, replacing start: Int, _ end: Int, placeholders: [Range<Int>]) {
        guard let view else { return }
        clear()
        let buffer = view.buffer
        self.buffer = buffer
        var from = GtkTextIter(), to = GtkTextIter()
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_get_iter_at_offset(buffer, &from, Int32(clamping: start))
        gtk_text_buffer_get_iter_at_offset(buffer, &to, Int32(clamping: end))
        gtk_text_buffer_delete(buffer, &from, &to)
        gtk_text_buffer_get_iter_at_offset(buffer, &from, Int32(clamping: start))
        gtk_text_buffer_insert(buffer, &from, text, -1)
        gtk_text_buffer_end_user_action(buffer)
        for range in placeholders {
            var first = GtkTextIter(), last = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &first, Int32(clamping: start + range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &last, Int32(clamping: start + range.upperBound))
            // Left gravity at the start, right at the end: what is typed in it stays in it.
            guard let startMark = gtk_text_buffer_create_mark(buffer, nil, &first, 1),
                let endMark = gtk_text_buffer_create_mark(buffer, nil, &last, 0)
            else { continue }
            pending.append((startMark, endMark))
        }
        _ = selectNext()
    }

    /// Selects the next placeholder; false when none is left.
    private func selectNext() -> Bool {
        guard let buffer, !pending.isEmpty else { return false }
        let (startMark, endMark) = pending.removeFirst()
        var first = GtkTextIter(), last = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &first, startMark)
        gtk_text_buffer_get_iter_at_mark(buffer, &last, endMark)
        gtk_text_buffer_delete_mark(buffer, startMark)
        gtk_text_buffer_delete_mark(buffer, endMark)
        gtk_text_buffer_select_range(buffer, &last, &first)
        return true
    }

    /// Forgets the placeholders left (a new item written, another file shown).
    func clear() {
        if let buffer {
            for (startMark, endMark) in pending {
                gtk_text_buffer_delete_mark(buffer, startMark)
                gtk_text_buffer_delete_mark(buffer, endMark)
            }
        }
        pending = []
    }
}
