internal import CGtk
internal import CGtkShim

/// Keys held down: releases, the key's hardware code (the same on press and
/// release whatever Shift did meanwhile), losing focus, and the error bell.
extension SignalEmitter where Self: Widget {
    /// Handles a key press with the key's hardware code, for matching it to
    /// its release (a "+" typed with Shift may be released as "=").
    @discardableResult
    public func onKeyPress(withCode handler: @escaping @MainActor (Self, KeyEvent, _ keycode: Int) -> Propagation)
        -> UInt
    {
        connect("key-press-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let key = KeyEvent(event)
            let result = handler(Object.wrap(instance, as: Self.self), key, Int(event.pointee.key.hardware_keycode))
            if result == .stop { KeyHandlerLog.note(key) }
            return result.gboolean
        }
    }

    /// Handles a key release, with the key's hardware code.
    @discardableResult
    public func onKeyRelease(_ handler: @escaping @MainActor (Self, KeyEvent, _ keycode: Int) -> Propagation) -> UInt {
        gtk_widget_add_events(widget, Int32(GDK_KEY_RELEASE_MASK.rawValue))
        return connect("key-release-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            return handler(
                Object.wrap(instance, as: Self.self), KeyEvent(event), Int(event.pointee.key.hardware_keycode)
            ).gboolean
        }
    }

    /// Runs when the widget (a window: the whole window) loses keyboard
    /// focus; keys still held then will not report their release to it.
    @discardableResult
    public func onFocusOut(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        gtk_widget_add_events(widget, Int32(GDK_FOCUS_CHANGE_MASK.rawValue))
        return connect("focus-out-event", shape: .boolean) { instance, _ in
            handler(Object.wrap(instance, as: Self.self))
            return 0
        }
    }
}

extension Widget {
    /// Whether the widget is being pressed right now (a button held down by
    /// the mouse, a touch or the keyboard: GTK's "active" state).
    public var isPressedDown: Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
    }
}
