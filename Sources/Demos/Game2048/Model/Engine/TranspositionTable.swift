/// Values of chance nodes already searched, so that a position reached by
/// several move orders is searched once. Fixed size, newest entry wins;
/// a new search starts a new generation instead of clearing the arrays.
struct TranspositionTable<Key: Equatable> {
    private var keys: [Key]
    private var values: [Float]
    private var depths: [UInt8]
    private var generations: [UInt32]
    private var generation: UInt32 = 1
    private let mask: Int

    init(capacityLog2: Int, filler: Key) {
        let capacity = 1 << capacityLog2
        keys = [Key](repeating: filler, count: capacity)
        values = [Float](repeating: 0, count: capacity)
        depths = [UInt8](repeating: 0, count: capacity)
        generations = [UInt32](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// Forgets every entry.
    mutating func clear() { generation &+= 1 }

    /// The value stored for `key` if it was searched at least `depth` deep.
    @inline(__always)
    func value(for key: Key, hash: UInt64, depth: Int) -> Float? {
        let slot = Int(truncatingIfNeeded: hash) & mask
        guard generations[slot] == generation, Int(depths[slot]) >= depth, keys[slot] == key else { return nil }
        return values[slot]
    }

    @inline(__always)
    mutating func store(_ value: Float, for key: Key, hash: UInt64, depth: Int) {
        let slot = Int(truncatingIfNeeded: hash) & mask
        keys[slot] = key
        values[slot] = value
        depths[slot] = UInt8(depth)
        generations[slot] = generation
    }
}
