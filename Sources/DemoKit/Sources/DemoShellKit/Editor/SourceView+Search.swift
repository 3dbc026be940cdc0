import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// What a learner's find bar offers beyond finding: matching case, whole
/// words only, and replacing (GtkSourceSearchContext's replace), each an
/// edit Undo takes back.
extension SourceView {
    private var settingsPointer: UnsafeMutableRawPointer? {
        _ = searchMatchCount  // makes the context and its settings
        return g_object_get_data(gobject, "demokit-source-search-settings")
    }

    private var contextPointer: UnsafeMutableRawPointer? {
        _ = searchMatchCount
        return g_object_get_data(gobject, SourceView.searchContextKey)
    }

    /// Whether "Label" matches only "Label", not "label" (off by default).
    public var searchIsCaseSensitive: Bool {
        get {
            settingsPointer.flatMap { pointer in SearchSymbols.shared.map { $0.getCaseSensitive(pointer).bool } }
                ?? false
        }
        set { if let pointer = settingsPointer { SearchSymbols.shared?.setCaseSensitive(pointer, newValue.gboolean) } }
    }

    /// Whether only whole words match ("label" then misses "labels").
    public var searchMatchesWholeWords: Bool {
        get {
            settingsPointer.flatMap { pointer in SearchSymbols.shared.map { $0.getWordBoundaries(pointer).bool } }
                ?? false
        }
        set { if let pointer = settingsPointer { SearchSymbols.shared?.setWordBoundaries(pointer, newValue.gboolean) } }
    }

    /// Replaces the selected match with `replacement` and selects the next
    /// match; when the selection is not a match, only finds the next. False
    /// when nothing was replaced.
    @discardableResult
    public func replaceSelectedMatch(with replacement: String) -> Bool {
        guard isEditable, let context = contextPointer, let api = SearchSymbols.shared, searchMatchPosition != nil
        else {
            findNext()
            return false
        }
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end).bool else { return false }
        let replaced = api.replace(context, &start, &end, replacement, -1, nil).bool
        findNext()
        return replaced
    }

    /// Replaces every match with `replacement` (one undoable step); how many.
    @discardableResult
    public func replaceAllMatches(with replacement: String) -> Int {
        guard isEditable, !searchText.isEmpty, let context = contextPointer, let api = SearchSymbols.shared else {
            return 0
        }
        return Int(api.replaceAll(context, replacement, -1, nil))
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
