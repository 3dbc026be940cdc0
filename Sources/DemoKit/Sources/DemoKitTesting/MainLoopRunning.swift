internal import CGtk
import Gtk

/// The main loop run by a test, which waits for GTK in turns of the loop
/// rather than in a loop of its own: what GTK does next (drawing, a signal,
/// a child's output) happens while the test waits.
extension MainLoop {
    /// Runs pending events without blocking; tests use it to let GTK catch up.
    public static func drain() {
        while gtk_events_pending().bool { gtk_main_iteration_do(0) }
    }

    /// Runs the loop until `condition` holds or `timeout` seconds pass.
    /// The default is generous on purpose: a test waits for what must
    /// happen, and only a failing one waits the whole time, so a loaded
    /// machine (CI beside a build) slows a passing test instead of failing it.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: Double = 30) -> Bool {
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
}
