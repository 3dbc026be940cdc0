internal import CGtk

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
        guard put(ClipboardContent(text)) else { return }
        // A clipboard manager may keep it once the app quits.
        gtk_clipboard_set_can_store(clipboard, nil, 0)
    }

    /// The target that tells clipboard managers (Klipper, CopyQ, GPaste…) to
    /// keep a copy out of their history, as KeePassXC marks passwords.
    public static let passwordManagerHint = "x-kde-passwordManagerHint"

    /// Puts a secret (a password) on the clipboard for a while: as text, and
    /// under `passwordManagerHint` as `secret` so clipboard managers skip it
    /// (nor is it handed to one when the app quits). After `milliseconds` it
    /// is cleared if it is still there as this app put it (`clear(ifTextIs:)`),
    /// whether or not the window that copied it is still open; `application`
    /// is held until then, so closing the last window does not take the
    /// copy, or the promise to clear it, along. `onGone` is called once the
    /// secret leaves the clipboard: `true` when the timer cleared it, `false`
    /// when something copied since replaced it first.
    public func setSecret(
        _ text: String, clearingAfter milliseconds: Int, holding application: Application? = nil,
        onGone: (@MainActor (_ cleared: Bool) -> Void)? = nil
    ) {
        let content = ClipboardContent(text, extraTargets: [(Self.passwordManagerHint, Array("secret".utf8))])
        guard put(content) else { return }
        let expiry = SecretExpiry(application: application, onGone: onGone)
        content.onRelease = { expiry.finish() }
        expiry.expire = { [self] in
            expiry.isExpiring = true
            clear(ifTextIs: text)
            expiry.finish()
        }
        expiry.timer = MainLoop.after(milliseconds: milliseconds) { expiry.expire?() }
    }

    /// Offers `content` under the text targets and its own; false when GTK
    /// refused it.
    private func put(_ content: ClipboardContent) -> Bool {
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 0)
        for (index, target) in content.extraTargets.enumerated() {
            gtk_target_list_add(targets, gdk_atom_intern(target.name, 0), 0, UInt32(index + 1))
        }
        var count: Int32 = 0
        let table = gtk_target_table_new_from_list(targets, &count)
        defer {
            gtk_target_table_free(table, count)
            gtk_target_list_unref(targets)
        }
        let accepted = gtk_clipboard_set_with_data(
            clipboard, table, UInt32(count),
            { _, data, info, owner in
                guard let data, let owner else { return }
                let content = Unmanaged<ClipboardContent>.fromOpaque(owner).takeUnretainedValue()
                if info > 0, Int(info) <= content.extraTargets.count {
                    let target = content.extraTargets[Int(info) - 1]
                    gtk_selection_data_set(
                        data, gdk_atom_intern(target.name, 0), 8, target.bytes, Int32(target.bytes.count))
                } else {
                    gtk_selection_data_set_text(data, content.text, Int32(content.text.utf8.count))
                }
            },
            { _, owner in
                // GTK is done with the content: replaced, cleared, or another app copied.
                guard let owner else { return }
                let content = Unmanaged<ClipboardContent>.fromOpaque(owner).takeRetainedValue()
                content.isOwned = false
                let onRelease = content.onRelease
                content.onRelease = nil
                MainActor.assumeIsolated { onRelease?() }
            }, Unmanaged.passRetained(content).toOpaque())
        guard accepted.bool else {
            Unmanaged.passUnretained(content).release()
            return false
        }
        ClipboardContent.current[selection] = WeakContent(content)
        return true
    }

    /// Calls `completion` with the clipboard's text once the owner answers
    /// (nil when it is empty or holds no text).
    public func requestText(_ completion: @escaping @MainActor (String?) -> Void) {
        let box = ClosureBox<TextCompletion> { text in MainActor.assumeIsolated { completion(text) } }
        gtk_clipboard_request_text(
            clipboard,
            { _, text, data in
                guard let data else { return }
                let box = ClosureBox<TextCompletion>.take(data)
                box.call(text.map { String(cString: $0) })
            }, box.retained())
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
    /// Offered besides the text (a target name and its bytes).
    let extraTargets: [(name: String, bytes: [UInt8])]
    var isOwned = true
    /// Called once, when GTK lets go of the content.
    var onRelease: (@MainActor () -> Void)?

    init(_ text: String, extraTargets: [(name: String, bytes: [UInt8])] = []) {
        self.text = text
        self.extraTargets = extraTargets
    }

    /// The latest content set per selection (weak: GTK's hold is the real one).
    @MainActor static var current: [String: WeakContent] = [:]
}

struct WeakContent {
    weak var content: ClipboardContent?
    init(_ content: ClipboardContent) { self.content = content }
}

/// The minute a secret spends on the clipboard: the timer, and the hold on
/// the application, both let go the first time the secret leaves.
@MainActor
package final class SecretExpiry {
    /// Every secret not yet gone (`Clipboard.expireSecretsNow`).
    package static var waiting: [SecretExpiry] = []
    var timer: SourceID?
    /// What the timer does when it fires.
    package var expire: (@MainActor () -> Void)?
    /// True while the timer clears it, so `onGone` hears it was cleared.
    var isExpiring = false
    private var application: Application?
    private var onGone: (@MainActor (Bool) -> Void)?

    init(application: Application?, onGone: (@MainActor (Bool) -> Void)?) {
        self.application = application
        self.onGone = onGone
        application?.hold()
        Self.waiting.append(self)
    }

    func finish() {
        timer?.cancel()
        timer = nil
        expire = nil
        Self.waiting.removeAll { $0 === self }
        let gone = onGone, cleared = isExpiring
        onGone = nil
        application?.release()
        application = nil
        gone?(cleared)
    }
}
