import DemoShellKit
import Glibc

/// Owns every long-lived child the shell starts: the compilers, the compile
/// server, the child kept ready, edited demos and demos in processes of
/// their own. It starts them (adopting what they orphan), watches each until
/// its end is seen (the watchdog ends its session if the launcher dies
/// first), ends what a child started once the child ends, and ends a child
/// politely and then for good: the one place SIGTERM-then-SIGKILL is written.
///
/// One per process, because what it stands for is the process's own: the
/// subreaper flag, the watchdog that outlives the launcher and the mark its
/// children carry (`Subprocess.markToken`) all belong to the process.
/// The plugin checks are not here: they are short, synchronous and end by
/// themselves with their parent (`ParentWatch`).
@MainActor
package final class ChildSupervisor {
    package static let shared = ChildSupervisor()

    /// Ends the sessions of the children still running when the launcher
    /// dies, however it dies.
    let watchdog = SessionWatchdog()
    /// How long a child asked to end (SIGTERM) has before it is killed.
    package static let graceMilliseconds = 500
    /// Children watched, until their end is seen.
    package private(set) var watched = 0

    private init() {}

    /// Starts a child of the shell, supervised (`supervise`). With
    /// `adoptingOrphans`, the launcher first becomes the subreaper of what
    /// its children start, so that what a child started in a session of its
    /// own is still found when the child ends.
    package func start(
        _ arguments: [String], environment: [String: String?] = [:], input: Int32? = nil,
        channel: String? = nil, adoptingOrphans: Bool = true
    ) -> Result<Subprocess, SubprocessError> {
        if adoptingOrphans { Subprocess.adoptOrphans() }
        let started = Subprocess.start(arguments, environment: environment, input: input, channel: channel)
        if case .success(let process) = started { supervise(process) }
        return started
    }

    /// Watches `process` until its end is seen: kept until then, so that a
    /// child let go of by its owner is still reaped; then what it started
    /// goes with it, and the watchdog forgets its session. An abandoned
    /// child (`Subprocess.abandon`) was killed with what it started.
    package func supervise(_ process: Subprocess) {
        watchdog.watch(process.processID)
        watched += 1
        Task { [watchdog] in
            if await process.ended() != nil { process.terminate(signal: SIGKILL) }
            watchdog.forget(process.processID)
            self.watched -= 1
        }
    }

    /// Ends `process` and what it started: asked (SIGTERM) and then killed
    /// (SIGKILL) `graceMilliseconds` later if anything of it still runs;
    /// not `politely`, killed at once. Also after the process itself has
    /// ended, for what it left running.
    package func end(_ process: Subprocess, politely: Bool = true) {
        guard politely else { return process.terminate(signal: SIGKILL) }
        process.terminate(signal: SIGTERM)
        MainLoop.after(milliseconds: Self.graceMilliseconds) { process.terminate(signal: SIGKILL) }
    }
}
