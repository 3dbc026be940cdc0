package import CGtk
package import CGtkShim

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
    isolated deinit {} // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_gesture_get_type() }

    /// The `GtkGesture *` (an opaque C type).
    var gesture: OpaquePointer { OpaquePointer(raw) }

    /// Ties the gesture's life to `widget` (in GTK 3 a widget does not keep
    /// its gestures: the wrapper's reference is the gesture's only one).
    func attach(to widget: Widget) {
        let events = GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
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
    isolated deinit {} // Said, not inherited: see Object's deinit.
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
@MainActor
public final class GestureDrag: GestureSingle {
    isolated deinit {} // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_drag_get_type() }

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
    isolated deinit {} // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_swipe_get_type() }

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
    public func onSwipe(_ handler: @escaping @MainActor (Self, _ velocityX: Double, _ velocityY: Double) -> Void) -> UInt {
        connectPair("swipe") { handler($0, $1, $2) }
    }
}

/// A `GtkGestureMultiPress`: clicks and double clicks (presses in quick
/// succession at about the same place).
@MainActor
public final class GestureMultiPress: GestureSingle {
    isolated deinit {} // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_gesture_multi_press_get_type() }

    public convenience init(widget: Widget) {
        self.init(raw: UnsafeMutableRawPointer(gtk_gesture_multi_press_new(widget.widget)), transfer: .full)
        attach(to: widget)
    }
}

extension SignalEmitter where Self: GestureMultiPress {
    /// Runs on each press; `count` is 2 for the second press of a double click.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Self, _ count: Int, _ x: Double, _ y: Double) -> Void) -> UInt {
        connectPress("pressed", handler)
    }

    /// Runs on each release, with the count of the press it ends.
    @discardableResult
    public func onReleased(_ handler: @escaping @MainActor (Self, _ count: Int, _ x: Double, _ y: Double) -> Void) -> UInt {
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
private let pairTrampoline: @convention(c) (UnsafeMutableRawPointer, Double, Double, UnsafeMutableRawPointer) -> Void = { instance, a, b, data in
    let box = ClosureBox<SignalHandler>.of(data)
    var values = (a, b)
    withUnsafeMutablePointer(to: &values) { _ = box.call(instance, UnsafeMutableRawPointer($0)) }
}

/// `void handler(GObject *instance, gint n, gdouble x, gdouble y, gpointer data)`
private let pressTrampoline: @convention(c) (UnsafeMutableRawPointer, Int32, Double, Double, UnsafeMutableRawPointer) -> Void = { instance, n, x, y, data in
    let box = ClosureBox<SignalHandler>.of(data)
    var values = (Double(n), x, y)
    withUnsafeMutablePointer(to: &values) { _ = box.call(instance, UnsafeMutableRawPointer($0)) }
}

extension SignalEmitter {
    /// A signal with two `gdouble` arguments.
    func connectPair(_ signal: String, _ handler: @escaping @MainActor (Self, Double, Double) -> Void) -> UInt {
        connect(signal, shape: .twoDoubles, trampoline: unsafeBitCast(pairTrampoline, to: GCallback.self)) { instance, values in
            guard let pair = values?.assumingMemoryBound(to: (Double, Double).self).pointee else { return 0 }
            handler(Object.wrap(instance, as: Self.self), pair.0, pair.1)
            return 0
        }
    }

    /// A signal with a `gint` count and two `gdouble` coordinates.
    func connectPress(_ signal: String, _ handler: @escaping @MainActor (Self, Int, Double, Double) -> Void) -> UInt {
        connect(signal, shape: .countAndTwoDoubles, trampoline: unsafeBitCast(pressTrampoline, to: GCallback.self)) { instance, values in
            guard let triple = values?.assumingMemoryBound(to: (Double, Double, Double).self).pointee else { return 0 }
            handler(Object.wrap(instance, as: Self.self), Int(triple.0), triple.1, triple.2)
            return 0
        }
    }
}

// MARK: Synthetic pointer input

extension Widget {
    /// Sends a press, `steps` moves and a release from one point to another
    /// (widget coordinates) over `milliseconds`, as a mouse drag would; the
    /// events carry increasing times so swipe velocities are real.
    ///
    /// Used by tests and automation, like `sendClick`; the events go through
    /// `gtk_main_do_event` to the widget's input window.
    @_spi(Testing) public func sendDrag(fromX startX: Double, y startY: Double, toX endX: Double, y endY: Double,
                         steps: Int = 8, milliseconds: Int = 80) {
        guard let (gdkWindow, dx, dy) = inputWindow() else { return }
        let steps = max(1, steps)
        var time = Widget.nextEventTime(advancingBy: UInt32(max(milliseconds, 1)) + 10)
        let step = UInt32(max(milliseconds, 1) / steps)
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_PRESS, x: startX + dx, y: startY + dy, time: time, state: 0)
        for i in 1...steps {
            time += max(step, 1)
            let t = Double(i) / Double(steps)
            Widget.dispatchMotion(gdkWindow, x: startX + (endX - startX) * t + dx, y: startY + (endY - startY) * t + dy,
                                  time: time, state: GDK_BUTTON1_MASK.rawValue)
        }
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_RELEASE, x: endX + dx, y: endY + dy, time: time,
                              state: GDK_BUTTON1_MASK.rawValue)
    }

    /// Sends a press and release at a point to the widget's own input window,
    /// so windowless widgets with an event window (a switch) receive it too.
    @_spi(Testing) public func sendTap(x: Double, y: Double) {
        guard let (gdkWindow, dx, dy) = inputWindow() else { return }
        let time = Widget.nextEventTime(advancingBy: 20)
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_PRESS, x: x + dx, y: y + dy, time: time, state: 0)
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_RELEASE, x: x + dx, y: y + dy, time: time + 5,
                              state: GDK_BUTTON1_MASK.rawValue)
    }

    /// The GDK window that receives this widget's pointer events, with the
    /// offset from widget to window coordinates.
    func inputWindow() -> (OpaquePointer, Double, Double)? {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return nil }
        if gtk_widget_get_has_window(widget).bool { return (gdkWindow, 0, 0) }
        // A windowless widget that takes input has an input-only child window
        // over its allocation, whose user data is the widget.
        var found: OpaquePointer?
        let children = gdk_window_get_children(gdkWindow)
        var node = children
        while let current = node, found == nil {
            if let child = current.pointee.data {
                var owner: UnsafeMutableRawPointer?
                gdk_window_get_user_data(OpaquePointer(child), &owner)
                if owner == raw && gdk_window_is_visible(OpaquePointer(child)).bool { found = OpaquePointer(child) }
            }
            node = current.pointee.next
        }
        g_list_free(children)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        if let found {
            var x: Int32 = 0, y: Int32 = 0
            gdk_window_get_position(found, &x, &y)
            return (found, Double(allocation.x - x), Double(allocation.y - y))
        }
        return (gdkWindow, Double(allocation.x), Double(allocation.y))
    }

    private static var lastEventTime: UInt32 = 0

    /// Event times in milliseconds, increasing across calls.
    private static func nextEventTime(advancingBy span: UInt32) -> UInt32 {
        let now = UInt32(truncatingIfNeeded: MainLoop.monotonicTime / 1000)
        let time = max(now, lastEventTime &+ 1)
        lastEventTime = time &+ span
        return time
    }

    private static func dispatchButton(_ window: OpaquePointer, _ type: GdkEventType, x: Double, y: Double,
                                       time: UInt32, state: UInt32) {
        guard let event = shim_button_event_new(window, type, 1, x, y) else { return }
        event.pointee.button.time = time
        event.pointee.button.state = state
        gtk_main_do_event(event)
        gdk_event_free(event)
    }

    private static func dispatchMotion(_ window: OpaquePointer, x: Double, y: Double, time: UInt32, state: UInt32) {
        guard let event = gdk_event_new(GDK_MOTION_NOTIFY) else { return }
        event.pointee.motion.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.motion.send_event = 1
        event.pointee.motion.time = time
        event.pointee.motion.x = x
        event.pointee.motion.y = y
        event.pointee.motion.state = state
        if let display = gdk_window_get_display(window), let seat = gdk_display_get_default_seat(display) {
            gdk_event_set_device(event, gdk_seat_get_pointer(seat))
        }
        gtk_main_do_event(event)
        gdk_event_free(event)
    }
}
