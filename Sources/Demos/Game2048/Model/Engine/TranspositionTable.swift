/// Values of chance nodes already searched, so that a position reached by
/// several move orders is searched once. Fixed size, newest entry wins;
/// a new search starts a new generation instead of clearing the table.
/// One slot holds key, value, depth and generation together in 16 bytes
/// (for a 64-bit key): a probe is one cache line. How many slots a search
/// needs depends on its length (`SearchLimit.tableCapacityLog2`).
struct TranspositionTable<Key: Equatable> {
    private struct Entry {
        var key: Key
        var value: Float
        /// The generation in the high 24 bits, the depth searched in the low 8.
        var stamp: UInt32
    }

    /// Owns the slots. The search reads and writes them through `slots`,
    /// a plain address: no reference count or uniqueness check per probe.
    /// So a copy of the table shares its slots (as a copy of the
    /// `MoveAdvisor` holding it does): one table per searching thread.
    private final class Storage {
        let slots: UnsafeMutableBufferPointer<Entry>
        init(count: Int, filler: Key) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: Entry(key: filler, value: 0, stamp: 0))
        }
        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }
    }

    private let storage: Storage
    private let slots: UnsafeMutablePointer<Entry>
    private var generation: UInt32 = 1
    private let mask: Int

    /// log2 of the number of slots.
    var capacityLog2: Int { (mask + 1).trailingZeroBitCount }

    init(capacityLog2: Int, filler: Key) {
        let capacity = 1 << capacityLog2
        storage = Storage(count: capacity, filler: filler)
        slots = storage.slots.baseAddress!
        mask = capacity - 1
    }

    /// Forgets every entry.
    mutating func clear() {
        // 24 bits of generations: after 16 million searches, start over
        // with truly empty slots, so that no old stamp can match again.
        generation += 1
        if generation == 1 << 24 {
            generation = 1
            for i in 0...mask { slots[i].stamp = 0 }
        }
    }

    /// The value stored for `key` if it was searched at least `depth` deep.
    @inline(__always)
    func value(for key: Key, hash: UInt64, depth: Int) -> Float? {
        let entry = slots[Int(truncatingIfNeeded: hash) & mask]
        guard entry.stamp >> 8 == generation, Int(entry.stamp & 0xFF) >= depth, entry.key == key else { return nil }
        return entry.value
    }

    @inline(__always)
    mutating func store(_ value: Float, for key: Key, hash: UInt64, depth: Int) {
        slots[Int(truncatingIfNeeded: hash) & mask] =
            Entry(key: key, value: value, stamp: generation << 8 | UInt32(truncatingIfNeeded: depth))
    }
}
