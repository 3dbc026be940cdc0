package import CGtk
package import CGtkShim

/// Keyboard modifiers held during an event.
public struct Modifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = Modifiers(rawValue: GDK_MOD1_MASK.rawValue)
    public static let superKey = Modifiers(rawValue: GDK_SUPER_MASK.rawValue)

    /// The modifiers that change a shortcut's meaning (not Caps or Num Lock).
    static let significant: Modifiers = [.shift, .control, .alt, .superKey]
}

/// Key values (GDK keysyms) the demos use by name.
public enum Key {
    public static let returnKey = UInt32(GDK_KEY_Return)
    public static let keypadEnter = UInt32(GDK_KEY_KP_Enter)
    public static let escape = UInt32(GDK_KEY_Escape)
    public static let left = UInt32(GDK_KEY_Left)
    public static let right = UInt32(GDK_KEY_Right)
    public static let up = UInt32(GDK_KEY_Up)
    public static let down = UInt32(GDK_KEY_Down)
    public static let tab = UInt32(GDK_KEY_Tab)
    public static let backSpace = UInt32(GDK_KEY_BackSpace)
    public static let delete = UInt32(GDK_KEY_Delete)
    public static let space = UInt32(GDK_KEY_space)
    public static let f1 = UInt32(GDK_KEY_F1)

    /// The keyval of a printable character ("a", "+", "5").
    public static func character(_ c: Character) -> UInt32 {
        gdk_unicode_to_keyval(c.unicodeScalars.first!.value)
    }

    /// The keyval for an accelerator name such as "Return" or "q".
    public static func named(_ name: String) -> UInt32 { gdk_keyval_from_name(name) }
}

/// A key press or release.
public struct KeyEvent: Sendable {
    public let keyval: UInt32
    public let modifiers: Modifiers

    public init(keyval: UInt32, modifiers: Modifiers = []) {
        self.keyval = keyval
        self.modifiers = modifiers.intersection(.significant)
    }

    /// The character typed, if the key is printable.
    public var character: Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code > 31, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    init(_ event: UnsafeMutablePointer<GdkEvent>) {
        self.init(keyval: shim_event_keyval(event), modifiers: Modifiers(rawValue: shim_event_state(event)))
    }
}

/// What a handler did with an event: stop it, or let GTK go on.
public enum Propagation: Sendable {
    case stop, proceed
    package var gboolean: Int32 { self == .stop ? 1 : 0 }
}

extension SignalEmitter where Self: Widget {
    /// Handles key presses before the focused child sees them when on a window.
    @discardableResult
    public func onKeyPress(_ handler: @escaping @MainActor (Self, KeyEvent) -> Propagation) -> UInt {
        connect("key-press-event", shape: .boolean) { instance, event in
            guard let event else { return 0 }
            let key = KeyEvent(event.assumingMemoryBound(to: GdkEvent.self))
            let result = handler(Object.wrap(instance, as: Self.self), key)
            if result == .stop { KeyHandlerRecord.note(key) }
            return result.gboolean
        }
    }

    /// Handles a mouse button press; `count` is 2 for a double click.
    @discardableResult
    public func onButtonPress(_ handler: @escaping @MainActor (Self, _ button: Int, _ count: Int, _ x: Double, _ y: Double) -> Propagation) -> UInt {
        gtk_widget_add_events(widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue))
        return connect("button-press-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let count: Int
            switch shim_event_type(event) {
            case GDK_2BUTTON_PRESS: count = 2
            case GDK_3BUTTON_PRESS: count = 3
            default: count = 1
            }
            var x = 0.0, y = 0.0
            shim_event_coords(event, &x, &y)
            return handler(Object.wrap(instance, as: Self.self), Int(shim_event_button(event)), count, x, y).gboolean
        }
    }
}

extension Widget {
    /// Sends a synthetic key press and release to this widget's window, as a
    /// person typing would (focus handling, bindings and mnemonics included).
    ///
    /// Used by tests and by automation; the event goes through `gtk_main_do_event`.
    @_spi(Testing) public func sendKey(_ keyval: UInt32, modifiers: Modifiers = []) {
        guard let top = gtk_widget_get_toplevel(widget), let gdkWindow = gtk_widget_get_window(top) else { return }
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            let event = shim_key_event_new(gdkWindow, type, keyval, GdkModifierType(modifiers.rawValue))
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// Draws the widget (and what it holds) as GTK draws a window in the
    /// background, as when another application's window comes to the front.
    @_spi(Testing) public func showAsBackdrop(_ backdrop: Bool) {
        if backdrop {
            gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_BACKDROP, 0)
        } else {
            gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_BACKDROP)
        }
    }

    /// Sends a synthetic click (press and release, or a double press) at a
    /// point; `button` 3 is a right click.
    @_spi(Testing) public func sendClick(x: Double, y: Double, count: Int = 1, button: Int = 1) {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return }
        var events = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE]
        if count == 2 { events = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE] }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        let offsetX = gtk_widget_get_has_window(widget).bool ? 0 : Double(allocation.x)
        let offsetY = gtk_widget_get_has_window(widget).bool ? 0 : Double(allocation.y)
        for type in events {
            let event = shim_button_event_new(gdkWindow, type, guint(button), x + offsetX, y + offsetY)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }
}
