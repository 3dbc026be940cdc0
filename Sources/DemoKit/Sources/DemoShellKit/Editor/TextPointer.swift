import CGtk
import CGtkShim
import Gtk

/// Where the pointer is over a text view's text, for what the editor does
/// when the pointer rests on a name (Quick Help on hover) or clicks it with
/// Ctrl (Go to Definition). The public binding has no motion events: they
/// are the shell's alone, and keeping them here leaves the SDK's ABI as it is.
public struct TextPointer: Sendable {
    public enum Kind: Sendable, Equatable {
        /// The pointer moved over the text window.
        case motion
        /// The pointer came over the text without moving (a bubble that
        /// covered it went, a window mapped under it).
        case enter
        /// The pointer left the text (to the gutter, a bubble, another widget).
        case leave
        /// A mouse button was pressed (1: the primary one).
        case press(button: Int)
        /// Ctrl (or another modifier) was pressed or released, the pointer still.
        case modifiers
    }

    public let kind: Kind
    /// The character under the pointer; nil when it is on no character (past
    /// a line's end, below the text, out of the view).
    public let offset: Int?
    /// The modifiers held (after the change, for `.modifiers`).
    public let modifiers: Modifiers
}

extension SourceView {
    private var textView: UnsafeMutablePointer<GtkTextView> { cast() }

    /// Tells `handler` where the pointer is over the text as it moves (or
    /// comes back), leaves, clicks, and as Ctrl is pressed or released while the view has the focus.
    /// `.stop` from a press keeps GtkTextView from placing the caret.
    @discardableResult
    public func onTextPointer(_ handler: @escaping @MainActor (SourceView, TextPointer) -> Propagation) -> [UInt] {
        let mask =
            GDK_POINTER_MOTION_MASK.rawValue | GDK_ENTER_NOTIFY_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue
            | GDK_BUTTON_PRESS_MASK.rawValue
        gtk_widget_add_events(widget, Int32(bitPattern: mask))
        let motion = connect("motion-notify-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let view = Object.wrap(instance, as: SourceView.self)
            var x = 0.0, y = 0.0
            shim_event_coords(event, &x, &y)
            gdk_event_request_motions(UnsafeMutablePointer(OpaquePointer(event)))
            let offset = view.offset(atWindow: event.pointee.any.window, x: x, y: y)
            return handler(view, TextPointer(kind: .motion, offset: offset, modifiers: Self.modifiers(event))).gboolean
        }
        let enter = connect("enter-notify-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let view = Object.wrap(instance, as: SourceView.self)
            let crossing = event.pointee.crossing
            let offset = view.offset(atWindow: crossing.window, x: crossing.x, y: crossing.y)
            return handler(view, TextPointer(kind: .enter, offset: offset, modifiers: Self.modifiers(event))).gboolean
        }
        let leave = connect("leave-notify-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            // Into a window inside the text window (a child widget): still over the text.
            if event.pointee.crossing.detail == GDK_NOTIFY_INFERIOR { return 0 }
            let view = Object.wrap(instance, as: SourceView.self)
            return handler(view, TextPointer(kind: .leave, offset: nil, modifiers: Self.modifiers(event))).gboolean
        }
        let press = connect("button-press-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self), shim_event_type(event) == GDK_BUTTON_PRESS
            else { return 0 }
            let view = Object.wrap(instance, as: SourceView.self)
            var x = 0.0, y = 0.0
            shim_event_coords(event, &x, &y)
            let offset = view.offset(atWindow: event.pointee.any.window, x: x, y: y)
            let kind = TextPointer.Kind.press(button: Int(shim_event_button(event)))
            return handler(view, TextPointer(kind: kind, offset: offset, modifiers: Self.modifiers(event))).gboolean
        }
        var keys: [UInt] = []
        for (signal, pressed) in [("key-press-event", true), ("key-release-event", false)] {
            keys.append(
                connect(signal, shape: .boolean) { instance, event in
                    guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
                    let keyval = shim_event_keyval(event)
                    guard keyval == UInt32(GDK_KEY_Control_L) || keyval == UInt32(GDK_KEY_Control_R) else { return 0 }
                    let view = Object.wrap(instance, as: SourceView.self)
                    var modifiers = Self.modifiers(event)
                    if pressed { modifiers.insert(.control) } else { modifiers.remove(.control) }
                    _ = handler(
                        view, TextPointer(kind: .modifiers, offset: view.offsetUnderPointer, modifiers: modifiers))
                    return 0
                })
        }
        return [motion, enter, leave, press] + keys
    }

    /// The pointer over the text shows a hand (`pointer`: a link to follow)
    /// rather than the text cursor.
    public func showsHandPointer(_ hand: Bool) {
        guard let window = gtk_text_view_get_window(textView, GTK_TEXT_WINDOW_TEXT) else { return }
        let display = gdk_window_get_display(window)
        let cursor = gdk_cursor_new_from_name(display, hand ? "pointer" : "text")
        gdk_window_set_cursor(window, cursor)
        if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
    }

    /// Whether the text window shows the hand now (GDK keeps one cursor a
    /// name and display, so the one asked for again is the one set).
    public var isShowingHandPointer: Bool {
        guard let window = gtk_text_view_get_window(textView, GTK_TEXT_WINDOW_TEXT),
            let shown = gdk_window_get_cursor(window),
            let hand = gdk_cursor_new_from_name(gdk_window_get_display(window), "pointer")
        else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(hand)) }
        return shown == hand
    }

    /// The name (letters, digits, `_`) holding character `offset`; nil when
    /// that character is not part of one.
    public func nameRange(around offset: Int) -> Range<Int>? {
        func isName(_ iter: inout GtkTextIter) -> Bool {
            let code = gtk_text_iter_get_char(&iter)
            guard let scalar = Unicode.Scalar(code) else { return false }
            return scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: offset))
        guard isName(&start) else { return nil }
        var end = start
        while gtk_text_iter_backward_char(&start).bool {
            if !isName(&start) {
                gtk_text_iter_forward_char(&start)
                break
            }
        }
        while gtk_text_iter_forward_char(&end).bool, isName(&end) {}
        return Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
    }

    /// The character under the pointer now; nil when it is on none.
    public var offsetUnderPointer: Int? {
        guard let window = gtk_text_view_get_window(textView, GTK_TEXT_WINDOW_TEXT),
            let seat = gdk_display_get_default_seat(gdk_window_get_display(window))
        else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var mask = GdkModifierType(0)
        gdk_window_get_device_position(window, gdk_seat_get_pointer(seat), &x, &y, &mask)
        return offset(atWindow: window, x: Double(x), y: Double(y))
    }

    /// The character at (`x`, `y`) of one of the view's GDK windows, when that
    /// is the text window and the point is on a character (not past its line's end).
    private func offset(atWindow window: OpaquePointer?, x: Double, y: Double) -> Int? {
        guard let window, let text = gtk_text_view_get_window(textView, GTK_TEXT_WINDOW_TEXT), window == text else {
            return nil
        }
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(
            textView, GTK_TEXT_WINDOW_TEXT, Int32(x.rounded(.down)), Int32(y.rounded(.down)), &bufferX, &bufferY)
        // The character under the point, not the caret place nearest to it
        // (`get_iter_at_location` gives the next character past a half).
        var iter = GtkTextIter()
        var trailing: Int32 = 0
        guard gtk_text_view_get_iter_at_position(textView, &iter, &trailing, bufferX, bufferY).bool else { return nil }
        var place = GdkRectangle()
        gtk_text_view_get_iter_location(textView, &iter, &place)
        guard !gtk_text_iter_ends_line(&iter).bool, bufferX >= place.x, bufferX < place.x + max(1, place.width),
            bufferY >= place.y, bufferY < place.y + place.height
        else { return nil }
        return Int(gtk_text_iter_get_offset(&iter))
    }

    private static func modifiers(_ event: UnsafeMutablePointer<GdkEvent>) -> Modifiers {
        Modifiers(rawValue: shim_event_state(event)).intersection([.shift, .control, .alt, .superKey])
    }
}

extension Popover {
    /// Whether the bubble takes the keyboard and closes at a click outside
    /// (Ctrl+Shift+Space's), or leaves the focus where it is (a bubble shown
    /// as the pointer rests: typing goes on in the code).
    public func setModal(_ modal: Bool) {
        gtk_popover_set_modal(cast(), modal.gboolean)
    }
}

extension Widget {
    /// Tells `handler` when the pointer comes in (true) or goes out (false),
    /// not when it only moves onto or off a widget inside.
    @discardableResult
    public func onPointerCrossing(_ handler: @escaping @MainActor (_ entered: Bool) -> Void) -> [UInt] {
        gtk_widget_add_events(
            widget, Int32(bitPattern: GDK_ENTER_NOTIFY_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue))
        return [("enter-notify-event", true), ("leave-notify-event", false)].map { signal, entered in
            connect(signal, shape: .boolean) { _, event in
                guard let event = event?.assumingMemoryBound(to: GdkEvent.self),
                    event.pointee.crossing.detail != GDK_NOTIFY_INFERIOR
                else { return 0 }
                handler(entered)
                return 0
            }
        }
    }
}
