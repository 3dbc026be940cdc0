import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A pipe of a child's own beside its output and error (Edit and Run's Show
/// Values): what it sends is data, not text for the Output pane, and may
/// come as fast as the child can write. So it is read in bounded pieces at
/// idle priority: drawing and input always come first, and one turn of the
/// main loop never reads more than `channelReadLimit` of it, nor goes on
/// reading once `channelTurnMicroseconds` have gone in reading and handling
/// it (a slow handler, a loaded machine). A child that
/// writes faster than that finds its pipe full (its writer waits, its
/// producers coalesce), never a launcher that stalls.
///
/// A `Subprocess` started with a channel owns one, until the channel's end.
@MainActor
final class SubprocessChannel {
    private let fd: Int32
    private var source: UInt32 = 0
    private var isOpen = true
    /// Called with each piece the channel brings, in order, up to its end.
    var handler: (@MainActor ([UInt8]) -> Void)?
    /// The channel reached its end (the child and what it started closed it).
    private let ended: @MainActor () -> Void

    /// Reads `fd` at idle priority from now on; `ended` once it ends.
    init(reading fd: Int32, ended: @escaping @MainActor () -> Void) {
        self.fd = fd
        self.ended = ended
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let box = ClosureBox<SourceCallback> { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return false }
                if self.read(limit: Subprocess.channelReadLimit, budget: Subprocess.channelTurnMicroseconds) {
                    return true
                }
                // The end of the stream: returning false removes the source.
                self.source = 0
                self.shut()
                self.ended()
                return false
            }
        }
        source = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT_IDLE, fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, _, data in
                guard let data else { return 0 }
                return ClosureBox<SourceCallback>.of(data).call() ? 1 : 0
            }, box.retained(), releaseClosureBox)
    }

    /// Whether the channel is still open (its end not read, not let go of).
    var isReading: Bool { isOpen }

    /// Reads at most `limit` bytes, and with a `budget` (µs) no more once
    /// that has gone by; false at the end of the stream.
    private func read(limit: Int, budget: Int? = nil) -> Bool {
        guard isOpen else { return false }
        // Read and handled a quarter at a time, so that the budget can stop it between them.
        var buffer = [UInt8](repeating: 0, count: min(limit, Subprocess.channelReadLimit / 4))
        var total = 0
        let deadline = budget.map { g_get_monotonic_time() + $0 }
        while total < limit {
            if let deadline, total > 0, g_get_monotonic_time() >= deadline { return true }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, limit - total)) }
            if count > 0 {
                total += count
                handler?(Array(buffer[0..<count]))
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return true }
            return false
        }
        return true
    }

    /// The child has ended: what it left in the channel is read (a grandchild
    /// still writing is not waited for), and the channel closed.
    func drain() {
        guard isOpen else { return }
        _ = read(limit: Subprocess.channelDrainLimit)
        shut()
    }

    /// Lets go of the channel unread: its read end closed now.
    func close() {
        handler = nil
        shut()
    }

    private func shut() {
        guard isOpen else { return }
        isOpen = false
        if source != 0 { g_source_remove(source) }
        source = 0
        Glibc.close(fd)
    }
}

extension Subprocess {
    /// The child's descriptor the channel's write end is (tell the child in its environment).
    public nonisolated static let channelDescriptor: Int32 = 3
    /// The most bytes read from the channel per turn of the main loop.
    public nonisolated static let channelReadLimit = 32_768
    /// After this long reading and handling (µs), a turn reads no more: the
    /// rest waits for the next turn, after what else the main loop has to do.
    public nonisolated static let channelTurnMicroseconds = 4_000
    /// The most read at the child's end, at once: what its pipe holds (64 KiB), and some.
    nonisolated static let channelDrainLimit = 1 << 17
}
