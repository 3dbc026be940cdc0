import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A `GtkSourceBuffer` of its own, to show in a `SourceView` in turn with
/// others: an editor keeps one per open file, so that each file keeps its
/// text, cursor and undo history while another is shown (reloading text into
/// one buffer would forget the history, and Ctrl+Z would do nothing after a
/// switch of files).
///
/// Made only after `SourceViewLibrary.load()` returned nil.
@MainActor
public final class SourceBuffer: Object {
    /// 0 (no type) until the library is loaded.
    override public class var gtkType: UInt { SourceViewLibrary.symbols?.bufferType() ?? 0 }

    public convenience init() {
        precondition(SourceViewLibrary.load() == nil, "GtkSourceView 4 is not available")
        guard let symbols = BufferSymbols.shared, let buffer = symbols.new(nil) else {
            preconditionFailure("gtk_source_buffer_new failed")
        }
        self.init(raw: buffer, transfer: .full)
    }

    private var api: Symbols { SourceViewLibrary.api }
    var textBuffer: UnsafeMutablePointer<GtkTextBuffer> { cast() }

    /// The whole text. Setting it is an edit (it can be undone).
    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(textBuffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(textBuffer, &start, &end, 1) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_text_buffer_set_text(textBuffer, newValue, -1) }
    }

    /// Replaces the text with the cursor at the start, as a file just
    /// opened: not an edit, so Undo never goes back past it.
    public func load(_ text: String) {
        api.beginNotUndoable(raw)
        self.text = text
        api.endNotUndoable(raw)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(textBuffer, &start)
        gtk_text_buffer_place_cursor(textBuffer, &start)
    }

    /// Replaces the whole text as one edit, which one Undo takes back (a
    /// file put back to what it shipped with, or reloaded from disk).
    public func replaceText(with text: String) {
        gtk_text_buffer_begin_user_action(textBuffer)
        self.text = text
        gtk_text_buffer_end_user_action(textBuffer)
    }

    public var canUndo: Bool { BufferSymbols.shared?.canUndo(raw).bool ?? false }
    public var canRedo: Bool { BufferSymbols.shared?.canRedo(raw).bool ?? false }

    /// Takes back the last edit (what Ctrl+Z does in the view).
    public func undo() { if canUndo { BufferSymbols.shared?.undo(raw) } }
    public func redo() { if canRedo { BufferSymbols.shared?.redo(raw) } }

    /// The highlighting language (`swift`, `ini`…); nil shows plain text.
    /// Setting an id that is not installed also gives plain text.
    public var languageID: String? {
        get { api.getLanguage(raw).flatMap { api.languageID($0) }.map { String(cString: $0) } }
        set { api.setLanguage(raw, newValue.flatMap { api.language(api.languageManager(), $0) }) }
    }

    /// The colour scheme (`classic`, `oblivion`…); unknown ids are ignored.
    public var styleSchemeID: String? {
        get { api.getScheme(raw).flatMap { api.schemeID($0) }.map { String(cString: $0) } }
        set {
            guard let id = newValue, let scheme = api.scheme(api.schemeManager(), id) else { return }
            api.setScheme(raw, scheme)
        }
    }

    public func setHighlightsMatchingBrackets(_ on: Bool) { api.setHighlightMatchingBrackets(raw, on.gboolean) }
}

extension SignalEmitter where Self: SourceBuffer {
    /// Runs after every change to the text, typed, set or undone.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("changed", handler) }
}

/// The buffer functions not in `Symbols`, looked up in the GtkSourceView
/// already opened by `SourceViewLibrary.load()` (nil before that).
@MainActor
struct BufferSymbols {
    typealias Pointer = UnsafeMutableRawPointer
    let new: @convention(c) (Pointer?) -> Pointer?
    let canUndo: @convention(c) (Pointer) -> gboolean
    let canRedo: @convention(c) (Pointer) -> gboolean
    let undo: @convention(c) (Pointer) -> Void
    let redo: @convention(c) (Pointer) -> Void
    let searchContextBuffer: @convention(c) (Pointer) -> Pointer?

    static let shared: BufferSymbols? = {
        guard SourceViewLibrary.isLoaded,
            let handle = dlopen(SourceViewLibrary.libraryName, RTLD_NOLOAD | RTLD_LAZY)
        else { return nil }
        defer { dlclose(handle) }  // the library stays: SourceViewLibrary holds it
        func symbol<T>(_ name: String) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        guard let new: @convention(c) (Pointer?) -> Pointer? = symbol("gtk_source_buffer_new"),
            let canUndo: @convention(c) (Pointer) -> gboolean = symbol("gtk_source_buffer_can_undo"),
            let canRedo: @convention(c) (Pointer) -> gboolean = symbol("gtk_source_buffer_can_redo"),
            let undo: @convention(c) (Pointer) -> Void = symbol("gtk_source_buffer_undo"),
            let redo: @convention(c) (Pointer) -> Void = symbol("gtk_source_buffer_redo"),
            let contextBuffer: @convention(c) (Pointer) -> Pointer? = symbol("gtk_source_search_context_get_buffer")
        else { return nil }
        return BufferSymbols(
            new: new, canUndo: canUndo, canRedo: canRedo, undo: undo, redo: redo, searchContextBuffer: contextBuffer)
    }()
}
