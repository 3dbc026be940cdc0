internal import CGtk

extension SearchEntry {
    /// Sends what is typed while `widget` (a list of results) has the focus
    /// to this search, as GNOME's search bars do: the entry takes the focus
    /// with the text typed so far, caret at its end. Arrows, Tab, space,
    /// Enter and Escape keep their meaning in `widget`.
    public func takesTyping(from widget: Widget) {
        let entry = raw
        widget.connect("key-press-event", shape: .boolean) { _, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let key = KeyEvent(event)
            guard ![Key.returnKey, Key.keypadEnter, Key.escape, UInt32(GDK_KEY_Menu)].contains(key.keyval),
                gtk_search_entry_handle_event(entry.assumingMemoryBound(to: GtkSearchEntry.self), event).bool
            else { return 0 }
            gtk_entry_grab_focus_without_selecting(entry.assumingMemoryBound(to: GtkEntry.self))
            return 1
        }
    }
}

extension Widget {
    /// Moves the keyboard focus into this widget's first focusable child
    /// (`forward`) or its last, as Tab and Shift+Tab do; false if none takes it.
    @discardableResult
    public func focusChild(forward: Bool) -> Bool {
        gtk_widget_child_focus(widget, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD).bool
    }
}

extension Key {
    /// Shift+Tab arrives as this keyval (with Shift held).
    public static let leftTab = UInt32(GDK_KEY_ISO_Left_Tab)
    /// Tab on the numeric keypad, which moves the focus as Tab does.
    public static let keypadTab = UInt32(GDK_KEY_KP_Tab)
}
