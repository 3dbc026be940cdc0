import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A read-only or editable code view (`GtkSourceView` with its own
/// `GtkSourceBuffer`): syntax highlighting, line numbers, style schemes and
/// search with every match highlighted.
///
/// Its parts own their state: the search (`SourceSearch`), the gutter's
/// marks (`SourceMarks`) and Show Values' hints (`ValueHintsLayer`); the
/// view forwards to them, so callers see one editor.
///
/// Call `SourceViewLibrary.load()` first and make a view only when it
/// returned nil. Offsets and lengths are in characters (Unicode scalars), as
/// in GtkTextBuffer.
@MainActor
public final class SourceView: TextView {
    /// 0 (no type) until the library is loaded.
    override public class var gtkType: UInt { SourceViewLibrary.symbols?.viewType() ?? 0 }

    public convenience init() {
        precondition(SourceViewLibrary.load() == nil, "GtkSourceView 4 is not available")
        guard let view = SourceViewLibrary.api.viewNew() else { preconditionFailure("gtk_source_view_new failed") }
        self.init(raw: view, transfer: .floating)
    }

    private var api: Symbols { SourceViewLibrary.api }

    /// Find and Replace in the buffer shown.
    private lazy var search = SourceSearch(view: self)
    /// The gutter's marks.
    private lazy var marks = SourceMarks(view: self)
    /// Show Values' hints, drawn over the text (its drawing reaches it through the view).
    private(set) lazy var valueHintsLayer = ValueHintsLayer(view: self)

    public typealias GutterMark = DemoShellKit.GutterMark
    public typealias ValueHint = DemoShellKit.ValueHint

    /// The `GtkSourceBuffer *` shown (owned by the view).
    private var bufferRaw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(buffer) }

    /// Replaces the text, puts the cursor at the start and scrolls there.
    /// Not an edit: Undo never goes back past it (to another file's text).
    public func load(_ text: String) {
        sourceBuffer.load(text)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_view_scroll_to_iter(cast(), &start, 0, 0, 0, 0)
    }

    /// The buffer shown. Setting another shows its text, with its own
    /// cursor (scrolled into view) and undo history; the search follows it.
    public var sourceBuffer: SourceBuffer {
        get { Object.wrap(UnsafeMutableRawPointer(buffer), as: SourceBuffer.self) }
        set {
            guard newValue.raw != UnsafeMutableRawPointer(buffer) else { return }
            gtk_text_view_set_buffer(cast(), newValue.textBuffer)
            search.followBuffer()  // the search moves to the new text
            gtk_text_view_scroll_to_mark(cast(), gtk_text_buffer_get_insert(buffer), 0.1, 0, 0, 0)
        }
    }

    public var showsLineNumbers: Bool {
        get { api.getShowLineNumbers(raw).bool }
        set { api.setShowLineNumbers(raw, newValue.gboolean) }
    }

    public func setHighlightsCurrentLine(_ on: Bool) { api.setHighlightCurrentLine(raw, on.gboolean) }
    public func setHighlightsMatchingBrackets(_ on: Bool) { sourceBuffer.setHighlightsMatchingBrackets(on) }
    public func setTabWidth(_ width: Int) { api.setTabWidth(raw, guint(max(1, width))) }

    /// The language of the buffer shown (`SourceBuffer.languageID`): a
    /// buffer shown later keeps its own.
    public var languageID: String? {
        get { sourceBuffer.languageID }
        set { sourceBuffer.languageID = newValue }
    }

    /// The colour scheme of the buffer shown (`SourceBuffer.styleSchemeID`).
    public var styleSchemeID: String? {
        get { sourceBuffer.styleSchemeID }
        set { sourceBuffer.styleSchemeID = newValue }
    }

    /// The highlighting classes (`comment`, `string`…) at a character offset,
    /// after highlighting the whole text now rather than when it is drawn.
    public func contextClasses(at offset: Int) -> [String] {
        var start = GtkTextIter(), end = GtkTextIter(), iter = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        api.ensureHighlight(bufferRaw, &start, &end)
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: offset))
        guard let classes = api.contextClasses(bufferRaw, &iter) else { return [] }
        defer { g_strfreev(classes) }
        var result: [String] = []
        var index = 0
        while let name = classes[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }

    // MARK: Selection

    /// The selected characters as offsets, nil when nothing is selected.
    public var selectedRange: Range<Int>? {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool else { return nil }
        return Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
    }

    public var selectedText: String? {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool,
            let text = gtk_text_buffer_get_text(buffer, &start, &end, 1)
        else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Selects a range of characters and scrolls it into view.
    public func select(_ range: Range<Int>) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(clamping: range.upperBound))
        select(&start, &end)
    }

    func select(_ start: inout GtkTextIter, _ end: inout GtkTextIter) {
        gtk_text_buffer_select_range(buffer, &start, &end)
        gtk_text_view_scroll_to_mark(cast(), gtk_text_buffer_get_insert(buffer), 0.1, 0, 0, 0)
    }

    // MARK: Going to a line

    /// Puts the cursor at the start of 1-based `line` (column `column`, 1-based,
    /// when given; clamped to the text), scrolls it into view (its start too,
    /// when the column fits) and focuses the view.
    public func moveCursor(toLine line: Int, column: Int = 1) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &iter, Int32(max(0, min(line, lineCount) - 1)))
        let length = Int(gtk_text_iter_get_chars_in_line(&iter))
        if column > 1 { gtk_text_iter_forward_chars(&iter, Int32(min(column - 1, max(0, length - 1)))) }
        gtk_text_buffer_place_cursor(buffer, &iter)
        // Not to the column at the left edge: the line's start stays in sight.
        scrollToCursorKeepingLineStart(yAlign: 0.3)
        grabFocus()
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

    /// Scrolls the cursor's line into view with its start in sight (code
    /// scrolled sideways to a column shows short lines as blank): back to
    /// the left edge when the cursor fits in the view's width from there,
    /// else just far enough to show the cursor. `yAlign` places the line
    /// (0: top, 1: bottom).
    private func scrollToCursorKeepingLineStart(yAlign: Double) {
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

    // MARK: Editing

    /// Auto-indent, spaces for tabs, four-space indents, smart Backspace:
    /// what a person typing Swift expects of an editable view.
    public func indentsAsCode() {
        setProperty("auto-indent", true)
        setProperty("insert-spaces-instead-of-tabs", true)
        setProperty("indent-width", 4)
        setProperty("smart-backspace", true)
    }

    /// Marks 1-based `lines` (tinted; amber for warnings), replacing any marked before; an empty list clears them.
    /// The tint is translucent, so it reads on light and dark schemes alike.
    public func markProblemLines(_ lines: [Int], warnings: Bool = false) {
        marks.markProblemLines(lines, warnings: warnings)
    }

    /// The 1-based lines now marked by `markProblemLines`.
    public var markedProblemLines: [Int] { marks.markedProblemLines }

    /// Underlines each problem where it is on its line (its range, else the
    /// word at its column), replacing those underlined before; an empty list clears them.
    public func underlineProblems(_ spans: [ProblemSpan]) { marks.underline(spans) }

    /// The character ranges underlined as errors (or, `errors` false, as warnings).
    public func underlinedProblemRanges(errors: Bool = true) -> [Range<Int>] {
        marks.underlinedRanges(errors: errors)
    }

    /// Shows `kind`'s mark beside each of 1-based `lines`, replacing the
    /// marks of that kind shown before; an empty list clears them.
    public func setGutterMarks(_ lines: [Int], kind: GutterMark = .error) { marks.setGutterMarks(lines, kind: kind) }

    /// The 1-based lines with a gutter mark of `kind`.
    public func gutterMarkedLines(_ kind: GutterMark = .error) -> [Int] { marks.gutterMarkedLines(kind) }

    // MARK: Search

    /// What to find; every occurrence is highlighted. Case-insensitive, and
    /// the search wraps around the end. Empty clears the highlighting.
    public var searchText: String {
        get { search.text }
        set { search.text = newValue }
    }

    /// How many matches the text has; nil while GtkSourceView is still
    /// counting (it counts in idle time: see `onSearchCountChanged`).
    public var searchMatchCount: Int? { search.matchCount }

    /// The 1-based position of the selected match among all matches, or nil
    /// when the selection is not a match (or the count is not known yet).
    public var searchMatchPosition: Int? { search.matchPosition }

    /// Selects the next match after the selection (or cursor), wrapping
    /// around; false when there is none.
    @discardableResult
    public func findNext() -> Bool { search.find(forward: true) }

    /// Selects the match before the selection (or cursor), wrapping around.
    @discardableResult
    public func findPrevious() -> Bool { search.find(forward: false) }

    /// Whether "Label" matches only "Label", not "label" (off by default).
    public var searchIsCaseSensitive: Bool {
        get { search.isCaseSensitive }
        set { search.isCaseSensitive = newValue }
    }

    /// Whether only whole words match ("label" then misses "labels").
    public var searchMatchesWholeWords: Bool {
        get { search.matchesWholeWords }
        set { search.matchesWholeWords = newValue }
    }

    /// Replaces the selected match with `replacement` and selects the next
    /// match; when the selection is not a match, only finds the next. False
    /// when nothing was replaced.
    @discardableResult
    public func replaceSelectedMatch(with replacement: String) -> Bool {
        search.replaceSelectedMatch(with: replacement)
    }

    /// Replaces every match with `replacement` (one undoable step); how many.
    @discardableResult
    public func replaceAllMatches(with replacement: String) -> Int { search.replaceAllMatches(with: replacement) }

    fileprivate func onSearchCount(_ handler: @escaping @MainActor () -> Void) -> UInt {
        search.onCountChanged(handler)
    }

    // MARK: Show Values' hints

    /// Replaces the hints of `lines` (nil text: that line's hint goes),
    /// leaving the others; redrawn in the next frame, once however many
    /// calls come before it.
    public func updateValueHints(_ hints: [ValueHint], removing gone: [Int] = []) {
        valueHintsLayer.update(hints, removing: gone)
    }

    /// Removes every hint (a new run, an edit that moved the lines).
    public func clearValueHints() { valueHintsLayer.clear() }

    /// The hints the view holds, by line (what is drawn where it is in sight).
    public var valueHints: [ValueHint] { valueHintsLayer.all }

    /// The tooltip of the hint under a point of the widget, or, with no
    /// point, of the cursor's line (the keyboard's tooltip).
    public func valueHintDetails(atWidgetX x: Double? = nil, y: Double? = nil) -> String? {
        valueHintsLayer.details(atWidgetX: x, y: y)
    }

    /// Where hint `line` is drawn, in widget coordinates; nil when not in sight.
    public func valueHintArea(line: Int) -> Rect? { valueHintsLayer.area(line: line) }
}

extension SignalEmitter where Self: SourceView {
    /// Runs when the number of matches becomes known or changes.
    @discardableResult
    public func onSearchCountChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        let view = raw
        return onSearchCount { handler(Object.wrap(view, as: Self.self)) }
    }
}
