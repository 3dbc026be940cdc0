internal import CGtk

// Filters text on its way into an entry or a text view, whether typed,
// pasted, dropped or set from code: GTK's "insert-text" signal, handled the
// way the GTK documentation shows (stop the emission, insert the filtered
// text instead), so the cursor lands after what was really inserted.

private func offeredText(_ text: UnsafePointer<CChar>, _ length: Int32) -> String {
    length < 0
        ? String(cString: text)
        : String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
}

/// `void insert_text(GtkEditable *, const gchar *text, gint length, gint *position, gpointer)`
private let editableInsertTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, UnsafePointer<CChar>?, Int32,
        UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer
    ) -> Void = {
        editable, text, length, position, data in
        let box = ClosureBox<InsertFilter>.of(data)
        guard !box.isReentering, let text, let position else { return }
        let offered = offeredText(text, length)
        let allowed = box.call(editable, offered)
        guard allowed != offered else { return }
        if !allowed.isEmpty {
            box.isReentering = true
            gtk_editable_insert_text(OpaquePointer(editable), allowed, -1, position)
            box.isReentering = false
        }
        g_signal_stop_emission_by_name(editable, "insert-text")
    }

/// `void insert_text(GtkTextBuffer *, GtkTextIter *location, gchar *text, gint length, gpointer)`
private let bufferInsertTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, UnsafeMutablePointer<GtkTextIter>?,
        UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer
    ) -> Void = {
        buffer, location, text, length, data in
        let box = ClosureBox<InsertFilter>.of(data)
        guard !box.isReentering, let text, let location else { return }
        let offered = offeredText(text, length)
        let allowed = box.call(buffer, offered)
        guard allowed != offered else { return }
        if !allowed.isEmpty {
            box.isReentering = true
            // Revalidates `location` to the end of the inserted text, as the
            // default handler would have.
            gtk_text_buffer_insert(buffer.assumingMemoryBound(to: GtkTextBuffer.self), location, allowed, -1)
            box.isReentering = false
        }
        g_signal_stop_emission_by_name(buffer, "insert-text")
    }

extension SignalEmitter where Self: Entry {
    /// Calls `filter` with every piece of text about to be inserted (one
    /// typed character, a whole paste) and inserts what it returns instead:
    /// the same text to accept it, less to keep part, "" to refuse it all.
    /// When it runs, a selection being replaced has already been deleted.
    public func setInsertFilter(_ filter: @escaping @MainActor (Self, String) -> String) {
        let box = ClosureBox<InsertFilter> { raw, text in
            MainActor.assumeIsolated { filter(Object.wrap(raw, as: Self.self), text) }
        }
        g_signal_connect_data(
            raw, "insert-text", unsafeBitCast(editableInsertTrampoline, to: GCallback.self),
            box.retained(), releaseClosureBoxOnClosure, GConnectFlags(0))
    }
}

/// `void insert_text(GtkTextBuffer *, GtkTextIter *location, gchar *text, gint length, gpointer)`,
/// connected after GTK's own handler has inserted the text.
private let bufferInsertedTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, UnsafeMutablePointer<GtkTextIter>?,
        UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer
    ) -> Void = {
        buffer, location, _, _, data in
        guard let location, ClosureBox<SourceCallback>.of(data).call() else { return }
        // The handler changed the buffer, so every iterator is stale: the one GTK
        // hands on to later handlers (the accessibility bridge's) and to the
        // caller is revalidated at the cursor, as GTK asks of such handlers.
        let textBuffer = buffer.assumingMemoryBound(to: GtkTextBuffer.self)
        gtk_text_buffer_get_iter_at_mark(textBuffer, location, gtk_text_buffer_get_insert(textBuffer))
    }

extension SignalEmitter where Self: TextView {
    /// As `Entry.setInsertFilter`, for the view's text (typed, pasted or set
    /// with `text`). The filter is released when the view is destroyed.
    public func setInsertFilter(_ filter: @escaping @MainActor (Self, String) -> String) {
        let view = raw
        let box = ClosureBox<InsertFilter> { _, text in
            MainActor.assumeIsolated { filter(Object.wrap(view, as: Self.self), text) }
        }
        connectToBuffer("insert-text", bufferInsertTrampoline, box.retained(), releaseClosureBoxOnClosure, after: false)
    }

    /// Calls `handler` once each insertion (typed, pasted or set with `text`)
    /// is in the buffer; it may change the text (cut it back) and returns
    /// whether it did. Unlike a "changed" handler, which runs while GTK and
    /// the accessibility bridge still hold iterators into the old text, this
    /// may change the buffer safely. Released when the view is destroyed.
    public func afterInsert(_ handler: @escaping @MainActor (Self) -> Bool) {
        let view = raw
        let box = ClosureBox<SourceCallback> { MainActor.assumeIsolated { handler(Object.wrap(view, as: Self.self)) } }
        connectToBuffer(
            "insert-text", bufferInsertedTrampoline, box.retained(), releaseClosureBoxOnClosure, after: true)
    }

    /// Connects a handler of fixed C signature to the view's buffer, and
    /// disconnects it when the view is destroyed (the buffer may outlive it).
    private func connectToBuffer<Trampoline>(
        _ signal: String, _ trampoline: Trampoline, _ data: UnsafeMutableRawPointer,
        _ release: GClosureNotify, after: Bool
    ) {
        let bufferRaw = UnsafeMutableRawPointer(buffer)
        let id = g_signal_connect_data(
            bufferRaw, signal, unsafeBitCast(trampoline, to: GCallback.self),
            data, release, after ? G_CONNECT_AFTER : GConnectFlags(0))
        connect("destroy", shape: .void) { _, _ in
            if g_signal_handler_is_connected(bufferRaw, id).bool { g_signal_handler_disconnect(bufferRaw, id) }
            return 0
        }
    }
}
