import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A source view's search: what to find and how (GtkSourceSearchSettings,
/// one for the view), every match highlighted in the buffer shown (a
/// GtkSourceSearchContext, made again for each buffer shown, with the same
/// settings), and what a learner's find bar offers beyond finding: matching
/// case, whole words only, and replacing, each an edit Undo takes back.
///
/// Owned by its `SourceView`, which forwards to it.
@MainActor
final class SourceSearch {
    private unowned let view: SourceView
    private var api: Symbols { SourceViewLibrary.api }

    /// The settings (what to find, and how), made on first use.
    private var madeSettings: UnsafeMutableRawPointer?
    /// The context of the buffer it was made for, made on first use.
    private var madeContext: UnsafeMutableRawPointer?
    /// What `onCountChanged` was given, connected again to each new context.
    private var countHandlers: [@MainActor () -> Void] = []

    init(view: SourceView) { self.view = view }

    isolated deinit {
        if let madeContext { g_object_unref(madeContext) }
        if let madeSettings { g_object_unref(madeSettings) }
    }

    private var bufferRaw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(view.buffer) }

    /// The search context of the buffer shown, made on first use; a buffer
    /// shown instead gets one of its own, with the same settings.
    private var context: UnsafeMutableRawPointer {
        if let madeContext, BufferSymbols.shared?.searchContextBuffer(madeContext) == bufferRaw {
            return madeContext
        }
        guard let context = api.searchContextNew(bufferRaw, settings) else {
            preconditionFailure("gtk_source_search_context_new failed")
        }
        api.setSearchHighlight(context, 1)
        if let madeContext { g_object_unref(madeContext) }  // the old buffer's goes
        madeContext = context
        for handler in countHandlers { connectCount(handler, to: context) }
        return context
    }

    private var settings: UnsafeMutableRawPointer {
        if let madeSettings { return madeSettings }
        guard let settings = api.searchSettingsNew() else {
            preconditionFailure("gtk_source_search_settings_new failed")
        }
        api.setWrapAround(settings, 1)
        api.setCaseSensitive(settings, 0)
        madeSettings = settings
        return settings
    }

    /// Moves the search to the buffer shown now (when it has begun).
    func followBuffer() {
        if madeContext != nil { _ = context }
    }

    /// What to find; every occurrence is highlighted. Empty clears the highlighting.
    var text: String {
        get { api.getSearchText(settings).map { String(cString: $0) } ?? "" }
        set { api.setSearchText(settings, newValue.isEmpty ? nil : newValue) }
    }

    /// How many matches the text has; nil while GtkSourceView is still counting.
    var matchCount: Int? {
        let count = api.occurrencesCount(context)
        return count < 0 ? nil : Int(count)
    }

    /// The 1-based position of the selected match among all matches.
    var matchPosition: Int? {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(view.buffer, &start, &end).bool else { return nil }
        let position = api.occurrencePosition(context, &start, &end)
        return position > 0 ? Int(position) : nil
    }

    /// Selects the next (or previous) match from the selection or cursor,
    /// wrapping around; false when there is none.
    func find(forward: Bool) -> Bool {
        guard !text.isEmpty else { return false }
        let buffer = view.buffer
        var start = GtkTextIter(), end = GtkTextIter()
        if !gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool {
            gtk_text_buffer_get_iter_at_mark(buffer, &start, gtk_text_buffer_get_insert(buffer))
            end = start
        }
        var from = forward ? end : start
        var matchStart = GtkTextIter(), matchEnd = GtkTextIter()
        var wrapped: gboolean = 0
        let context = context
        let found =
            forward
            ? api.searchForward(context, &from, &matchStart, &matchEnd, &wrapped)
            : api.searchBackward(context, &from, &matchStart, &matchEnd, &wrapped)
        guard found.bool else { return false }
        view.select(&matchStart, &matchEnd)
        return true
    }

    var isCaseSensitive: Bool {
        get { SearchSymbols.shared.map { $0.getCaseSensitive(settings).bool } ?? false }
        set { SearchSymbols.shared?.setCaseSensitive(settings, newValue.gboolean) }
    }

    var matchesWholeWords: Bool {
        get { SearchSymbols.shared.map { $0.getWordBoundaries(settings).bool } ?? false }
        set { SearchSymbols.shared?.setWordBoundaries(settings, newValue.gboolean) }
    }

    /// Replaces the selected match and selects the next; when the selection
    /// is not a match, only finds the next. False when nothing was replaced.
    func replaceSelectedMatch(with replacement: String) -> Bool {
        guard view.isEditable, let api = SearchSymbols.shared, matchPosition != nil else {
            _ = find(forward: true)
            return false
        }
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(view.buffer, &start, &end).bool else { return false }
        let replaced = api.replace(context, &start, &end, replacement, -1, nil).bool
        _ = find(forward: true)
        return replaced
    }

    /// Replaces every match (one undoable step); how many.
    func replaceAllMatches(with replacement: String) -> Int {
        guard view.isEditable, !text.isEmpty, let api = SearchSymbols.shared else { return 0 }
        return Int(api.replaceAll(context, replacement, -1, nil))
    }

    /// Runs `handler` when the number of matches becomes known or changes,
    /// in this buffer's context and in each made later.
    func onCountChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        let existing = madeContext != nil ? context : nil  // (a context of another buffer is replaced)
        countHandlers.append(handler)
        // A new context connects every handler; the one made for this
        // buffer already needs the new one.
        guard let existing else {
            _ = context
            return 0
        }
        return connectCount(handler, to: existing)
    }

    @discardableResult
    private func connectCount(_ handler: @escaping @MainActor () -> Void, to context: UnsafeMutableRawPointer) -> UInt {
        Object.wrap(context, as: Object.self).connect("notify::occurrences-count", shape: .argument) { _, _ in
            handler()
            return 0
        }
    }
}

/// The search functions `SourceViewLibrary` does not look up, found in the
/// GtkSourceView it opened (nil before that).
@MainActor
private struct SearchSymbols {
    typealias Pointer = UnsafeMutableRawPointer
    let getCaseSensitive: @convention(c) (Pointer) -> gboolean
    let setCaseSensitive: @convention(c) (Pointer, gboolean) -> Void
    let getWordBoundaries: @convention(c) (Pointer) -> gboolean
    let setWordBoundaries: @convention(c) (Pointer, gboolean) -> Void
    let replace:
        @convention(c) (
            Pointer, UnsafeMutablePointer<GtkTextIter>, UnsafeMutablePointer<GtkTextIter>,
            UnsafePointer<CChar>, gint, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
        ) -> gboolean
    let replaceAll:
        @convention(c) (Pointer, UnsafePointer<CChar>, gint, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) ->
            guint

    static let shared: SearchSymbols? = {
        guard SourceViewLibrary.isLoaded,
            let handle = dlopen(SourceViewLibrary.libraryName, RTLD_NOLOAD | RTLD_LAZY)
        else { return nil }
        defer { dlclose(handle) }  // the library stays: SourceViewLibrary holds it
        func symbol<T>(_ name: String) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        guard
            let getCase: @convention(c) (Pointer) -> gboolean = symbol("gtk_source_search_settings_get_case_sensitive"),
            let setCase: @convention(c) (Pointer, gboolean) -> Void = symbol(
                "gtk_source_search_settings_set_case_sensitive"),
            let getWords: @convention(c) (Pointer) -> gboolean = symbol(
                "gtk_source_search_settings_get_at_word_boundaries"),
            let setWords: @convention(c) (Pointer, gboolean) -> Void = symbol(
                "gtk_source_search_settings_set_at_word_boundaries"),
            let replace:
                @convention(c) (
                    Pointer, UnsafeMutablePointer<GtkTextIter>, UnsafeMutablePointer<GtkTextIter>,
                    UnsafePointer<CChar>, gint, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
                ) -> gboolean = symbol("gtk_source_search_context_replace"),
            let replaceAll:
                @convention(c) (
                    Pointer, UnsafePointer<CChar>, gint, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
                ) -> guint = symbol("gtk_source_search_context_replace_all")
        else { return nil }
        return SearchSymbols(
            getCaseSensitive: getCase, setCaseSensitive: setCase, getWordBoundaries: getWords,
            setWordBoundaries: setWords, replace: replace, replaceAll: replaceAll)
    }()
}
