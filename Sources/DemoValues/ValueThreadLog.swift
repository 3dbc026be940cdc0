import Glibc

/// The key of each thread's `ValueThreadLog`, and whether the channel is
/// open: globals with a literal's value need no lazy start, so the hot path
/// reads them without a call. Set once, as the channel opens.
nonisolated(unsafe) var valueThreadKey: pthread_key_t = 0
nonisolated(unsafe) var valueChannelOpen = false

/// One logging thread's own view of the lines it runs: a run of a line the
/// throttle has just coalesced is counted here, under a lock only this
/// thread and the writer ever take, instead of under the channel's lock
/// every thread shares (two of 2048's threads queueing for it cost each
/// logged line twice as much as one thread alone). The thread goes back to
/// the channel's lock when the line's gate opens (a token is due), and the
/// writer takes what a line left here once it has waited `flushAfter`.
///
/// Raw memory, no class: the hot path does no reference counting.
struct ValueThreadLog {
    /// Direct-mapped by a few bits of a line's key: a hot loop's lines rarely collide.
    static let capacity = 1024

    struct Entry {
        /// The line's key (-1: empty) and its slot in the throttle.
        var key = -1
        var slot = 0
        /// Until when (microseconds) the line's runs stay here, not offered to the throttle.
        var gate: UInt64 = 0
        /// Runs counted here since the line last went to the channel, since when, and the latest.
        var skipped = 0
        var skippedSince: UInt64 = 0
        var latestTime: UInt64 = 0
        /// Runs left before the clock is read again.
        var countdown = 0
        /// The latest value: a plain value's bytes and type (no box, nothing
        /// retained), or boxed (a string, an object).
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var bytesType: Any.Type?
        var boxed: Any?
        /// Whether `boxed` holds one (cheaper to test than the optional existential).
        var isBoxed = false

        var latest: Any? {
            guard let bytesType else { return boxed }
            let bytes = self.bytes
            func load<T>(_: T.Type) -> Any { withUnsafeBytes(of: bytes) { $0.load(as: T.self) } }
            return _openExistential(bytesType, do: load)
        }

        mutating func store<T>(_ value: T) {
            if _isPOD(T.self), MemoryLayout<T>.size <= 32, MemoryLayout<T>.alignment <= 8 {
                withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: value, as: T.self) }
                bytesType = T.self
                if isBoxed {
                    boxed = nil
                    isBoxed = false
                }
            } else {
                boxed = value
                isBoxed = true
                bytesType = nil
            }
        }

        mutating func clearLatest() {
            bytesType = nil
            boxed = nil
            isBoxed = false
        }
    }

    private static let skippedOffset = MemoryLayout<Entry>.offset(of: \Entry.skipped)!

    /// How many runs of a coalesced line go by between two readings of the
    /// clock: a hot loop's line runs these in microseconds, a gate lasts 5 ms.
    static let clockEvery = 32

    /// What a line left here: its runs, to be counted in one record with the latest value.
    struct Leftover {
        let slot: Int
        let runs: Int
        let latest: Any?
        let time: UInt64
    }

    private let spin: UnsafeMutablePointer<pthread_spinlock_t>
    let entries: UnsafeMutablePointer<Entry>
    /// Whether this thread is inside the logger (counting, describing,
    /// sending): a line it runs meanwhile (a `deinit` of a value the logger
    /// let go, a `description` or a property observer that logs) is
    /// dropped, never logged: logging it would take a lock this thread holds.
    /// Only its own thread reads and writes it.
    private(set) var isInside = false

    /// Marks the thread inside the logger; false if it already was (the caller drops its line).
    mutating func enter() -> Bool {
        if isInside { return false }
        isInside = true
        return true
    }

    mutating func leave() { isInside = false }

    /// A new log, for the calling thread; never freed (the writer may still take what it holds after the thread ends).
    static func make() -> UnsafeMutablePointer<ValueThreadLog> {
        let log = UnsafeMutablePointer<ValueThreadLog>.allocate(capacity: 1)
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
        let spin = UnsafeMutablePointer<pthread_spinlock_t>.allocate(capacity: 1)
        pthread_spin_init(spin, 0)
        log.initialize(to: ValueThreadLog(spin: spin, entries: entries))
        return log
    }

    private init(spin: UnsafeMutablePointer<pthread_spinlock_t>, entries: UnsafeMutablePointer<Entry>) {
        self.spin = spin
        self.entries = entries
    }

    static func index(_ key: Int) -> Int {
        Int((UInt64(bitPattern: Int64(key)) &* 0x9e37_79b9_7f4a_7c15) >> 54)
    }

    func lock() { pthread_spin_lock(spin) }
    func unlock() { pthread_spin_unlock(spin) }

    /// Counts a run of line `key` here if its gate is closed; true if it did
    /// (the caller is done). `clock` (microseconds) is read on a line's first
    /// run here and every `clockEvery` runs, not on each.
    func coalesce<T>(_ key: Int, value: T, storesValue: Bool, clock: () -> UInt64) -> Bool {
        let entry = entries + Self.index(key)
        lock()
        defer { unlock() }
        guard entry.pointee.key == key, entry.pointee.gate != 0 else { return false }
        if entry.pointee.countdown == 0 || entry.pointee.skipped == 0 {
            let now = clock()
            guard now < entry.pointee.gate else { return false }
            if entry.pointee.skipped == 0 { entry.pointee.skippedSince = now }
            entry.pointee.latestTime = now
            entry.pointee.countdown = Self.clockEvery
        }
        entry.pointee.countdown -= 1
        entry.pointee.skipped += 1
        if storesValue { entry.pointee.store(value) }
        return true
    }

    /// Empties line `key`'s entry for a run going to the channel: its own
    /// runs counted here (to go with that run), and what another line that
    /// shared the entry left (to go to the channel's throttle as coalesced).
    func take(_ key: Int) -> (runs: Int, evicted: Leftover?) {
        let entry = entries + Self.index(key)
        lock()
        defer { unlock() }
        var runs = 0, evicted: Leftover?
        if entry.pointee.key == key {
            runs = entry.pointee.skipped
        } else if entry.pointee.key >= 0, entry.pointee.skipped > 0 {
            evicted = Leftover(
                slot: entry.pointee.slot, runs: entry.pointee.skipped, latest: entry.pointee.latest,
                time: entry.pointee.latestTime)
        }
        entry.pointee = Entry()
        return (runs, evicted)
    }

    /// After the channel's decision: closed until `gate` (0: the next run goes to the channel again).
    func close(_ key: Int, slot: Int, until gate: UInt64) {
        let entry = entries + Self.index(key)
        lock()
        defer { unlock() }
        guard entry.pointee.key == key || entry.pointee.key < 0 || entry.pointee.skipped == 0 else { return }
        entry.pointee.key = key
        entry.pointee.slot = slot
        entry.pointee.gate = gate
    }

    /// The writer's: what lines left here `flushAfter` ago or more (all of it with `all`), taken off.
    func leftovers(now: UInt64, flushAfter: UInt64, all: Bool) -> [Leftover] {
        // Looked over without the lock (a word read as the thread writes it
        // is at worst stale), then each line found taken under it: the
        // thread never waits for the whole scan, only for one entry.
        var found: [Leftover] = []
        for index in 0..<Self.capacity {
            let raw = UnsafeRawPointer(entries + index)
            guard raw.load(fromByteOffset: Self.skippedOffset, as: Int.self) > 0 else { continue }
            let entry = entries + index
            lock()
            if entry.pointee.skipped > 0,
                all || (now >= entry.pointee.skippedSince && now - entry.pointee.skippedSince >= flushAfter)
            {
                found.append(
                    Leftover(
                        slot: entry.pointee.slot, runs: entry.pointee.skipped, latest: entry.pointee.latest,
                        time: entry.pointee.latestTime))
                entry.pointee.skipped = 0
                entry.pointee.clearLatest()
            }
            unlock()
        }
        return found
    }
}
