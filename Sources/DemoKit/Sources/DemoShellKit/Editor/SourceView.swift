import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// GtkSourceView 4 (the GTK 3 series), opened on first use.
///
/// GtkSourceView pulls libxml2 and ICU in with it: linked into DemoKit, every
/// start of the shell and of every plugin would map and relocate them for a
/// viewer most runs never show. So the library is `dlopen`ed the first time a
/// `SourceView` is wanted, and its functions are looked up by name. Only the
/// functions below are used; each signature is copied from the 4.x headers
/// (`/usr/include/gtksourceview-4`), and `LauncherPaneTests` drives every one through the Source page.
@MainActor
public enum SourceViewLibrary {
    /// The run-time library of Debian's `libgtksourceview-4-0`.
    public static let libraryName = "libgtksourceview-4.so.0"

    /// Opens the library once; nil when it is ready, else why it is not.
    @discardableResult
    public static func load() -> String? {
        if symbols != nil { return nil }
        if let failure { return failure }
        guard let handle = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? libraryName
            failure = reason
            return reason
        }
        do {
            symbols = try Symbols(handle)
            symbols?.initialize()
            WrapperClasses.register(SourceView.self)
            WrapperClasses.register(SourceBuffer.self)
            return nil
        } catch {
            failure = error.message
            return error.message
        }
    }

    /// Whether the library is in memory (tests check that start-up leaves it out).
    public static var isLoaded: Bool { symbols != nil }

    /// Whether this process has mapped the library, however it got there.
    public static var isMappedInProcess: Bool {
        dlopen(libraryName, RTLD_NOLOAD | RTLD_LAZY).map {
            dlclose($0)
            return true
        } ?? false
    }

    static var symbols: Symbols?
    private static var failure: String?

    static var api: Symbols {
        guard let symbols else {
            preconditionFailure("SourceViewLibrary.load() must succeed before a SourceView is made")
        }
        return symbols
    }
}

struct SourceViewSymbolMissing: Error {
    let message: String
}

/// The GtkSourceView functions the binding calls, resolved with `dlsym`.
@MainActor
struct Symbols {
    typealias Pointer = UnsafeMutableRawPointer
    typealias Iter = UnsafePointer<GtkTextIter>
    typealias MutableIter = UnsafeMutablePointer<GtkTextIter>

    let initialize: @convention(c) () -> Void
    let viewType: @convention(c) () -> GType
    let bufferType: @convention(c) () -> GType
    let viewNew: @convention(c) () -> Pointer?
    let setShowLineNumbers: @convention(c) (Pointer, gboolean) -> Void
    let getShowLineNumbers: @convention(c) (Pointer) -> gboolean
    let setHighlightCurrentLine: @convention(c) (Pointer, gboolean) -> Void
    let setTabWidth: @convention(c) (Pointer, guint) -> Void
    let languageManager: @convention(c) () -> Pointer?
    let language: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Pointer?
    let languageID: @convention(c) (Pointer) -> UnsafePointer<CChar>?
    let setLanguage: @convention(c) (Pointer, Pointer?) -> Void
    let getLanguage: @convention(c) (Pointer) -> Pointer?
    let schemeManager: @convention(c) () -> Pointer?
    let scheme: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Pointer?
    let schemeID: @convention(c) (Pointer) -> UnsafePointer<CChar>?
    let setScheme: @convention(c) (Pointer, Pointer?) -> Void
    let getScheme: @convention(c) (Pointer) -> Pointer?
    let setHighlightMatchingBrackets: @convention(c) (Pointer, gboolean) -> Void
    let ensureHighlight: @convention(c) (Pointer, Iter, Iter) -> Void
    let contextClasses: @convention(c) (Pointer, Iter) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let searchSettingsNew: @convention(c) () -> Pointer?
    let setSearchText: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void
    let getSearchText: @convention(c) (Pointer) -> UnsafePointer<CChar>?
    let setCaseSensitive: @convention(c) (Pointer, gboolean) -> Void
    let setWrapAround: @convention(c) (Pointer, gboolean) -> Void
    let searchContextNew: @convention(c) (Pointer, Pointer?) -> Pointer?
    let setSearchHighlight: @convention(c) (Pointer, gboolean) -> Void
    let searchForward:
        @convention(c) (Pointer, Iter, MutableIter, MutableIter, UnsafeMutablePointer<gboolean>?) -> gboolean
    let searchBackward:
        @convention(c) (Pointer, Iter, MutableIter, MutableIter, UnsafeMutablePointer<gboolean>?) -> gboolean
    let occurrencesCount: @convention(c) (Pointer) -> gint
    let occurrencePosition: @convention(c) (Pointer, Iter, Iter) -> gint
    let beginNotUndoable: @convention(c) (Pointer) -> Void
    let endNotUndoable: @convention(c) (Pointer) -> Void

    init(_ handle: UnsafeMutableRawPointer) throws(SourceViewSymbolMissing) {
        func symbol<T>(_ name: String, _: T.Type = T.self) throws(SourceViewSymbolMissing) -> T {
            guard let address = dlsym(handle, name) else {
                throw SourceViewSymbolMissing(message: "\(SourceViewLibrary.libraryName) has no \(name)")
            }
            return unsafeBitCast(address, to: T.self)
        }
        initialize = try symbol("gtk_source_init")
        viewType = try symbol("gtk_source_view_get_type")
        bufferType = try symbol("gtk_source_buffer_get_type")
        viewNew = try symbol("gtk_source_view_new")
        setShowLineNumbers = try symbol("gtk_source_view_set_show_line_numbers")
        getShowLineNumbers = try symbol("gtk_source_view_get_show_line_numbers")
        setHighlightCurrentLine = try symbol("gtk_source_view_set_highlight_current_line")
        setTabWidth = try symbol("gtk_source_view_set_tab_width")
        languageManager = try symbol("gtk_source_language_manager_get_default")
        language = try symbol("gtk_source_language_manager_get_language")
        languageID = try symbol("gtk_source_language_get_id")
        setLanguage = try symbol("gtk_source_buffer_set_language")
        getLanguage = try symbol("gtk_source_buffer_get_language")
        schemeManager = try symbol("gtk_source_style_scheme_manager_get_default")
        scheme = try symbol("gtk_source_style_scheme_manager_get_scheme")
        schemeID = try symbol("gtk_source_style_scheme_get_id")
        setScheme = try symbol("gtk_source_buffer_set_style_scheme")
        getScheme = try symbol("gtk_source_buffer_get_style_scheme")
        setHighlightMatchingBrackets = try symbol("gtk_source_buffer_set_highlight_matching_brackets")
        ensureHighlight = try symbol("gtk_source_buffer_ensure_highlight")
        contextClasses = try symbol("gtk_source_buffer_get_context_classes_at_iter")
        searchSettingsNew = try symbol("gtk_source_search_settings_new")
        setSearchText = try symbol("gtk_source_search_settings_set_search_text")
        getSearchText = try symbol("gtk_source_search_settings_get_search_text")
        setCaseSensitive = try symbol("gtk_source_search_settings_set_case_sensitive")
        setWrapAround = try symbol("gtk_source_search_settings_set_wrap_around")
        searchContextNew = try symbol("gtk_source_search_context_new")
        setSearchHighlight = try symbol("gtk_source_search_context_set_highlight")
        searchForward = try symbol("gtk_source_search_context_forward")
        searchBackward = try symbol("gtk_source_search_context_backward")
        occurrencesCount = try symbol("gtk_source_search_context_get_occurrences_count")
        occurrencePosition = try symbol("gtk_source_search_context_get_occurrence_position")
        beginNotUndoable = try symbol("gtk_source_buffer_begin_not_undoable_action")
        endNotUndoable = try symbol("gtk_source_buffer_end_not_undoable_action")
    }
}

/// A read-only or editable code view (`GtkSourceView` with its own
/// `GtkSourceBuffer`): syntax highlighting, line numbers, style schemes and
/// search with every match highlighted.
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

    /// What `onSearchCountChanged` was given, connected again to the search
    /// context of each buffer shown.
    var searchCountHandlers: [@MainActor () -> Void] = []

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

    private func select(_ start: inout GtkTextIter, _ end: inout GtkTextIter) {
        gtk_text_buffer_select_range(buffer, &start, &end)
        gtk_text_view_scroll_to_mark(cast(), gtk_text_buffer_get_insert(buffer), 0.1, 0, 0, 0)
    }

    // MARK: Search

    /// The search context of the buffer shown, made on first use and kept
    /// with the view; a buffer shown instead gets one of its own, with the
    /// same settings (`sourceBuffer`).
    var searchContext: UnsafeMutableRawPointer {
        if let existing = g_object_get_data(gobject, Self.searchContextKey),
            BufferSymbols.shared?.searchContextBuffer(existing) == bufferRaw
        {
            return existing
        }
        guard let context = api.searchContextNew(bufferRaw, searchSettings) else {
            preconditionFailure("gtk_source_search_context_new failed")
        }
        api.setSearchHighlight(context, 1)
        g_object_set_data_full(gobject, Self.searchContextKey, context) { g_object_unref($0) }  // the old one goes
        for handler in searchCountHandlers { connectSearchCount(handler, to: context) }
        return context
    }

    var hasSearchContext: Bool { g_object_get_data(gobject, Self.searchContextKey) != nil }

    /// The settings (what to find, and how), kept with the view.
    private var searchSettings: UnsafeMutableRawPointer {
        if let existing = g_object_get_data(gobject, Self.searchSettingsKey) { return existing }
        guard let settings = api.searchSettingsNew() else {
            preconditionFailure("gtk_source_search_settings_new failed")
        }
        api.setWrapAround(settings, 1)
        api.setCaseSensitive(settings, 0)
        g_object_set_data_full(gobject, Self.searchSettingsKey, settings) { g_object_unref($0) }
        return settings
    }

    @discardableResult
    func connectSearchCount(_ handler: @escaping @MainActor () -> Void, to context: UnsafeMutableRawPointer) -> UInt {
        Object.wrap(context, as: Object.self).connect("notify::occurrences-count", shape: .argument) { _, _ in
            handler()
            return 0
        }
    }

    static let searchContextKey = "demokit-source-search-context"
    private static let searchSettingsKey = "demokit-source-search-settings"

    /// What to find; every occurrence is highlighted. Case-insensitive, and
    /// the search wraps around the end. Empty clears the highlighting.
    public var searchText: String {
        get { api.getSearchText(searchSettings).map { String(cString: $0) } ?? "" }
        set { api.setSearchText(searchSettings, newValue.isEmpty ? nil : newValue) }
    }

    /// How many matches the text has; nil while GtkSourceView is still
    /// counting (it counts in idle time: see `onSearchCountChanged`).
    public var searchMatchCount: Int? {
        let count = api.occurrencesCount(searchContext)
        return count < 0 ? nil : Int(count)
    }

    /// The 1-based position of the selected match among all matches, or nil
    /// when the selection is not a match (or the count is not known yet).
    public var searchMatchPosition: Int? {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool else { return nil }
        let position = api.occurrencePosition(searchContext, &start, &end)
        return position > 0 ? Int(position) : nil
    }

    /// Selects the next match after the selection (or cursor), wrapping
    /// around; false when there is none.
    @discardableResult
    public func findNext() -> Bool { find(forward: true) }

    /// Selects the match before the selection (or cursor), wrapping around.
    @discardableResult
    public func findPrevious() -> Bool { find(forward: false) }

    private func find(forward: Bool) -> Bool {
        guard !searchText.isEmpty else { return false }
        var start = GtkTextIter(), end = GtkTextIter()
        if !gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool {
            gtk_text_buffer_get_iter_at_mark(buffer, &start, gtk_text_buffer_get_insert(buffer))
            end = start
        }
        var from = forward ? end : start
        var matchStart = GtkTextIter(), matchEnd = GtkTextIter()
        var wrapped: gboolean = 0
        let context = searchContext
        let found =
            forward
            ? api.searchForward(context, &from, &matchStart, &matchEnd, &wrapped)
            : api.searchBackward(context, &from, &matchStart, &matchEnd, &wrapped)
        guard found.bool else { return false }
        select(&matchStart, &matchEnd)
        return true
    }
}

extension SignalEmitter where Self: SourceView {
    /// Runs when the number of matches becomes known or changes.
    @discardableResult
    public func onSearchCountChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        let view = raw
        let call: @MainActor () -> Void = { handler(Object.wrap(view, as: Self.self)) }
        let existing = hasSearchContext ? searchContext : nil  // (a context of another buffer is replaced)
        searchCountHandlers.append(call)
        // A new context connects every handler; the one made for this
        // buffer already needs the new one.
        return existing.map { connectSearchCount(call, to: $0) }
            ?? {
                _ = searchContext
                return 0
            }()
    }
}
