import CGtk

/// A boxed callback released by GLib's destroy notify.
final class CallbackBox {
    let call: () -> Bool
    init(_ call: @escaping () -> Bool) { self.call = call }
}

private let sourceTrampoline: GSourceFunc = { data in
    guard let data else { return 0 }
    return Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue().call() ? 1 : 0
}

private let releaseCallback: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<CallbackBox>.fromOpaque(data).release()
}

/// A main-loop source that can be cancelled.
public struct SourceID: Sendable, Hashable {
    public let rawValue: UInt32

    /// Removes the source if it has not finished yet.
    public func cancel() { if g_main_context_find_source_by_id(nil, rawValue) != nil { g_source_remove(rawValue) } }
}

/// Access to the GLib main loop for timers and tests.
@MainActor
public enum MainLoop {
    /// Calls `body` every `milliseconds` until it returns false.
    @discardableResult
    public static func every(milliseconds: Int, _ body: @escaping @MainActor () -> Bool) -> SourceID {
        let box = CallbackBox { MainActor.assumeIsolated { body() } }
        return SourceID(rawValue: g_timeout_add_full(G_PRIORITY_DEFAULT, UInt32(milliseconds), sourceTrampoline,
                                                     Unmanaged.passRetained(box).toOpaque(), releaseCallback))
    }

    /// Calls `body` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> SourceID {
        every(milliseconds: milliseconds) { body(); return false }
    }

    /// Calls `body` once when the loop is idle.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Void) -> SourceID {
        let box = CallbackBox { MainActor.assumeIsolated { body() }; return false }
        return SourceID(rawValue: g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, sourceTrampoline,
                                                  Unmanaged.passRetained(box).toOpaque(), releaseCallback))
    }

    /// Runs pending events without blocking; tests use it to let GTK catch up.
    public static func drain() {
        while gtk_events_pending().bool { gtk_main_iteration_do(0) }
    }

    /// Runs the loop until `condition` holds or `timeout` seconds pass.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = Int64(g_get_monotonic_time()) + Int64(timeout * 1_000_000)
        while !condition() {
            if Int64(g_get_monotonic_time()) > deadline { return false }
            if gtk_events_pending().bool { gtk_main_iteration_do(0) } else { g_usleep(2000) }
        }
        return true
    }

    /// Runs the loop for `seconds`, for tests that wait on timers.
    public static func spin(seconds: Double) {
        let deadline = Int64(g_get_monotonic_time()) + Int64(seconds * 1_000_000)
        _ = run(until: { Int64(g_get_monotonic_time()) > deadline }, timeout: seconds + 1)
    }

    /// Microseconds on the monotonic clock.
    public static var monotonicTime: Int64 { Int64(g_get_monotonic_time()) }
}

private let tickTrampoline: GtkTickCallback = { _, clock, data in
    guard let data else { return 0 }
    return Unmanaged<TickBox>.fromOpaque(data).takeUnretainedValue().call(Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0
}

private let releaseTick: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<TickBox>.fromOpaque(data).release()
}

final class TickBox {
    let call: (Int64) -> Bool
    init(_ call: @escaping (Int64) -> Bool) { self.call = call }
}

extension Widget {
    /// Calls `body` once per frame with the frame clock's time (microseconds)
    /// until it returns false; animations stay in step with the display.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (_ frameTime: Int64) -> Bool) -> UInt32 {
        let box = TickBox { time in MainActor.assumeIsolated { body(time) } }
        return gtk_widget_add_tick_callback(widget, tickTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseTick)
    }

    public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(widget, id) }
}
