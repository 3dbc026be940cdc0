import CGtk

/// A `GtkClipboard`: the CLIPBOARD selection (Copy and Paste) or PRIMARY
/// (select, then middle-click).
///
/// On X11 the text stays with this process until another one copies: GTK
/// answers paste requests while the app runs. Reading is asynchronous
/// (`requestText`, or `await text()`): the owner may be another process, and
/// waiting for it must not freeze the window or run a nested loop.
@MainActor
public struct Clipboard {
    /// The `GtkClipboard *`, owned by GTK for the life of the display.
    let clipboard: OpaquePointer
    private let selection: String

    private init(selection: String) {
        self.selection = selection
        clipboard = gtk_clipboard_get(gdk_atom_intern(selection, 0))
    }

    /// Copy and Paste (Ctrl+C, Ctrl+V).
    public static var standard: Clipboard { Clipboard(selection: "CLIPBOARD") }

    /// The selection pasted with the middle mouse button.
    public static var primary: Clipboard { Clipboard(selection: "PRIMARY") }

    /// Puts `text` on the clipboard, as Copy does. GTK tells this app when
    /// another one takes the clipboard over, so `clear(ifTextIs:)` knows
    /// whether the content is still the app's own.
    public func setText(_ text: String) {
        let content = ClipboardContent(text)
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 0)
        var count: Int32 = 0
        let table = gtk_target_table_new_from_list(targets, &count)
        defer {
            gtk_target_table_free(table, count)
            gtk_target_list_unref(targets)
        }
        let accepted = gtk_clipboard_set_with_data(clipboard, table, UInt32(count), { _, data, _, owner in
            guard let data, let owner else { return }
            let content = Unmanaged<ClipboardContent>.fromOpaque(owner).takeUnretainedValue()
            gtk_selection_data_set_text(data, content.text, Int32(content.text.utf8.count))
        }, { _, owner in
            // GTK is done with the content: replaced, cleared, or another app copied.
            guard let owner else { return }
            Unmanaged<ClipboardContent>.fromOpaque(owner).takeRetainedValue().isOwned = false
        }, Unmanaged.passRetained(content).toOpaque())
        guard accepted.bool else {
            Unmanaged.passUnretained(content).release()
            return
        }
        gtk_clipboard_set_can_store(clipboard, nil, 0)
        ClipboardContent.current[selection] = WeakContent(content)
    }

    /// Calls `completion` with the clipboard's text once the owner answers
    /// (nil when it is empty or holds no text).
    public func requestText(_ completion: @escaping @MainActor (String?) -> Void) {
        let box = TextRequestBox { text in MainActor.assumeIsolated { completion(text) } }
        gtk_clipboard_request_text(clipboard, { _, text, data in
            guard let data else { return }
            let box = Unmanaged<TextRequestBox>.fromOpaque(data).takeRetainedValue()
            box.call(text.map { String(cString: $0) })
        }, Unmanaged.passRetained(box).toOpaque())
    }

    /// The clipboard's text, once the owner answers; the window keeps
    /// responding meanwhile.
    public func text() async -> String? {
        await withCheckedContinuation { continuation in
            requestText { continuation.resume(returning: $0) }
        }
    }

    /// Empties the clipboard if this app put the content there; content
    /// another app copied is left alone.
    public func clear() { gtk_clipboard_clear(clipboard) }

    /// Empties the clipboard only while it still holds `expected` as this
    /// app put it there, so a secret copied a minute ago is wiped but
    /// something the user copied since, here or in another app, is kept.
    /// One synchronous check-and-clear: nothing can run in between, and the X
    /// server ignores the clear if another app took the selection even
    /// before this app heard of it. Returns whether it was cleared.
    @discardableResult
    public func clear(ifTextIs expected: String) -> Bool {
        guard holdsOwnText(expected) else { return false }
        clear()
        return true
    }

    /// Whether the clipboard still holds `text` as this app put it there
    /// (false once another app, or this one, has copied something since).
    public func holdsOwnText(_ text: String) -> Bool {
        guard let content = ClipboardContent.current[selection]?.content else { return false }
        return content.isOwned && content.text == text
    }

    /// Hands the content to the desktop's clipboard manager, so it survives
    /// this app quitting (when there is a manager).
    public func store() { gtk_clipboard_store(clipboard) }
}

/// Text this app put on a clipboard, held by GTK until it lets go.
final class ClipboardContent {
    let text: String
    var isOwned = true
    init(_ text: String) { self.text = text }

    /// The latest content set per selection (weak: GTK's hold is the real one).
    @MainActor static var current: [String: WeakContent] = [:]
}

struct WeakContent {
    weak var content: ClipboardContent?
    init(_ content: ClipboardContent) { self.content = content }
}

final class TextRequestBox {
    let call: (String?) -> Void
    init(_ call: @escaping (String?) -> Void) { self.call = call }
}
