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
