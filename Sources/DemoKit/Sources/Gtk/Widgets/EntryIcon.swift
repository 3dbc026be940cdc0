import CGtk

/// Which end of an entry an icon sits at (`GtkEntryIconPosition`).
public enum EntryIconPosition: Sendable {
    case primary, secondary
}

/// `void icon_press(GtkEntry *, GtkEntryIconPosition, GdkEvent *, gpointer)`
private let iconPressTrampoline: @convention(c) (UnsafeMutableRawPointer, GtkEntryIconPosition,
                                                 UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> Void = {
    instance, position, _, data in
    let box = ClosureBox<SignalHandler>.of(data)
    _ = box.call(instance, position == GTK_ENTRY_ICON_PRIMARY ? nil : instance)
}


extension SignalEmitter where Self: Entry {
    /// Runs when an icon inside the entry is clicked.
    @discardableResult
    public func onIconPress(_ handler: @escaping @MainActor (Self, EntryIconPosition) -> Void) -> UInt {
        let box = ClosureBox<SignalHandler> { instance, secondary in
            MainActor.assumeIsolated {
                handler(Object.wrap(instance, as: Self.self), secondary == nil ? .primary : .secondary)
            }
            return 0
        }
        return g_signal_connect_data(raw, "icon-press", unsafeBitCast(iconPressTrampoline, to: GCallback.self),
                                     box.retained(), releaseClosureBoxOnClosure, GConnectFlags(0))
    }

    /// A clear icon at the end of the entry while it holds text (as GNOME's
    /// entries have); clicking it empties the entry and focuses it.
    /// `tooltip` ("Clear") is also what screen readers say for the icon.
    public func showClearIcon(tooltip: String) {
        let update: @MainActor (Self) -> Void = { entry in
            entry.setSecondaryIcon(entry.text.isEmpty ? nil : "edit-clear-symbolic", tooltip: tooltip)
        }
        update(self)
        on("changed", update)
        onIconPress { entry, position in
            guard position == .secondary else { return }
            entry.text = ""
            entry.grabFocus()
        }
    }
}
