internal import CGtk
internal import CGtkShim

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
