import DemoShellKit
import Glibc

/// Children the launcher is ending (a ready child, a compile server),
/// kept until they are reaped: a `Subprocess` let go of before its end is
/// seen would leave the process unwatched.
@MainActor
enum EndingChildren {
    private static var ending: [Subprocess] = []

    /// Sends `signal` to `process` and what it started, then SIGKILL after
    /// `grace` milliseconds if it is still running; forgets it once reaped.
    static func end(_ process: Subprocess, signal: Int32 = SIGKILL, grace: Int? = nil) {
        guard process.ending == nil else { return }
        ending.append(process)
        process.onExit { _ in
            SessionWatchdog.shared.forget(process.processID)
            ending.removeAll { $0 === process }
        }
        process.terminate(signal: signal)
        if let grace { MainLoop.after(milliseconds: grace) { process.terminate(signal: SIGKILL) } }
    }
}
