internal import CGtk

extension Label {
    /// The selected text of a selectable label, or nil when nothing is selected.
    public var selectedText: String? {
        var start: Int32 = 0, end: Int32 = 0
        guard gtk_label_get_selection_bounds(cast(), &start, &end).bool, start != end else { return nil }
        // GTK counts the offsets in Unicode scalars.
        let scalars = Array(text.unicodeScalars)
        let range = Int(max(0, start))..<min(Int(end), scalars.count)
        return String(String.UnicodeScalarView(scalars[range]))
    }

    /// Selects the scalars from `start` to `end` (a selectable label).
    public func select(from start: Int, to end: Int) {
        gtk_label_select_region(cast(), Int32(start), Int32(end))
    }

    /// Copies the selection to the clipboard as the context menu's Copy does
    /// (emits "copy-clipboard").
    public func copySelectionToClipboard() {
        let signal = g_signal_lookup("copy-clipboard", gtk_label_get_type())
        var instance = GValue()
        g_value_init(&instance, gtk_label_get_type())
        g_value_set_object(&instance, raw)
        g_signal_emitv(&instance, signal, 0, nil)
        g_value_unset(&instance)
    }

    /// Hands `transform(selection)` to whoever takes the selected text, where
    /// GTK would hand over the text itself: Ctrl+C and the context menu's
    /// Copy, and the selection pasted with the middle button. For a label
    /// whose text holds characters that shape the display but are no part of
    /// what the user reads (bidi isolates around a name).
    public func copySelection(as transform: @escaping @MainActor (String) -> String) {
        let box = SelectionCopy(transform)
        SelectionCopy.byLabel[raw] = box
        // "copy-clipboard" is GTK's action signal for both; GTK's own copy is
        // the class handler, which runs last and is stopped here.
        on("copy-clipboard") { label in
            g_signal_stop_emission_by_name(label.raw, "copy-clipboard")
            guard let selected = label.selectedText else { return }
            Clipboard.standard.setText(transform(selected))
        }
        // GTK claims PRIMARY with its own callbacks whenever the selection
        // changes; claiming it again for the same owner replaces only the
        // callbacks (GtkClipboard clears nothing for its own owner).
        for property in ["cursor-position", "selection-bound"] {
            onNotify(property) { label in label.claimPrimary() }
        }
        onDestroy { label in
            SelectionCopy.byLabel[label.raw]?.isDestroyed = true
            SelectionCopy.byLabel[label.raw] = nil
        }
    }

    private func claimPrimary() {
        let primary = Clipboard.primary.clipboard
        guard selectedText != nil, gtk_clipboard_get_owner(primary) == gobject else { return }
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 0)
        var count: Int32 = 0
        let table = gtk_target_table_new_from_list(targets, &count)
        defer {
            gtk_target_table_free(table, count)
            gtk_target_list_unref(targets)
        }
        gtk_clipboard_set_with_owner(
            primary, table, UInt32(count),
            { _, data, _, owner in
                guard let data, let owner else { return }
                MainActor.assumeIsolated {
                    guard let box = SelectionCopy.byLabel[owner], !box.isDestroyed else { return }
                    let label = Object.wrap(owner, as: Label.self)
                    guard let selected = label.selectedText else { return }
                    let text = box.transform(selected)
                    gtk_selection_data_set_text(data, text, Int32(text.utf8.count))
                }
            },
            { _, owner in
                // Another selection took over: drop the highlight, as GTK does.
                guard let owner else { return }
                MainActor.assumeIsolated {
                    guard let box = SelectionCopy.byLabel[owner], !box.isDestroyed else { return }
                    let label = Object.wrap(owner, as: Label.self)
                    var start: Int32 = 0, end: Int32 = 0
                    if gtk_label_get_selection_bounds(label.cast(), &start, &end).bool {
                        label.select(from: Int(end), to: Int(end))
                    }
                }
            }, gobject)
    }
}

/// What a label copies instead of its selected text.
@MainActor
private final class SelectionCopy {
    let transform: @MainActor (String) -> String
    var isDestroyed = false
    init(_ transform: @escaping @MainActor (String) -> String) { self.transform = transform }

    static var byLabel: [UnsafeMutableRawPointer: SelectionCopy] = [:]
}
