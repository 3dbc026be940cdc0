import CGtk

/// `PrimaryInstance.probe` on a thread of its own. Reaching the session bus
/// (connecting, authenticating, asking who holds the name) is several round
/// trips to the bus daemon, in which the caller's thread would only wait:
/// started first, it runs while GTK starts on the main thread, and
/// registration then finds the connection ready.
public final class PendingProbe: @unchecked Sendable {
    private let applicationID: String
    private let milliseconds: Int32
    /// Written by the probing thread before it ends; read after the join.
    private var answer: PrimaryInstance?
    private var thread: UnsafeMutablePointer<GThread>?

    public init(applicationID: String, milliseconds: Int32) {
        self.applicationID = applicationID
        self.milliseconds = milliseconds
        // The thread holds a reference until `result` joins it.
        thread = g_thread_new("bus-probe", { data in
            let probe = Unmanaged<PendingProbe>.fromOpaque(data!).takeUnretainedValue()
            probe.answer = PrimaryInstance.probe(applicationID: probe.applicationID, milliseconds: probe.milliseconds)
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
    }

    /// The probe's answer, waiting for it if it is still out.
    public var result: PrimaryInstance {
        if let thread {
            g_thread_join(thread)
            self.thread = nil
            Unmanaged.passUnretained(self).release()
        }
        return answer ?? .absent
    }
}
