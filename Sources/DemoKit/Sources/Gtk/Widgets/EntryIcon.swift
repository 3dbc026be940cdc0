internal import CGtk

/// Which end of an entry an icon sits at (`GtkEntryIconPosition`).
public enum EntryIconPosition: Sendable {
    /// `primary` is the start of the field (the left in left-to-right
    /// languages), `secondary` its end.
    case primary, secondary
}

/// `void icon_press(GtkEntry *, GtkEntryIconPosition, GdkEvent *, gpointer)`
private let iconPressTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, GtkEntryIconPosition,
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer
    ) -> Void = {
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
        return g_signal_connect_data(
            raw, "icon-press", unsafeBitCast(iconPressTrampoline, to: GCallback.self),
            box.retained(), releaseClosureBoxOnClosure, GConnectFlags(0))
    }

    /// A clear icon at the end of the entry while it holds text (as GNOME's
    /// entries have); clicking it empties the entry and focuses it.
    /// `tooltip` ("Clear") is also what screen readers say for the icon.
    public func showClearIcon(tooltip: String) {
        nameIcons(secondary: tooltip)
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

extension Entry {
    /// Names the entry's icons for screen readers ("Search", "Clear"),
    /// whenever they are shown. GTK names an icon's accessible after its
    /// icon ("edit-find-symbolic", "edit-clear-symbolic"), again at every
    /// change of icon, and a search entry changes its own: the names are
    /// set again after each change (GTK's handler runs first, connected
    /// when the entry's accessible was made, just before this one).
    public func nameIcons(primary: String? = nil, secondary: String? = nil) {
        guard let atk = gtk_widget_get_accessible(widget) else { return }
        let names = (primary: primary.map(Self.spoken), secondary: secondary.map(Self.spoken))
        let apply: @MainActor (Entry) -> Void = { entry in
            // An entry being destroyed drops its icons: its accessible's
            // children are going too (asking for them made criticals).
            guard !gtk_widget_in_destruction(entry.widget).bool else { return }
            let shows = { (position: GtkEntryIconPosition) in
                gtk_entry_get_icon_storage_type(entry.cast(), position) != GTK_IMAGE_EMPTY
            }
            let primaryShown = shows(GTK_ENTRY_ICON_PRIMARY)
            // GtkEntryAccessible's children: the icons shown, primary first.
            let icons = [
                (primaryShown, names.primary, Int32(0)),
                (shows(GTK_ENTRY_ICON_SECONDARY), names.secondary, primaryShown ? Int32(1) : 0),
            ]
            for (shown, name, index) in icons where shown {
                guard let name, let icon = atk_object_ref_accessible_child(atk, index) else { continue }
                if atk_object_get_name(icon).map({ String(cString: $0) }) != name { atk_object_set_name(icon, name) }
                g_object_unref(icon)
            }
        }
        for property in [
            "primary-icon-name", "secondary-icon-name", "primary-icon-storage-type",
            "secondary-icon-storage-type", "primary-icon-gicon", "secondary-icon-gicon",
        ] {
            onNotify(property) { entry in apply(entry) }
        }
        apply(self)
    }
}
