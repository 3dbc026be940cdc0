/// Values of chance nodes already searched, so that a position reached by
/// several move orders is searched once. Fixed size, newest entry wins;
/// a new search starts a new generation instead of clearing the table.
/// One slot holds key, value, depth and generation together: a probe is one
/// cache line, not four.
struct TranspositionTable<Key: Equatable> {
    private struct Entry {
        var key: Key
        var value: Float
        var depth: UInt8
        var generation: UInt32
    }

    private var entries: [Entry]
    private var generation: UInt32 = 1
    private let mask: Int

    init(capacityLog2: Int, filler: Key) {
        let capacity = 1 << capacityLog2
        entries = [Entry](repeating: Entry(key: filler, value: 0, depth: 0, generation: 0), count: capacity)
        mask = capacity - 1
    }

    /// Forgets every entry.
    mutating func clear() { generation &+= 1 }

    /// The value stored for `key` if it was searched at least `depth` deep.
    @inline(__always)
    func value(for key: Key, hash: UInt64, depth: Int) -> Float? {
        entries.withUnsafeBufferPointer { slots in
            let entry = slots[Int(truncatingIfNeeded: hash) & mask]
            guard entry.generation == generation, Int(entry.depth) >= depth, entry.key == key else { return nil }
            return entry.value
        }
    }

    @inline(__always)
    mutating func store(_ value: Float, for key: Key, hash: UInt64, depth: Int) {
        let slot = Int(truncatingIfNeeded: hash) & mask
        let generation = generation
        entries.withUnsafeMutableBufferPointer { slots in
            slots[slot] = Entry(key: key, value: value, depth: UInt8(depth), generation: generation)
        }
    }
}
