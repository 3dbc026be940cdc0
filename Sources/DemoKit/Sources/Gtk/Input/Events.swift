internal import CGtk
internal import CGtkShim

/// Keyboard modifiers held during an event.
public struct Modifiers: OptionSet, Sendable {
    /// GDK's modifier mask bits (`GdkModifierType`).
    public let rawValue: UInt32
    /// Modifiers from GDK's mask bits; a key handler receives them ready-made, a test may make its own.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shift, as in Shift+Tab.
    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    /// Ctrl, the modifier of most shortcuts (Ctrl+Z).
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    /// Alt, which also opens mnemonics.
    public static let alt = Modifiers(rawValue: GDK_MOD1_MASK.rawValue)
    /// The Super (logo) key, which desktops keep for themselves: avoid it in a demo's shortcuts.
    public static let superKey = Modifiers(rawValue: GDK_SUPER_MASK.rawValue)

    /// The modifiers that change a shortcut's meaning (not Caps or Num Lock).
    static let significant: Modifiers = [.shift, .control, .alt, .superKey]
}

/// Key values (GDK keysyms) the demos use by name.
public enum Key {
    /// Return (Enter on the main keyboard): compare with `KeyEvent.keyval`, as
    /// `keypadEnter` for the keypad's.
    public static let returnKey = UInt32(GDK_KEY_Return)
    /// Enter on the numeric keypad; a demo that acts on Return acts on it too.
    public static let keypadEnter = UInt32(GDK_KEY_KP_Enter)
    /// Escape: cancels, closes a popover or leaves a mode.
    public static let escape = UInt32(GDK_KEY_Escape)
    /// The Left arrow.
    public static let left = UInt32(GDK_KEY_Left)
    /// The Right arrow.
    public static let right = UInt32(GDK_KEY_Right)
    /// The Up arrow.
    public static let up = UInt32(GDK_KEY_Up)
    /// The Down arrow.
    public static let down = UInt32(GDK_KEY_Down)
    /// Tab, which GTK uses to move the focus: stop it only where a widget must keep the focus.
    public static let tab = UInt32(GDK_KEY_Tab)
    /// Backspace.
    public static let backSpace = UInt32(GDK_KEY_BackSpace)
    /// Delete.
    public static let delete = UInt32(GDK_KEY_Delete)
    /// The space bar, which also activates the focused button.
    public static let space = UInt32(GDK_KEY_space)
    /// F1, the desktop's key for help.
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
    /// The key (a GDK keysym): compare it with `Key`'s values or `Key.character(_:)`.
    public let keyval: UInt32
    /// Shift, Ctrl, Alt and Super as held; Caps Lock and Num Lock are left out.
    public let modifiers: Modifiers

    /// A key event; handlers receive it ready-made, tests make their own.
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
    /// `stop`: the handler acted on the event, so GTK does no more with it;
    /// `proceed`: GTK goes on (the focused widget, the window's keys).
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
            if result == .stop { KeyHandlerLog.note(key) }
            return result.gboolean
        }
    }

    /// Handles a mouse button press; `count` is 2 for a double click.
    @discardableResult
    public func onButtonPress(
        _ handler: @escaping @MainActor (Self, _ button: Int, _ count: Int, _ x: Double, _ y: Double) -> Propagation
    ) -> UInt {
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

/// The keys the program's own key handlers stopped, kept only once a test
/// asks (`KeyHandlerRecord` in DemoKitTesting): a key a window acts on but
/// does not list in its Keyboard Shortcuts window is found by pressing it.
@MainActor
package enum KeyHandlerLog {
    package static var stopped: [KeyEvent] = []
    package static var isRecording = false

    static func note(_ key: KeyEvent) {
        if isRecording { stopped.append(key) }
    }
}
