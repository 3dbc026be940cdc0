import Glibc

/// The environment variable that names the descriptor the launcher's Show
/// Values pipe is open on, in an edited demo it runs, and the pipe's inode:
/// "3:INODE". What the demo starts inherits the variable but not the pipe
/// (demo-shell's plugin check, say): there the descriptor is another file.
package let valuesVariable = "DEMO_SHELL_VALUES"

/// The descriptor `text` names, if it is open on the pipe it names.
package func valuesDescriptor(_ text: String) -> Int32? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let fd = Int32(parts[0]), fd > 2, let inode = UInt64(parts[1]) else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, UInt64(info.st_ino) == inode else { return nil }
    return fd
}

/// Where the playground transform's records go in an edited demo: any
/// thread logs (2048's engine searches off the main thread), a thread of
/// its own writes to the launcher's pipe. A logging thread never waits on
/// the pipe: when it is behind, records are coalesced (`ValueThrottle`),
/// and a value is described only when it is to be sent.
final class ValueChannel: @unchecked Sendable {
    /// Nil without the launcher's pipe: every log then costs one check.
    static let shared: ValueChannel? = {
        guard let text = getenv(valuesVariable).map({ String(cString: $0) }), let fd = valuesDescriptor(text) else {
            return nil
        }
        // The demo's own children do not inherit it.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let channel = ValueChannel(fd: fd)
        channel.startWriter()
        // A demo that returns from its last window: what it logged last still goes.
        atexit {
            ValueChannel.blockPipeSignal()
            ValueChannel.shared?.send(all: true)
        }
        valueThreadKey = channel.threadKey
        valueChannelOpen = true
        return channel
    }()

    /// A run of a line, as the hooks report it: counted on the thread's own
    /// log while the line is coalesced (no lock shared, no reference
    /// counted: not even the channel's, which every thread would contend
    /// for), else through the channel. A line run while its thread is
    /// inside the logger is dropped: the logger never waits on itself.
    @inline(__always)
    static func record<T>(
        _ value: T, kind: ValueWireEncoding.Kind, name: String, file: Int, line: Int,
        startColumn: Int, endColumn: Int
    ) {
        if valueChannelOpen, let raw = pthread_getspecific(valueThreadKey) {
            let thread = raw.assumingMemoryBound(to: ValueThreadLog.self)
            guard thread.pointee.enter() else { return }
            defer { thread.pointee.leave() }
            if thread.pointee.coalesce(
                key(kind: kind, file: file, line: line, startColumn: startColumn), value: value,
                storesValue: kind.rawValue == ValueWireEncoding.Kind.value.rawValue,
                clock: microseconds)
            {
                return
            }
            shared?.log(
                value, kind: kind, name: name, file: file, line: line, startColumn: startColumn,
                endColumn: endColumn, thread: thread)
            return
        }
        guard let channel = shared else { return }
        let thread = channel.threadLog()
        guard thread.pointee.enter() else { return }
        defer { thread.pointee.leave() }
        channel.log(
            value, kind: kind, name: name, file: file, line: line, startColumn: startColumn,
            endColumn: endColumn, thread: thread)
    }

    /// A line's identity: its file, line, column and kind, in one word.
    @inline(__always)
    static func key(kind: ValueWireEncoding.Kind, file: Int, line: Int, startColumn: Int) -> Int {
        (file & 0xffff) << 46 | (line & 0x3f_ffff) << 24 | (startColumn & 0x7f_ffff) << 1 | Int(kind.rawValue & 1)
    }

    /// What the pipe may lag behind by before lines coalesce.
    static let outgoingLimit = 256 * 1024
    /// How often the writer sends what is queued and the coalesced lines due.
    static let writerInterval: useconds_t = 15_000

    /// A line seen: where it is, and its latest coalesced value.
    final class Site {
        /// Its line in the throttle.
        let slot: Int
        let kind: ValueWireEncoding.Kind
        let name: String
        let file: Int, line: Int, startColumn: Int, endColumn: Int
        var latest: Any?
        var latestTime: UInt64 = 0

        init(
            slot: Int, kind: ValueWireEncoding.Kind, name: String, file: Int, line: Int, startColumn: Int,
            endColumn: Int
        ) {
            self.slot = slot
            self.kind = kind
            self.name = name
            self.file = file
            self.line = line
            self.startColumn = startColumn
            self.endColumn = endColumn
        }
    }

    private let fd: Int32
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Held while writing, so that the writer's and the exit's bytes never interleave.
    private let writing: UnsafeMutablePointer<pthread_mutex_t>
    /// Each logging thread's `ValueThreadLog`.
    private(set) var threadKey = pthread_key_t()
    // Guarded by `mutex`:
    private var throttle = ValueThrottle()
    private var sites: [Int: Site] = [:]
    /// The sites by slot.
    private var slots: [Site] = []
    /// The sites last seen, by a few bits of their key: a hot loop's lines
    /// are found without hashing (a dictionary's SipHash is a tenth of a line's cost).
    private var recent = [(key: Int, site: Site?)](repeating: (-1, nil), count: 512)
    private var outgoing: [UInt8] = []
    private var threads: [UnsafeMutablePointer<ValueThreadLog>] = []
    private var sequence: UInt64 = 0
    private var broken = false

    private init(fd: Int32) {
        self.fd = fd
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        writing = .allocate(capacity: 1)
        pthread_mutex_init(writing, nil)
        pthread_key_create(&threadKey, nil)
    }

    /// CLOCK_MONOTONIC to a few milliseconds: what a record's time needs,
    /// and a sixth of the precise clock's cost on every line the demo runs.
    static func microseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    /// A run of a line that goes to the channel, on `thread` (its log,
    /// marked inside the logger). Values the channel lets go are released
    /// after its lock is given back: a `deinit` runs without it.
    func log<T>(
        _ value: T, kind: ValueWireEncoding.Kind, name: String, file: Int, line: Int, startColumn: Int,
        endColumn: Int, thread: UnsafeMutablePointer<ValueThreadLog>
    ) {
        // A file the build gave no id (its name is not a plain identifier): the launcher could not place it.
        guard file > 0 else { return }
        let key = Self.key(kind: kind, file: file, line: line, startColumn: startColumn)
        let isValue = kind.rawValue == ValueWireEncoding.Kind.value.rawValue
        let now = Self.microseconds()
        let (carried, evicted) = thread.pointee.take(key)
        var released: [Any?] = []
        defer { withExtendedLifetime(released) {} }
        pthread_mutex_lock(mutex)
        if broken {
            pthread_mutex_unlock(mutex)
            return
        }
        if let evicted, slots.indices.contains(evicted.slot) {
            // Another line's runs left on this thread: coalesced, as they would have been here.
            _ = throttle.offer(evicted.slot, now: Double(evicted.time) / 1e6, room: false, runs: evicted.runs)
            released.append(slots[evicted.slot].latest)
            slots[evicted.slot].latest = evicted.latest
            slots[evicted.slot].latestTime = evicted.time
        }
        let site: Site
        let bucket = Int((UInt64(bitPattern: Int64(key)) &* 0x9e37_79b9_7f4a_7c15) >> 55)
        if recent[bucket].key == key, let cached = recent[bucket].site {
            site = cached
        } else if let known = sites[key] {
            site = known
            recent[bucket] = (key, known)
        } else {
            site = Site(
                slot: slots.count, kind: kind, name: name, file: file, line: line, startColumn: startColumn,
                endColumn: endColumn)
            sites[key] = site
            slots.append(site)
        }
        let decision = throttle.offer(
            site.slot, now: Double(now) / 1e6, room: outgoing.count < Self.outgoingLimit, runs: carried + 1)
        guard case .send(let count) = decision else {
            if isValue {
                released.append(site.latest)
                site.latest = value
            }
            site.latestTime = now
            pthread_mutex_unlock(mutex)
            // Its next runs stay on this thread until the line may send again.
            thread.pointee.close(key, slot: site.slot, until: now + Self.gate)
            return
        }
        released.append(site.latest)
        site.latest = nil
        pthread_mutex_unlock(mutex)
        thread.pointee.close(key, slot: site.slot, until: 0)
        // What the description runs and logs is dropped (the thread is inside the logger).
        let description = isValue ? ValueDescription.describe(value) : ""
        pthread_mutex_lock(mutex)
        sequence += 1
        ValueWireEncoding.append(
            kind: kind, sequence: sequence, file: file, line: line, startColumn: startColumn,
            endColumn: endColumn, count: count, microseconds: now, name: name,
            description: description, to: &outgoing)
        pthread_mutex_unlock(mutex)
    }

    /// How long (microseconds) a coalesced line's runs stay on its thread:
    /// until its bucket has a token again.
    static let gate = UInt64(1_000_000 / ValueThrottle.Rates().perLine)

    /// The calling thread's log, made on its first line.
    func threadLog() -> UnsafeMutablePointer<ValueThreadLog> {
        if let raw = pthread_getspecific(threadKey) { return raw.assumingMemoryBound(to: ValueThreadLog.self) }
        let made = ValueThreadLog.make()
        pthread_setspecific(threadKey, made)
        pthread_mutex_lock(mutex)
        threads.append(made)
        pthread_mutex_unlock(mutex)
        return made
    }

    private func startWriter() {
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { _ in
                ValueChannel.shared?.writeForever()
                return nil
            }, nil)
        if started == 0 { pthread_detach(thread) } else { broken = true }
    }

    /// The writer thread: what is queued, then each line whose coalesced
    /// runs are due, with its latest value described here (never through
    /// an object another thread may be changing).
    private func writeForever() {
        Self.blockPipeSignal()
        while send() {
            usleep(Self.writerInterval)
        }
    }

    /// Writes what is queued, then each line whose coalesced runs are due;
    /// false once the launcher is gone.
    @discardableResult
    private func send(all: Bool = false) -> Bool {
        // Inside the logger: what a description or a deinit run here logs is dropped.
        let thread = threadLog()
        guard thread.pointee.enter() else { return true }
        defer { thread.pointee.leave() }
        var released: [Any?] = []
        defer { withExtendedLifetime(released) {} }
        pthread_mutex_lock(writing)
        defer { pthread_mutex_unlock(writing) }
        let now = Self.microseconds()
        pthread_mutex_lock(mutex)
        let logs = threads
        pthread_mutex_unlock(mutex)
        // Lines left on their threads, each with the runs the throttle coalesced before (older, so counted with it).
        let flushAfter = UInt64(throttle.rates.flushAfter * 1e6)
        let leftovers = logs.flatMap { $0.pointee.leftovers(now: now, flushAfter: flushAfter, all: all) }
        pthread_mutex_lock(mutex)
        var bytes: [UInt8] = []
        swap(&bytes, &outgoing)
        var due = leftovers.compactMap { leftover -> (Site, Int, Any?, UInt64, UInt64)? in
            guard slots.indices.contains(leftover.slot) else { return nil }
            let site = slots[leftover.slot]
            released.append(site.latest)
            site.latest = nil
            sequence += 1
            return (site, leftover.runs + throttle.take(leftover.slot), leftover.latest, sequence, leftover.time)
        }
        due += throttle.due(now: all ? .infinity : Double(now) / 1e6).compactMap {
            entry -> (Site, Int, Any?, UInt64, UInt64)? in
            guard slots.indices.contains(entry.key) else { return nil }
            let site = slots[entry.key]
            let latest = site.latest
            site.latest = nil
            sequence += 1
            return (site, entry.count, latest, sequence, site.latestTime)
        }
        let stopped = broken
        pthread_mutex_unlock(mutex)
        if stopped { return false }
        for (site, count, latest, number, time) in due {
            let description = latest.map { ValueDescription.describe($0, throughObjects: false) } ?? ""
            ValueWireEncoding.append(
                kind: site.kind, sequence: number, file: site.file, line: site.line,
                startColumn: site.startColumn, endColumn: site.endColumn, count: count,
                microseconds: time, name: site.name, description: description, to: &bytes)
        }
        guard write(bytes) else {
            pthread_mutex_lock(mutex)
            broken = true
            outgoing = []
            pthread_mutex_unlock(mutex)
            return false
        }
        return true
    }

    /// A launcher gone makes `write` fail with EPIPE on this thread, not kill the demo.
    private static func blockPipeSignal() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    }

    /// False once the launcher is gone.
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    usleep(1000)
                    continue
                }
                return false
            }
            offset += written
        }
        return true
    }
}
