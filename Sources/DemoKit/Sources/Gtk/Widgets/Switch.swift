internal import CGtk

/// A `GtkSwitch`: an on/off setting that takes effect at once.
///
/// ```swift
/// let sound = Switch(isActive: true, accessibleName: localized("Sound"))
/// sound.onToggled { control in print(control.isActive) }
/// ```
@MainActor
public final class Switch: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_switch_get_type() }

    /// A switch; give it an accessible name (the label beside it says what it
    /// switches, but a screen reader reads the switch alone).
    public convenience init(isActive: Bool = false, accessibleName: String? = nil) {
        self.init(raw: UnsafeMutableRawPointer(gtk_switch_new()), transfer: .floating)
        self.isActive = isActive
        if let accessibleName { self.accessibleName = accessibleName }
    }

    /// Whether the switch is on; setting it moves the switch as a click would
    /// (and emits its change).
    public var isActive: Bool {
        get { gtk_switch_get_active(cast()).bool }
        set { gtk_switch_set_active(cast(), newValue.gboolean) }
    }

    /// Flips the switch as a click or the space bar does.
    public func toggle() { isActive.toggle() }
}

extension SignalEmitter where Self: Switch {
    /// Runs whenever `isActive` changes, by a click, a key or code.
    ///
    /// GtkSwitch has no "toggled" signal; "notify::active" is its equivalent.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { onNotify("active", handler) }
}

/// A `GtkCheckButton`: a labelled box to tick.
@MainActor
public final class CheckButton: ToggleButton {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_check_button_get_type() }

    /// A check button with a label; an underscore marks its mnemonic.
    public convenience init(label: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_check_button_new_with_mnemonic(label)), transfer: .floating)
        accessibleName = label.replacingMnemonic()
    }

    /// A check button without a label (name it with `accessibleName`).
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_check_button_new()), transfer: .floating)
    }
}
