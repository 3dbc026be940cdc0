internal import CGtk
internal import CGtkShim

/// Runs the Swift main actor's jobs inside GLib's main loop.
///
/// On Linux the main actor's executor is libdispatch's main queue, which runs
/// only when something drains it: `dispatch_main()` (which never returns, so
/// GTK could not run) or a run loop watching its wake-up eventfd, as
/// CoreFoundation's does. GTK's loop does neither, so without this a
/// `Task { @MainActor in … }`, the code after an `await` in main-actor code
/// and the isolated `deinit` of a wrapper released on another thread would
/// never run while GTK spins.
///
/// The choice: a main executor of our own. The concurrency runtime asks its
/// `swift_task_getMainExecutor_hook` for the main actor's executor; ours
/// (`GLibMainExecutor`) queues each job, and a GLib source runs the queue
/// between GTK's events, on the main thread. Draining libdispatch's main
/// queue from a GLib source alone is not enough: libdispatch refuses to drain
/// it from inside one of its own jobs, so a nested loop (a modal dialog in a
/// task, a test spinning GTK inside an async test) would run no task. Each
/// job is also handed to libdispatch's main queue, so jobs still run when
/// GTK's loop is not running (before it starts, or under XCTest's own run
/// loop); whichever runs first takes the job, the other finds the queue
/// empty. A second source drains libdispatch's main queue itself, for
/// `DispatchQueue.main` users. The runtime's `swift_task_isMainExecutor_hook`
/// says ours is the main executor: code on the main thread outside any job
/// (GTK's handlers) is then on the main actor, and a wrapper released there
/// goes at once, its isolated deinit not put off to a later job.
///
/// Why hooks and not Swift 6.2's `MainExecutor`: in 6.3.1 that
/// road is not public. `MainExecutor`, `RunLoopExecutor` and `ExecutorFactory`
/// are `@_spi(ExperimentalCustomExecutors)`, absent from `_Concurrency`'s
/// public `.swiftinterface`; the compiler takes no `-executor-factory` and
/// emits no call for a `DefaultExecutorFactory` typealias in the main module
/// (its SIL has none), so an executable would have to call the SPI
/// `_createExecutors(factory:)` itself: as unstable as the hooks, and the
/// test bundle's `main` is XCTest's. The two hooks stay, each guarded by a
/// test of `BindingConcurrencyTests` that fails without it; one of
/// `IsolatedDemosTests` checks the isMainExecutor hook and the main-queue
/// drain in a demo's own process.
@MainActor
package enum MainActorSource {
    private static var isAttached = false

    /// Installs the executor and attaches both sources to the default main
    /// context, once. Called by `Toolkit.initialize` and `Application.init`.
    package static func attach() {
        guard !isAttached else { return }
        isAttached = true
        let executor = unsafeBitCast(GLibMainExecutor.shared.asUnownedSerialExecutor(), to: shim_executor_ref.self)
        let jobs = shim_install_main_executor(executor) { GLibMainExecutor.runJobs() }
        if jobs >= 0 {
            let id = g_unix_fd_add_full(
                G_PRIORITY_HIGH, jobs, G_IO_IN,
                { _, _, _ in
                    GLibMainExecutor.runJobs()
                    return 1  // G_SOURCE_CONTINUE
                }, nil, nil)
            // G_PRIORITY_HIGH: a job is the rest of work already under way (the
            // code after an await), so it runs in the next iteration, before
            // GTK's own queued work; long work belongs off the main actor.
            // Nested loops (a task that runs a modal dialog) run jobs too.
            g_source_set_can_recurse(g_main_context_find_source_by_id(nil, id), 1)
        }
        let dispatchQueue = shim_main_queue_fd()
        if dispatchQueue >= 0 {
            g_unix_fd_add_full(
                G_PRIORITY_DEFAULT, dispatchQueue, G_IO_IN,
                { fd, _, _ in
                    shim_drain_main_queue(fd)
                    return 1
                }, nil, nil)
        }
    }
}

/// The main actor's executor once `MainActorSource` is attached.
final class GLibMainExecutor: SerialExecutor, @unchecked Sendable {
    static let shared = GLibMainExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        shim_push_main_job(unsafeBitCast(UnownedJob(job), to: UnsafeMutableRawPointer.self))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    func checkIsolated() {
        precondition(shim_is_main_thread() != 0, "not on the main thread, where the main actor runs")
    }

    /// Runs every queued job, one at a time (a job may run a nested loop).
    static func runJobs() {
        let executor = shared.asUnownedSerialExecutor()
        while let job = shim_next_main_job() {
            unsafeBitCast(job, to: UnownedJob.self).runSynchronously(on: executor)
        }
    }
}
