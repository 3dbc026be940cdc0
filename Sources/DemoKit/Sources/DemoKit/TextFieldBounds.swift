import Gtk

/// Wires a field to a GTK-free bound on its text (in this project,
/// `TextLimit` from TextBounds: `field.bound(filter: limit.filter,
/// cutting: limit.cuttingLongCharacters)`).
/// - `filter(offered, current)` says what of the text offered (typed,
///   pasted, dropped or set) goes in, and whether something was refused: the
///   field then rings the error bell, as a full GTK entry does.
/// - `cutting(text)` is asked after every change and may return the text
///   cut back (combining marks typed one by one onto a letter).
extension Entry {
    /// Keeps the field's text within a rule of the demo's model: every field
    /// of every demo is bound so.
    ///
    /// - Parameters:
    ///   - filter: Given the text offered and the current text, returns what
    ///     of it goes in and whether something was refused (the field then
    ///     rings the error bell).
    ///   - cutting: Given the text after a change, returns it cut back, or nil to keep it.
    public func bound(
        filter: @escaping @Sendable (String, String) -> (text: String, refused: Bool),
        cutting: @escaping @Sendable (String) -> String?
    ) {
        setInsertFilter { entry, offered in
            let (text, refused) = filter(offered, entry.text)
            if refused { entry.errorBell() }
            return text
        }
        _ = onChanged { entry in
            guard let cut = cutting(entry.text) else { return }
            let cursor = entry.cursorPosition
            entry.text = cut
            entry.cursorPosition = min(cursor, cut.unicodeScalars.count)
        }
    }
}

extension TextView {
    /// Keeps the view's text within a rule of the demo's model, as
    /// `Entry.bound(filter:cutting:)` does for a field.
    ///
    /// - Parameters:
    ///   - filter: Given the text offered and the current text, returns what
    ///     of it goes in and whether something was refused.
    ///   - cutting: Given the text after an insertion, returns it cut back, or nil to keep it.
    public func bound(
        filter: @escaping @Sendable (String, String) -> (text: String, refused: Bool),
        cutting: @escaping @Sendable (String) -> String?
    ) {
        setInsertFilter { view, offered in
            let (text, refused) = filter(offered, view.text)
            if refused { view.errorBell() }
            return text
        }
        // After the insertion, not on "changed": GTK still holds iterators then.
        afterInsert { view in
            guard let cut = cutting(view.text) else { return false }
            view.text = cut
            return true
        }
    }
}
