internal import CGtk

private let sourceTrampoline: GSourceFunc = { data in
    guard let data else { return 0 }
    return ClosureBox<SourceCallback>.of(data).call() ? 1 : 0
}

/// A main-loop source that can be cancelled.
public struct SourceID: Sendable, Hashable {
    /// GLib's source id (0 for none).
    public let rawValue: UInt32

    /// Removes the source if it has not finished yet.
    public func cancel() {
        if rawValue != 0, g_main_context_find_source_by_id(nil, rawValue) != nil { g_source_remove(rawValue) }
    }

    /// Whether the source is still waiting to run (or running again).
    public var isActive: Bool { rawValue != 0 && g_main_context_find_source_by_id(nil, rawValue) != nil }
}

/// Access to the GLib main loop for timers.
///
/// These timers are free-standing: one runs until its body returns false or
/// it is cancelled, and holds what its closure captures until then, even
/// past the window it updates. A view's timers belong to a widget instead
/// (`widget.after`, `widget.every`, `widget.idle`), which stops them when
/// the widget is destroyed.
@MainActor
public enum MainLoop {

    /// Calls `body` every `milliseconds` until it returns false or is cancelled.
    @discardableResult
    public static func every(milliseconds: Int, _ body: @escaping @MainActor () -> Bool) -> SourceID {
        add(ClosureBox<SourceCallback> { MainActor.assumeIsolated { body() } }, milliseconds: milliseconds)
    }

    /// Calls `body` once after `milliseconds`, unless cancelled first.
    @discardableResult
    public static func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> SourceID {
        every(milliseconds: milliseconds) {
            body()
            return false
        }
    }

    /// Calls `body` once when the loop is idle, unless cancelled first.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Void) -> SourceID {
        add(
            ClosureBox<SourceCallback> {
                MainActor.assumeIsolated { body() }
                return false
            }, milliseconds: nil)
    }

    /// Adds a timeout (or an idle source when `milliseconds` is nil) that
    /// calls `box`; GLib releases the box when the source is gone.
    static func add(_ box: ClosureBox<SourceCallback>, milliseconds: Int?) -> SourceID {
        let data = box.retained()
        guard let milliseconds else {
            return SourceID(
                rawValue: g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, sourceTrampoline, data, releaseClosureBox))
        }
        return SourceID(
            rawValue: g_timeout_add_full(
                G_PRIORITY_DEFAULT, UInt32(max(0, milliseconds)), sourceTrampoline,
                data, releaseClosureBox))
    }

    /// Microseconds on the monotonic clock.
    public nonisolated static var monotonicTime: Int64 { Int64(g_get_monotonic_time()) }

    /// Seconds on the same clock, for spans measured or limited in seconds.
    public nonisolated static var monotonicSeconds: Double { Double(g_get_monotonic_time()) / 1e6 }
}

private let tickTrampoline: GtkTickCallback = { _, clock, data in
    guard let data else { return 0 }
    return ClosureBox<TickCallback>.of(data).call(Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0
}

extension Widget {
    /// Calls `body` once per frame with the frame clock's time (microseconds)
    /// until it returns false; animations stay in step with the display.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (_ frameTime: Int64) -> Bool) -> UInt32 {
        let box = ClosureBox<TickCallback> { time in MainActor.assumeIsolated { body(time) } }
        return gtk_widget_add_tick_callback(widget, tickTrampoline, box.retained(), releaseClosureBox)
    }

    /// Stops the frame callback `id` (what `addTickCallback(_:)` returned)
    /// before it returns false by itself.
    public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(widget, id) }
}
