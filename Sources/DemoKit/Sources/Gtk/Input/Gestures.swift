internal import CGtk
internal import CGtkShim

/// When a gesture sees events relative to its widget's own handlers
/// (`GtkPropagationPhase`).
public enum PropagationPhase: Sendable {
    /// The gesture is off.
    case none
    /// Before the widget (and its children) handle the event.
    case capture
    /// After the children, with the widget's own handlers (the default).
    case bubble
    /// Only for events aimed at the widget itself, not its children.
    case target

    var gtk: GtkPropagationPhase {
        switch self {
        case .none: GTK_PHASE_NONE
        case .capture: GTK_PHASE_CAPTURE
        case .bubble: GTK_PHASE_BUBBLE
        case .target: GTK_PHASE_TARGET
        }
    }

    init(_ phase: GtkPropagationPhase) {
        switch phase {
        case GTK_PHASE_CAPTURE: self = .capture
        case GTK_PHASE_BUBBLE: self = .bubble
        case GTK_PHASE_TARGET: self = .target
        default: self = .none
        }
    }
}

/// A `GtkGesture`: recognises a sequence of pointer or touch events on one
/// widget (a drag, a swipe, a double click).
///
/// In GTK 3 a widget does not own its gestures. The binding keeps each gesture
/// alive until its widget is destroyed, so `GestureDrag(widget: area)` needs
/// no stored property; the gesture and its handlers are freed with the widget.
@MainActor
open class Gesture: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_gesture_get_type() }

    /// The `GtkGesture *` (an opaque C type).
    var gesture: OpaquePointer { OpaquePointer(raw) }

    /// Ties the gesture's life to `widget` (in GTK 3 a widget does not keep
    /// its gestures: the wrapper's reference is the gesture's only one).
    func attach(to widget: Widget) {
        let events =
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
            | GDK_BUTTON_MOTION_MASK.rawValue | GDK_TOUCH_MASK.rawValue
        gtk_widget_add_events(widget.widget, Int32(bitPattern: events))
        // The widget's destroy handler owns the wrapper and lets it go while it
        // runs, when the widget is still whole. (Letting go later, when GLib
        // frees the widget's handlers, would finalise the gesture while that
        // list is being torn down, and GTK's controller disconnects from it.)
        var keeper: Gesture? = self
        widget.connect("destroy", shape: .void) { _, _ in
            _ = keeper.take()
            return 0
        }
    }

    /// The widget the gesture watches (nil once it is gone).
    public var widget: Widget? {
        gtk_event_controller_get_widget(gesture).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) }
    }

    /// When the gesture sees events: `.capture` before the widget's children
    /// (to win over a button inside), `.bubble` after them.
    public var propagationPhase: PropagationPhase {
        get { PropagationPhase(gtk_event_controller_get_propagation_phase(gesture)) }
        set { gtk_event_controller_set_propagation_phase(gesture, newValue.gtk) }
    }

    /// Whether a sequence is in progress (the button is held, say).
    public var isActive: Bool { gtk_gesture_is_active(gesture).bool }

    /// Forgets the sequence in progress (ends it without a result).
    public func reset() { gtk_event_controller_reset(gesture) }
}

/// A `GtkGestureSingle`: a gesture following one pointer or touch at a time.
@MainActor
open class GestureSingle: Gesture {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_gesture_single_get_type() }

    /// The mouse button that starts the gesture; 0 means any (default 1, primary).
    public var button: Int {
        get { Int(gtk_gesture_single_get_button(gesture)) }
        set { gtk_gesture_single_set_button(gesture, UInt32(max(0, newValue))) }
    }

    /// Reacts only to touch screens, not to a mouse.
    public var isTouchOnly: Bool {
        get { gtk_gesture_single_get_touch_only(gesture).bool }
        set { gtk_gesture_single_set_touch_only(gesture, newValue.gboolean) }
    }
}

/// A `GtkGestureDrag`: press, move, release; reports the offset from the press.
///
/// ```swift
/// let board = DrawingArea()
/// let drag = GestureDrag(widget: board)
/// drag.onEnd { _, offsetX, offsetY in print(offsetX, offsetY) }
/// ```
@MainActor
public final class GestureDrag: GestureSingle {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_drag_get_type() }

    /// A drag gesture on `widget`, kept as long as the widget lives: connect
    /// its begin, update and end.
    public convenience init(widget: Widget) {
        self.init(raw: UnsafeMutableRawPointer(gtk_gesture_drag_new(widget.widget)), transfer: .full)
        attach(to: widget)
    }

    /// Where the drag started, in widget coordinates (nil when none is active).
    public var startPoint: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        return gtk_gesture_drag_get_start_point(gesture, &x, &y).bool ? (x, y) : nil
    }

    /// How far the pointer is from the start point (nil when none is active).
    public var offset: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        return gtk_gesture_drag_get_offset(gesture, &x, &y).bool ? (x, y) : nil
    }
}

extension SignalEmitter where Self: GestureDrag {
    /// Runs on the press that starts a drag, with its point.
    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor (Self, _ startX: Double, _ startY: Double) -> Void) -> UInt {
        connectPair("drag-begin") { handler($0, $1, $2) }
    }

    /// Runs on every move during a drag, with the offset from the start point.
    @discardableResult
    public func onUpdate(_ handler: @escaping @MainActor (Self, _ offsetX: Double, _ offsetY: Double) -> Void) -> UInt {
        connectPair("drag-update") { handler($0, $1, $2) }
    }

    /// Runs on release, with the final offset from the start point.
    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (Self, _ offsetX: Double, _ offsetY: Double) -> Void) -> UInt {
        connectPair("drag-end") { handler($0, $1, $2) }
    }
}

/// A `GtkGestureSwipe`: a drag that ends while still moving; reports the
/// velocity (pixels per second) at release, for flick-to-move.
@MainActor
public final class GestureSwipe: GestureSingle {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_swipe_get_type() }

    /// A swipe gesture on `widget`, kept as long as the widget lives.
    public convenience init(widget: Widget) {
        self.init(raw: UnsafeMutableRawPointer(gtk_gesture_swipe_new(widget.widget)), transfer: .full)
        attach(to: widget)
    }

    /// The velocity over the last 150 ms of the sequence in progress.
    public var velocity: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        return gtk_gesture_swipe_get_velocity(gesture, &x, &y).bool ? (x, y) : nil
    }
}

extension SignalEmitter where Self: GestureSwipe {
    /// Runs on release with the velocity in pixels per second (positive x is
    /// rightwards, positive y downwards).
    @discardableResult
    public func onSwipe(_ handler: @escaping @MainActor (Self, _ velocityX: Double, _ velocityY: Double) -> Void)
        -> UInt
    {
        connectPair("swipe") { handler($0, $1, $2) }
    }
}

/// A `GtkGestureMultiPress`: clicks and double clicks (presses in quick
/// succession at about the same place).
@MainActor
public final class GestureMultiPress: GestureSingle {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_multi_press_get_type() }

    /// A click gesture on `widget`, kept as long as the widget lives.
    public convenience init(widget: Widget) {
        self.init(raw: UnsafeMutableRawPointer(gtk_gesture_multi_press_new(widget.widget)), transfer: .full)
        attach(to: widget)
    }
}

extension SignalEmitter where Self: GestureMultiPress {
    /// Runs on each press; `count` is 2 for the second press of a double click.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Self, _ count: Int, _ x: Double, _ y: Double) -> Void)
        -> UInt
    {
        connectPress("pressed", handler)
    }

    /// Runs on each release, with the count of the press it ends.
    @discardableResult
    public func onReleased(_ handler: @escaping @MainActor (Self, _ count: Int, _ x: Double, _ y: Double) -> Void)
        -> UInt
    {
        connectPress("released", handler)
    }

    /// Runs when a run of presses ends (too slow, or the pointer moved away).
    @discardableResult
    public func onStopped(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("stopped", handler) }
}

// MARK: Signals with number arguments

// Doubles travel in floating-point registers, so these signals need C
// trampolines of their exact shape. The numbers reach the boxed handler as a
// pointer to a tuple on the trampoline's stack, valid for the call only.

/// `void handler(GObject *instance, gdouble a, gdouble b, gpointer data)`
private let pairTrampoline: @convention(c) (UnsafeMutableRawPointer, Double, Double, UnsafeMutableRawPointer) -> Void =
    { instance, a, b, data in
        let box = ClosureBox<SignalHandler>.of(data)
        var values = (a, b)
        withUnsafeMutablePointer(to: &values) { _ = box.call(instance, UnsafeMutableRawPointer($0)) }
    }

/// `void handler(GObject *instance, gint n, gdouble x, gdouble y, gpointer data)`
private let pressTrampoline:
    @convention(c) (UnsafeMutableRawPointer, Int32, Double, Double, UnsafeMutableRawPointer) -> Void = {
        instance, n, x, y, data in
        let box = ClosureBox<SignalHandler>.of(data)
        var values = (Double(n), x, y)
        withUnsafeMutablePointer(to: &values) { _ = box.call(instance, UnsafeMutableRawPointer($0)) }
    }

extension SignalEmitter {
    /// A signal with two `gdouble` arguments.
    func connectPair(_ signal: String, _ handler: @escaping @MainActor (Self, Double, Double) -> Void) -> UInt {
        connect(signal, shape: .twoDoubles, trampoline: unsafeBitCast(pairTrampoline, to: GCallback.self)) {
            instance, values in
            guard let pair = values?.assumingMemoryBound(to: (Double, Double).self).pointee else { return 0 }
            handler(Object.wrap(instance, as: Self.self), pair.0, pair.1)
            return 0
        }
    }

    /// A signal with a `gint` count and two `gdouble` coordinates.
    func connectPress(_ signal: String, _ handler: @escaping @MainActor (Self, Int, Double, Double) -> Void) -> UInt {
        connect(signal, shape: .countAndTwoDoubles, trampoline: unsafeBitCast(pressTrampoline, to: GCallback.self)) {
            instance, values in
            guard let triple = values?.assumingMemoryBound(to: (Double, Double, Double).self).pointee else { return 0 }
            handler(Object.wrap(instance, as: Self.self), Int(triple.0), triple.1, triple.2)
            return 0
        }
    }
}
