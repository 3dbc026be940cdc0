internal import CGtk

extension Widget {
    /// Asks screen readers to speak `message` now, without moving the focus:
    /// ATK's "announcement" signal, which the AT-SPI bridge sends as an
    /// `Object:Announcement` event (Orca speaks it). Returns false when this
    /// ATK has no such signal (before 2.46); the message is then set as the
    /// accessible description, which Orca reads for the focused widget.
    /// Bidi isolates are left out (`spoken`); an empty message is not sent.
    @discardableResult
    public func announce(_ message: String) -> Bool {
        let message = Self.spoken(message)
        guard !message.isEmpty, let atk = gtk_widget_get_accessible(widget) else { return false }
        let signal = g_signal_lookup("announcement", atk_object_get_type())
        if signal != 0 {
            // g_signal_emit_by_name is variadic; emitv takes the arguments as GValues.
            var values = [GValue(), GValue()]
            g_value_init(&values[0], atk_object_get_type())
            g_value_set_object(&values[0], UnsafeMutableRawPointer(atk))
            g_value_init(&values[1], GType(16 << 2))  // G_TYPE_STRING
            g_value_set_string(&values[1], message)
            g_signal_emitv(&values, signal, 0, nil)
            g_value_unset(&values[0])
            g_value_unset(&values[1])
            return true
        }
        atk_object_set_description(atk, message)
        return false
    }

    /// Announces `message` once the widget is on screen: now, or in the
    /// first idle after it is next mapped. Said before its window is shown,
    /// it would come before the window itself, whose title a screen reader
    /// speaks when the window appears (cutting short what it was saying);
    /// GTK tells AT-SPI of a new window only after mapping it, hence the idle.
    public func announceWhenShown(_ message: String) {
        guard !isMapped else {
            announce(message)
            return
        }
        final class Connection { var id: UInt = 0 }
        let connection = Connection()
        connection.id = on("map") { widget in
            widget.disconnect(connection.id)
            widget.idle { widget.announce(message) }
        }
    }
}

extension Widget {
    /// `text` as assistive technologies get it: without the bidi isolates
    /// (U+2066…U+2069) that keep user text from reordering a sentence on
    /// screen. Invisible when drawn, they are characters to a screen reader
    /// or a braille line (`Hello, \u{2068}John\u{2069}!`). Every accessible
    /// name, description and announcement the binding sets passes here.
    public nonisolated static func spoken(_ text: String) -> String {
        guard hasIsolates(text) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isIsolate($0) }))
    }

    nonisolated static func hasIsolates(_ text: String) -> Bool { text.unicodeScalars.contains(where: isIsolate) }

    private nonisolated static func isIsolate(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066...0x2069).contains(scalar.value)
    }

    /// The name set on the accessible object, or nil while ATK derives one
    /// from the widget's content (a label's text, a button's label).
    var explicitAccessibleName: String? {
        guard let atk = gtk_widget_get_accessible(widget) else { return nil }
        return atk.pointee.name.map { String(cString: $0) }
    }

    /// Makes `current` the accessible name when the name was derived from the
    /// visible text that was `previous` (or never set), so a screen reader
    /// hears what a sighted user reads; a name chosen to say more is kept.
    func keepAccessibleName(inStepFrom previous: String, to current: String) {
        let previous = Self.spoken(previous), current = Self.spoken(current)
        guard let explicit = explicitAccessibleName else {
            if !current.isEmpty { accessibleName = current }
            return
        }
        if explicit == previous { accessibleName = current }
    }
}

extension Label {
    /// Shows `text` and announces it, once and politely: for a result a
    /// sighted user sees appear (a greeting, "Copied"). A label's new text
    /// reaches a screen reader only when the label has the focus, which a
    /// result's label never has.
    public func showAndAnnounce(_ text: String) {
        self.text = text
        announce(text)
    }
}
