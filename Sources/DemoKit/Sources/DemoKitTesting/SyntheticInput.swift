internal import CGtk
internal import CGtkShim
import Gtk

/// Synthetic input, as a person gives it: keys, clicks, a held button, taps
/// and drags, sent through `gtk_main_do_event` to the widget's window, so
/// focus handling, bindings, gestures and the program's own handlers all run.

extension Widget {
    /// Sends a synthetic key press and release to this widget's window, as a
    /// person typing would (focus handling, bindings and mnemonics included).
    ///
    /// Used by tests and by automation; the event goes through `gtk_main_do_event`.
    public func sendKey(_ keyval: UInt32, modifiers: Modifiers = []) {
        guard let top = gtk_widget_get_toplevel(widget), let gdkWindow = gtk_widget_get_window(top) else { return }
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            let event = shim_key_event_new(gdkWindow, type, keyval, GdkModifierType(modifiers.rawValue))
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// Draws the widget (and what it holds) as GTK draws a window in the
    /// background, as when another application's window comes to the front.
    public func showAsBackdrop(_ backdrop: Bool) {
        if backdrop {
            gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_BACKDROP, 0)
        } else {
            gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_BACKDROP)
        }
    }

    /// Sends a synthetic click (press and release, or a double press) at a
    /// point; `button` 3 is a right click.
    public func sendClick(x: Double, y: Double, count: Int = 1, button: Int = 1) {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return }
        var events = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE]
        if count == 2 {
            events = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE]
        }
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

    /// Sends only the press (or only the release) of a key, as a person
    /// holding it would; `sendKey` sends both.
    public func sendKeyPress(_ keyval: UInt32, modifiers: Modifiers = [], release: Bool = false) {
        guard let top = gtk_widget_get_toplevel(widget), let gdkWindow = gtk_widget_get_window(top) else { return }
        let event = shim_key_event_new(
            gdkWindow, release ? GDK_KEY_RELEASE : GDK_KEY_PRESS, keyval,
            GdkModifierType(modifiers.rawValue))
        gtk_main_do_event(event)
        gdk_event_free(event)
    }

    /// Sends a mouse button press (or release) at a point of this widget, so
    /// a test can hold a button down.
    public func sendButton(x: Double, y: Double, release: Bool = false) {
        guard let (gdkWindow, dx, dy) = inputWindow(),
            let event = shim_button_event_new(
                gdkWindow, release ? GDK_BUTTON_RELEASE : GDK_BUTTON_PRESS, 1, x + dx, y + dy)
        else { return }
        if release { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
        gtk_main_do_event(event)
        gdk_event_free(event)
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
    public func sendDrag(
        fromX startX: Double, y startY: Double, toX endX: Double, y endY: Double,
        steps: Int = 8, milliseconds: Int = 80
    ) {
        guard let (gdkWindow, dx, dy) = inputWindow() else { return }
        let steps = max(1, steps)
        var time = Widget.nextEventTime(advancingBy: UInt32(max(milliseconds, 1)) + 10)
        let step = UInt32(max(milliseconds, 1) / steps)
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_PRESS, x: startX + dx, y: startY + dy, time: time, state: 0)
        for i in 1...steps {
            time += max(step, 1)
            let t = Double(i) / Double(steps)
            Widget.dispatchMotion(
                gdkWindow, x: startX + (endX - startX) * t + dx, y: startY + (endY - startY) * t + dy,
                time: time, state: GDK_BUTTON1_MASK.rawValue)
        }
        Widget.dispatchButton(
            gdkWindow, GDK_BUTTON_RELEASE, x: endX + dx, y: endY + dy, time: time,
            state: GDK_BUTTON1_MASK.rawValue)
    }

    /// Sends a press and release at a point to the widget's own input window,
    /// so windowless widgets with an event window (a switch) receive it too.
    public func sendTap(x: Double, y: Double) {
        guard let (gdkWindow, dx, dy) = inputWindow() else { return }
        let time = Widget.nextEventTime(advancingBy: 20)
        Widget.dispatchButton(gdkWindow, GDK_BUTTON_PRESS, x: x + dx, y: y + dy, time: time, state: 0)
        Widget.dispatchButton(
            gdkWindow, GDK_BUTTON_RELEASE, x: x + dx, y: y + dy, time: time + 5,
            state: GDK_BUTTON1_MASK.rawValue)
    }

    /// The GDK window that receives this widget's pointer events, with the
    /// offset from widget to window coordinates.
    private func inputWindow() -> (OpaquePointer, Double, Double)? {
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

    private static func dispatchButton(
        _ window: OpaquePointer, _ type: GdkEventType, x: Double, y: Double,
        time: UInt32, state: UInt32
    ) {
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
