import Foundation

/// Waiting for what must happen outside GTK's main loop (another process's
/// window or end, a file another process writes): the one polling loop the
/// tests share. (What GTK itself must do is waited for with
/// `MainLoop.run(until:)`, which turns the loop meanwhile.)
package enum Poll {
    /// Checks `condition` every `interval` seconds until it holds (true) or
    /// `timeout` seconds have passed (false, after a last check). The time
    /// is a hang guard, never a limit the test asserts: a passing test waits
    /// only as long as it must, and a loaded machine slows it, not fails it.
    @discardableResult
    package static func until(timeout: Double = 30, interval: Double = 0.02, _ condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while !condition() {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return condition() }
            usleep(useconds_t(interval * 1e6))
        }
        return true
    }
}
