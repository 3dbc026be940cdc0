internal import CGtk

/// A `GtkSpinButton`: a number typed or stepped with +/− within a range.
///
/// Values outside the range are clamped by GTK, so the model never sees one.
///
/// ```swift
/// let length = SpinButton(range: 4...64, step: 1, value: 16)
/// length.accessibleName = localized("Length")
/// length.onValueChanged { spin in print(spin.intValue) }
/// ```
@MainActor
public final class SpinButton: Entry {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_spin_button_get_type() }

    /// `step` is the +/− increment; Page Up/Down move ten steps. The number of
    /// decimals shown follows `step` (1 → none, 0.5 → one) until `digits` is set.
    public convenience init(range: ClosedRange<Double>, step: Double = 1, value: Double? = nil) {
        self.init(
            raw: UnsafeMutableRawPointer(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)),
            transfer: .floating)
        if let value { self.value = value }
    }

    /// The current value; setting it clamps to `range`.
    public var value: Double {
        get { gtk_spin_button_get_value(cast()) }
        set { gtk_spin_button_set_value(cast(), newValue) }
    }

    /// The value rounded to the nearest integer.
    public var intValue: Int { Int(gtk_spin_button_get_value_as_int(cast())) }

    /// The allowed values; the current value is clamped into a new range.
    public var range: ClosedRange<Double> {
        get {
            var lower = 0.0, upper = 0.0
            gtk_spin_button_get_range(cast(), &lower, &upper)
            return lower...upper
        }
        set { gtk_spin_button_set_range(cast(), newValue.lowerBound, newValue.upperBound) }
    }

    /// The +/− increment (a page is ten steps).
    public var step: Double {
        get {
            var step = 0.0, page = 0.0
            gtk_spin_button_get_increments(cast(), &step, &page)
            return step
        }
        set { gtk_spin_button_set_increments(cast(), newValue, newValue * 10) }
    }

    /// Decimal places shown. `value` keeps what code set until the text is
    /// parsed again (`update`, Enter, focus out).
    public var digits: Int {
        get { Int(gtk_spin_button_get_digits(cast())) }
        set { gtk_spin_button_set_digits(cast(), UInt32(max(0, min(20, newValue)))) }
    }

    /// Whether stepping past one end wraps to the other.
    public var wraps: Bool {
        get { gtk_spin_button_get_wrap(cast()).bool }
        set { gtk_spin_button_set_wrap(cast(), newValue.gboolean) }
    }

    /// Ignores typed characters that are not part of a number.
    public var isNumeric: Bool {
        get { gtk_spin_button_get_numeric(cast()).bool }
        set { gtk_spin_button_set_numeric(cast(), newValue.gboolean) }
    }

    /// Steps the value as the + (positive `count`) or − button does.
    public func step(by count: Int) {
        let direction = count >= 0 ? GTK_SPIN_STEP_FORWARD : GTK_SPIN_STEP_BACKWARD
        for _ in 0..<abs(count) { gtk_spin_button_spin(cast(), direction, 0) }
    }

    /// Parses typed text into `value` now (GTK does so on Enter and focus-out).
    public func update() { gtk_spin_button_update(cast()) }
}

extension SignalEmitter where Self: SpinButton {
    /// Runs when the value changes (not on every keystroke: on Enter, focus
    /// out, a step, or a set from code).
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("value-changed", handler) }
}

extension SpinButton {
    /// When true, typed text that is not a number in `range` is refused on
    /// Enter or focus-out: the previous value comes back (instead of being
    /// clamped to the nearest end).
    public var refusesInvalidText: Bool {
        get { gtk_spin_button_get_update_policy(cast()) == GTK_UPDATE_IF_VALID }
        set { gtk_spin_button_set_update_policy(cast(), newValue ? GTK_UPDATE_IF_VALID : GTK_UPDATE_ALWAYS) }
    }
}
