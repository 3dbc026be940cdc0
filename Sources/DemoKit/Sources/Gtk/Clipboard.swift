import CGtk

/// A `GtkClipboard`: the CLIPBOARD selection (Copy and Paste) or PRIMARY
/// (select, then middle-click).
///
/// On X11 the text stays with this process until another one copies: GTK
/// answers paste requests while the app runs.
@MainActor
public struct Clipboard {
    /// The `GtkClipboard *`, owned by GTK for the life of the display.
    let clipboard: OpaquePointer

    private init(selection: String) {
        clipboard = gtk_clipboard_get(gdk_atom_intern(selection, 0))
    }

    /// Copy and Paste (Ctrl+C, Ctrl+V).
    public static var standard: Clipboard { Clipboard(selection: "CLIPBOARD") }

    /// The selection pasted with the middle mouse button.
    public static var primary: Clipboard { Clipboard(selection: "PRIMARY") }

    /// Puts `text` on the clipboard, as Copy does.
    public func setText(_ text: String) {
        gtk_clipboard_set_text(clipboard, text, Int32(text.utf8.count))
    }

    /// The clipboard's text, or nil when it is empty or holds no text.
    ///
    /// Waits for the owner to answer, running the main loop meanwhile (other
    /// handlers may run); prefer `requestText` in response to user actions.
    public var text: String? {
        guard let text = gtk_clipboard_wait_for_text(clipboard) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Calls `completion` with the clipboard's text once the owner answers.
    public func requestText(_ completion: @escaping @MainActor (String?) -> Void) {
        let box = TextRequestBox { text in MainActor.assumeIsolated { completion(text) } }
        gtk_clipboard_request_text(clipboard, { _, text, data in
            guard let data else { return }
            let box = Unmanaged<TextRequestBox>.fromOpaque(data).takeRetainedValue()
            box.call(text.map { String(cString: $0) })
        }, Unmanaged.passRetained(box).toOpaque())
    }

    /// Empties the clipboard if this app put the content there; content
    /// another app copied is left alone.
    public func clear() { gtk_clipboard_clear(clipboard) }

    /// Empties the clipboard only if it still holds `text`, so a secret
    /// copied a minute ago is wiped but something the user copied since is
    /// kept. Returns whether it was cleared.
    @discardableResult
    public func clear(ifTextIs expected: String) -> Bool {
        guard text == expected else { return false }
        clear()
        return true
    }

    /// Hands the content to the desktop's clipboard manager, so it survives
    /// this app quitting (when there is a manager).
    public func store() { gtk_clipboard_store(clipboard) }
}

final class TextRequestBox {
    let call: (String?) -> Void
    init(_ call: @escaping (String?) -> Void) { self.call = call }
}
