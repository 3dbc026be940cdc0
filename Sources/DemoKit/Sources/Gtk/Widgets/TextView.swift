package import CGtk

/// Where long lines break in a text view (`GtkWrapMode`).
public enum WrapMode: Sendable {
    /// `none` never breaks (the view scrolls sideways), `character` breaks
    /// anywhere, `word` between words, `wordCharacter` between words and
    /// within a word too long for a line.
    case none, character, word, wordCharacter

    var gtk: GtkWrapMode {
        switch self {
        case .none: GTK_WRAP_NONE
        case .character: GTK_WRAP_CHAR
        case .word: GTK_WRAP_WORD
        case .wordCharacter: GTK_WRAP_WORD_CHAR
        }
    }

    init(_ mode: GtkWrapMode) {
        switch mode {
        case GTK_WRAP_CHAR: self = .character
        case GTK_WRAP_WORD: self = .word
        case GTK_WRAP_WORD_CHAR: self = .wordCharacter
        default: self = .none
        }
    }
}

/// A `GtkTextView` with its own `GtkTextBuffer`: many lines of text, editable
/// or read-only (a story being written, or the story told).
///
/// The buffer stays an implementation detail: every view owns exactly one, so
/// the text and its "changed" signal are reached through the view.
///
/// ```swift
/// let story = TextView(isEditable: false)
/// story.wrapMode = .wordCharacter
/// story.text = localized("Once upon a time…")
/// let scroller = ScrolledWindow()
/// scroller.add(story)
/// ```
@MainActor
open class TextView: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_text_view_get_type() }

    /// A view showing `text`; `isEditable: false` for text the user reads (and
    /// may select) but does not change.
    public convenience init(text: String = "", isEditable: Bool = true) {
        self.init(raw: UnsafeMutableRawPointer(gtk_text_view_new()), transfer: .floating)
        self.text = text
        self.isEditable = isEditable
    }

    /// The `GtkTextBuffer *` the view shows.
    package var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(cast()) }

    /// The whole text (hidden text included).
    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// Adds `text` at the end, leaving the cursor where it was.
    public func append(_ text: String) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_insert(buffer, &end, text, -1)
    }

    /// Inserts `text` at the cursor, as typing or pasting does.
    public func insertAtCursor(_ text: String) { gtk_text_buffer_insert_at_cursor(buffer, text, -1) }

    /// The length of the text in Unicode scalars (not bytes; an emoji with a
    /// skin tone counts two).
    public var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    /// Read-only views still select and copy, but refuse edits.
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(cast()).bool }
        set { gtk_text_view_set_editable(cast(), newValue.gboolean) }
    }

    /// A read-only view usually hides its cursor.
    public var isCursorVisible: Bool {
        get { gtk_text_view_get_cursor_visible(cast()).bool }
        set { gtk_text_view_set_cursor_visible(cast(), newValue.gboolean) }
    }

    /// Where long lines break; a text view does not wrap until this is set.
    public var wrapMode: WrapMode {
        get { WrapMode(gtk_text_view_get_wrap_mode(cast())) }
        set { gtk_text_view_set_wrap_mode(cast(), newValue.gtk) }
    }

    /// Uses the monospace font (the `.monospace` style class).
    public var isMonospace: Bool {
        get { gtk_text_view_get_monospace(cast()).bool }
        set { gtk_text_view_set_monospace(cast(), newValue.gboolean) }
    }

    /// Whether Tab inserts a tab (true) or moves the focus on (false).
    public var acceptsTab: Bool {
        get { gtk_text_view_get_accepts_tab(cast()).bool }
        set { gtk_text_view_set_accepts_tab(cast(), newValue.gboolean) }
    }

    /// Space in pixels between the text and the view's left edge.
    public var leftMargin: Int {
        get { Int(gtk_text_view_get_left_margin(cast())) }
        set { gtk_text_view_set_left_margin(cast(), Int32(newValue)) }
    }

    /// Space in pixels between the text and the view's right edge.
    public var rightMargin: Int {
        get { Int(gtk_text_view_get_right_margin(cast())) }
        set { gtk_text_view_set_right_margin(cast(), Int32(newValue)) }
    }

    /// Space in pixels above the first line.
    public var topMargin: Int {
        get { Int(gtk_text_view_get_top_margin(cast())) }
        set { gtk_text_view_set_top_margin(cast(), Int32(newValue)) }
    }

    /// Space in pixels below the last line.
    public var bottomMargin: Int {
        get { Int(gtk_text_view_get_bottom_margin(cast())) }
        set { gtk_text_view_set_bottom_margin(cast(), Int32(newValue)) }
    }

    // MARK: Lines, the cursor and scrolling

    /// The number of lines (an empty text has one).
    public var lineCount: Int { Int(gtk_text_buffer_get_line_count(buffer)) }

    /// The 1-based line of the cursor.
    public var cursorLine: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        return Int(gtk_text_iter_get_line(&iter)) + 1
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

    /// Puts the cursor at the start of the text, leaving the focus where it
    /// is: new text read from the top has its caret there (setting `text`
    /// leaves it at the end, out of view in a long text).
    public func placeCursorAtStart() {
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
    }

    /// Keeps the end of the text in view (a log as it grows).
    public func scrollToEnd() {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let mark = gtk_text_buffer_create_mark(buffer, nil, &end, 0)
        gtk_text_view_scroll_to_mark(cast(), mark, 0, 0, 0, 1)
        gtk_text_buffer_delete_mark(buffer, mark)
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

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_vadjustment(OpaquePointer(raw))
    }

    private var horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_hadjustment(OpaquePointer(raw))
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

    /// Removes a handler added with `onChanged` (its id belongs to the buffer).
    public func disconnectChanged(_ handlerID: UInt) {
        if g_signal_handler_is_connected(buffer, handlerID).bool { g_signal_handler_disconnect(buffer, handlerID) }
    }
}

extension SignalEmitter where Self: TextView {
    /// Runs after every change to the text, typed or set.
    ///
    /// "changed" is the buffer's signal. The connection is on the buffer and is
    /// cut when the view is destroyed, so the handler (and what it captures) is
    /// released with the view even if something else still holds the buffer.
    /// The id is the buffer's: pass it to `disconnectChanged`, not `disconnect`.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        let view = raw
        let bufferRaw = UnsafeMutableRawPointer(buffer)
        let buffer = Object.wrap(bufferRaw, as: Object.self)
        let id = buffer.connect("changed", shape: .void) { _, _ in
            handler(Object.wrap(view, as: Self.self))
            return 0
        }
        connect("destroy", shape: .void) { _, _ in
            if g_signal_handler_is_connected(bufferRaw, id).bool { g_signal_handler_disconnect(bufferRaw, id) }
            return 0
        }
        return id
    }
}
