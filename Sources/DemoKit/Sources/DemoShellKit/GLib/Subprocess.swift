import CGtk
import CGtkShim
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A program run beside this one and watched from the main loop: what it
/// writes arrives as it comes, and its end is reported once, after the last
/// of its output. The main thread never waits on it, so a compiler or a demo
/// under edit can take seconds, loop for ever or crash without freezing or
/// taking down the program that started it.
///
/// It leads a session of its own, and `terminate` ends whatever it started
/// too: its session, every process descending from it, even one in a
/// session of its own, and every process carrying its mark (`ProcessTree`).
@MainActor
public final class Subprocess {
    /// The variable that marks each process started here, and what it
    /// starts in turn: "TOKEN.N", TOKEN being this process start's own. A
    /// program that leaves its session and whose parent ends is found by
    /// nothing else once it was re-parented (to init, say, after a kill -9
    /// of this one).
    public nonisolated static let markVariable = "DEMOKIT_PROCESS_TREE"
    private static var marksGiven = 0

    /// This process start's token in its children's marks: 64 random bits,
    /// never a pid, which another process may have had before or get after
    /// this one ends (a watchdog killing by a reused pid's mark would end
    /// processes that were never this one's). From the system's generator.
    public nonisolated static let markToken = "t" + String(UInt64.random(in: 0...UInt64.max), radix: 16)

    public enum Stream: Sendable { case output, error }

    /// How the process ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    public let processID: Int32
    /// Its `markVariable`'s value.
    let mark: String
    public private(set) var ending: Ending?
    private var outputHandler: (@MainActor (Stream, [UInt8]) -> Void)?
    private var exitHandler: (@MainActor (Ending) -> Void)?
    /// Tasks waiting in `ended()`.
    private var endWaiters: [CheckedContinuation<Ending?, Never>] = []
    private var abandoned = false
    private var pipes: [(stream: Stream, fd: Int32, source: UInt32)] = []
    /// The channel (`start(channel:)`), until its end is read or it is let go of.
    private var channel: SubprocessChannel?
    /// Every process seen in its tree, with its start time: found again
    /// after its parent ended and it was re-parented.
    private var members: [Int32: UInt64] = [:]

    private init(processID: Int32, mark: String) {
        self.processID = processID
        self.mark = mark
    }

    /// Starts `arguments[0]` (a path, or a name looked up in `PATH`) with
    /// this process's environment changed by `environment` (nil removes a
    /// variable). Its standard input is `input` (a descriptor this process
    /// keeps), or `/dev/null`. With `channel` (a variable's name), its
    /// descriptor `channelDescriptor` is the write end of one more pipe,
    /// read as `onChannel` says, and that variable says "DESCRIPTOR:INODE"
    /// (what the child starts inherits the variable, not the pipe: the
    /// inode tells it so). The error is the reason the system gave.
    public static func start(
        _ arguments: [String], environment: [String: String?] = [:],
        input: Int32? = nil, channel: String? = nil
    ) -> Result<Subprocess, SubprocessError> {
        var environment = environment
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1], channelPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { return .failure(.fromErrno()) }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0])
            close(outputPipe[1])
            return .failure(.fromErrno())
        }
        guard channel == nil || pipe(&channelPipe) == 0 else {
            for fd in outputPipe + errorPipe { close(fd) }
            return .failure(.fromErrno())
        }
        let channelEnds = channel != nil ? channelPipe : []
        if let channel {
            var info = stat()
            fstat(channelPipe[1], &info)
            environment[channel] = "\(channelDescriptor):\(info.st_ino)"
        }
        // Close-on-exec: only the child's dup2 copies cross into it.
        for fd in outputPipe + errorPipe + channelEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(outputPipe[1])
            close(errorPipe[1])
            if channel != nil { close(channelPipe[1]) }
        }
        let descriptors: [Descriptor] =
            [input.map { .copy(of: $0) } ?? .null, .copy(of: outputPipe[1]), .copy(of: errorPipe[1])]
            + (channel != nil ? [.copy(of: channelPipe[1])] : [])
        marksGiven += 1
        let mark = "\(markToken).\(marksGiven)"
        switch spawn(arguments, environment: environment.merging([markVariable: mark]) { $1 }, descriptors: descriptors)
        {
        case .failure(let error):
            close(outputPipe[0])
            close(errorPipe[0])
            if channel != nil { close(channelPipe[0]) }
            return .failure(error)
        case .success(let pid):
            let process = Subprocess(processID: pid, mark: "\(markVariable)=\(mark)")
            process.watch(outputPipe[0], as: .output)
            process.watch(errorPipe[0], as: .error)
            if channel != nil {
                process.channel = SubprocessChannel(reading: channelPipe[0]) { [weak process] in
                    process?.finishIfDone()
                }
            }
            process.watchExit()
            return .success(process)
        }
    }

    /// What one of a child's first descriptors is.
    public enum Descriptor: Sendable {
        /// `/dev/null`, for reading and writing.
        case null
        /// A copy of this process's descriptor (one above the child's last, or
        /// it may be the very descriptor, still close-on-exec).
        case copy(of: Int32)
    }

    /// Starts a program as `start` does (a session of its own, default
    /// signals, nothing else of this process inherited), its descriptors 0,
    /// 1, 2… being `descriptors`, and leaves the waiting to the caller
    /// (`waitpid`): for one that must not turn the main loop, as the plugin
    /// checker, which blocks until its children answer. The pid, or the reason.
    public static func spawn(
        _ arguments: [String], environment: [String: String?] = [:],
        descriptors: [Descriptor]
    ) -> Result<Int32, SubprocessError> {
        guard let program = arguments.first, !program.isEmpty else {
            return .failure(SubprocessError(message: "no program"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, descriptor) in descriptors.enumerated() {
            switch descriptor {
            case .null: posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", O_RDWR, 0)
            case .copy(let fd): posix_spawn_file_actions_adddup2(&actions, fd, Int32(target))
            }
        }
        // Nothing else of this process crosses into the child: a descriptor
        // someone left inheritable (Foundation's exit-watch socket of a test
        // that started this process, say) would otherwise live as long as
        // the child, and whoever waits for it to close would wait that long.
        _ = shim_spawn_close_from(&actions, Int32(descriptors.count))
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session (so its group too, and no terminal's signals), and
        // the default signal mask and dispositions (GLib may block SIGCHLD;
        // a child must not inherit that).
        var defaults = sigset_t(), empty = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        let setSession: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), a GNU macro Swift does not see
        posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var variables: [String: String] = [:]
        var order: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = String(text.prefix { $0 != "=" })
            if variables[name] == nil { order.append(name) }
            variables[name] = String(text.dropFirst(name.count + 1))
            index += 1
        }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            if variables[name] == nil, value != nil { order.append(name) }
            variables[name] = value
        }
        let environmentLines = order.compactMap { name in variables[name].map { "\(name)=\($0)" } }

        var pid: pid_t = 0
        let status = withCStringArray(arguments) { argv in
            withCStringArray(environmentLines) { envp in
                program.contains("/")
                    ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
                    : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else { return .failure(SubprocessError(message: String(cString: strerror(status)))) }
        return .success(pid)
    }

    /// Called with each piece of output, as it arrives (not split into lines).
    public func onOutput(_ handler: @escaping @MainActor (Stream, [UInt8]) -> Void) { outputHandler = handler }

    /// Called with each piece the channel brings, in order, up to its end
    /// (before `onExit`'s handler).
    public func onChannel(_ handler: @escaping @MainActor ([UInt8]) -> Void) { channel?.handler = handler }

    /// Lets go of the channel unread (a ready child served for a run
    /// without Show Values closes its end too): its read end closed now.
    public func closeChannel() { channel?.close() }

    /// Called once, when the process has ended and its output has been read.
    public func onExit(_ handler: @escaping @MainActor (Ending) -> Void) { exitHandler = handler }

    /// How the process ended, once it has and its output has been read (as
    /// `onExit` tells it); nil if it was abandoned first. Cancelling the
    /// waiting task abandons it: a process nobody waits for any more is not
    /// left running unwatched, and code that owns a task owns its processes.
    /// The cancellation ends it at once when the task is cancelled on the
    /// main thread (from main-actor code), else on the main actor's next turn.
    public func ended() async -> Ending? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Abandoned before it ended: its end, seen later, is no one's.
                if abandoned {
                    continuation.resume(returning: nil)
                } else if finished {
                    continuation.resume(returning: ending)
                } else {
                    endWaiters.append(continuation)
                }
            }
        } onCancel: {
            if shim_is_main_thread() != 0 {
                MainActor.assumeIsolated { self.abandon() }
            } else {
                Task { @MainActor in self.abandon() }
            }
        }
    }

    /// Sends `signal` to the process and everything it started (what
    /// descends from it, its session, what was seen descending from it
    /// before, what carries its mark), also after it has ended itself. Those this process adopted
    /// (`adoptOrphans`) are reaped as they end.
    public func terminate(signal: Int32 = SIGTERM) {
        let tree = ProcessTree.read().members(of: processID, rootRunning: ending == nil, known: members, mark: mark)
        for (pid, start) in tree where pid != processID { members[pid] = start }
        if ending == nil { kill(processID, signal) }
        var others = tree
        others[processID] = nil
        for pid in others.keys { kill(pid, signal) }
        OrphanReaper.reap(others)
    }

    /// Makes this process the one that orphans of its descendants are
    /// re-parented to, instead of init (Linux's `PR_SET_CHILD_SUBREAPER`):
    /// what a child started in a session of its own, whose parent then
    /// ended, is still found by `terminate`, and reaped here.
    public static func adoptOrphans() {
        guard !adopting else { return }
        adopting = shim_become_subreaper() == 0
    }
    private static var adopting = false

    /// Forgets the handlers and stops watching; the process and what it
    /// started are killed, so nothing is left behind unwatched.
    public func abandon() {
        outputHandler = nil
        exitHandler = nil
        // One that had ended keeps its ending for a later `ended()`.
        if !finished { abandoned = true }
        let waiters = endWaiters
        endWaiters = []
        for waiter in waiters { waiter.resume(returning: nil) }
        terminate(signal: SIGKILL)
        for pipe in pipes {
            g_source_remove(pipe.source)
            close(pipe.fd)
        }
        pipes = []
        closeChannel()
    }

    // MARK: Watching

    private func watch(_ fd: Int32, as stream: Stream) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let box = ClosureBox<SourceCallback> { [weak self] in
            MainActor.assumeIsolated { self?.read(fd) ?? false }
        }
        let source = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, _, data in
                guard let data else { return 0 }
                return ClosureBox<SourceCallback>.of(data).call() ? 1 : 0
            }, box.retained(), releaseClosureBox)
        pipes.append((stream, fd, source))
    }

    /// Reads what is there; false (the source goes) at the end of the stream.
    private func read(_ fd: Int32) -> Bool {
        guard let index = pipes.firstIndex(where: { $0.fd == fd }) else { return false }
        let stream = pipes[index].stream
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                outputHandler?(stream, Array(buffer[0..<count]))
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return true }
            // The end of the stream (or an error, which ends it as well).
            close(fd)
            pipes.removeAll { $0.fd == fd }
            finishIfDone()
            return false
        }
    }

    private func watchExit() {
        let box = ClosureBox<(Int32) -> Void> { [weak self] status in
            MainActor.assumeIsolated { self?.exited(status: status) }
        }
        g_child_watch_add_full(
            G_PRIORITY_DEFAULT, processID,
            { _, status, data in
                guard let data else { return }
                ClosureBox<(Int32) -> Void>.of(data).call(status)
            }, box.retained(), releaseClosureBox)
    }

    private func exited(status: Int32) {
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7f
        ending = signal != 0 && signal != 0x7f ? .signaled(signal) : .exited((status >> 8) & 0xff)
        // Whatever it wrote last is read before its end is told; a pipe that a
        // process it started still holds open is not waited for.
        for pipe in pipes { _ = read(pipe.fd) }
        for pipe in pipes {
            g_source_remove(pipe.source)
            close(pipe.fd)
        }
        pipes = []
        channel?.drain()
        finishIfDone()
    }

    private var finished = false

    func finishIfDone() {
        guard let ending, pipes.isEmpty, channel?.isReading != true, !finished else { return }
        finished = true
        let handler = exitHandler
        exitHandler = nil
        outputHandler = nil
        channel?.handler = nil
        handler?(ending)
        let waiters = endWaiters
        endWaiters = []
        for waiter in waiters { waiter.resume(returning: ending) }
    }
}

/// Why a process could not be started.
public struct SubprocessError: Error, Equatable, Sendable {
    public let message: String

    static func fromErrno() -> SubprocessError { SubprocessError(message: String(cString: strerror(errno))) }
}

private func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
