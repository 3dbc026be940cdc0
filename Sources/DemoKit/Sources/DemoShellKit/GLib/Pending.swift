import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// Work on a thread of its own while the caller's thread goes on, its result
/// taken when needed. A window's start has the main thread busy with GTK
/// opening the display and parsing its theme (much of the start); what
/// needs neither (reaching the session bus, reading plugin manifests) runs
/// on the other core meanwhile, and is ready, or nearly, when it is wanted.
public final class Pending<Value: Sendable>: @unchecked Sendable {
    /// Written by the thread before it ends; read after the join.
    private var value: Value?
    private var thread: UnsafeMutablePointer<GThread>?

    /// Starts `work` now, on a thread named `threadName` (as debuggers and
    /// `top -H` show it).
    public init(threadName: String, _ work: @escaping @Sendable () -> Value) {
        // A C thread function cannot name a generic type: it runs a closure
        // that holds this object until the work is done.
        let start = ThreadStart { self.value = work() }
        thread = g_thread_new(
            threadName,
            { data in
                Unmanaged<ThreadStart>.fromOpaque(data!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(start).toOpaque())
    }

    /// Never asked for its result (a start that ended early): the thread,
    /// done or not, is left to end on its own. (Not a join: the last
    /// reference may be dropped on that very thread, when the work ends.)
    deinit {
        if let thread { g_thread_unref(thread) }
    }

    /// The work's result, waiting for it if it is still out.
    public var result: Value {
        if let thread {
            g_thread_join(thread)
            self.thread = nil
        }
        return value!
    }
}

private final class ThreadStart {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
