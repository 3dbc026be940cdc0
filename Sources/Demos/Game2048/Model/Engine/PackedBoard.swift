/// The 4 × 4 board as the engine searches it: 64 bits, one nibble a cell
/// (cell `4 × row + column` in nibble `4 × row + column`, the layout of
/// `Board.packed`), tiles up to 2^15. A move is four table look-ups.
struct PackedBoard: Hashable, Sendable {
    var bits: UInt64

    /// A row's 16 bits, leftmost cell in the lowest nibble.
    @inline(__always)
    func row(_ r: Int) -> Int { Int(truncatingIfNeeded: (bits >> (16 * UInt64(r))) & 0xFFFF) }

    /// Rows become columns: cell (r, c) moves to (c, r).
    @inline(__always)
    var transposed: PackedBoard {
        // Swap the off-diagonal nibbles of each 2 × 2 block, then the
        // off-diagonal 2 × 2 blocks.
        let x = bits
        let a =
            (x & 0xF0F0_0F0F_F0F0_0F0F) | ((x & 0x0000_F0F0_0000_F0F0) << 12)
            | ((x & 0x0F0F_0000_0F0F_0000) >> 12)
        let b =
            (a & 0xFF00_FF00_00FF_00FF) | ((a & 0x00FF_00FF_0000_0000) >> 24)
            | ((a & 0x0000_0000_FF00_FF00) << 24)
        return PackedBoard(bits: b)
    }

    /// How many cells are empty.
    @inline(__always)
    var emptyCount: Int {
        var x = bits
        x |= (x >> 2) & 0x3333_3333_3333_3333
        x |= x >> 1
        return (~x & 0x1111_1111_1111_1111).nonzeroBitCount
    }

    /// The board after sliding toward `direction`, the same board when nothing moves.
    @inline(__always)
    func moved(_ direction: Direction, _ tables: PackedTables.Lookup) -> PackedBoard {
        switch direction {
        case .left, .right:
            let rows = direction == .left ? tables.left : tables.right
            return PackedBoard(
                bits: UInt64(rows[row(0)]) | UInt64(rows[row(1)]) << 16
                    | UInt64(rows[row(2)]) << 32 | UInt64(rows[row(3)]) << 48)
        case .up, .down:
            // Each column, read as a row of the transpose, slides through a
            // table that writes it straight back as a column: one transpose, not two.
            let columns = direction == .up ? tables.up : tables.down
            let t = transposed
            return PackedBoard(
                bits: columns[t.row(0)] | columns[t.row(1)] << 4
                    | columns[t.row(2)] << 8 | columns[t.row(3)] << 12)
        }
    }

    /// The heuristic: every row's and every column's score.
    @inline(__always)
    func evaluated(_ tables: PackedTables.Lookup) -> Float {
        let t = transposed
        var score: Float = 0
        for r in 0..<4 { score += tables.score[row(r)] + tables.score[t.row(r)] }
        return score
    }

    func moved(_ direction: Direction, _ tables: PackedTables) -> PackedBoard { moved(direction, tables.lookup) }

    func evaluated(_ tables: PackedTables) -> Float { evaluated(tables.lookup) }
}

/// Every 4-cell row's result of sliding left and right (and, spread into a
/// column, up and down), and its heuristic score: 1.5 MB, built once on
/// the first search, read through pointers (no bounds
/// checks in the engine's inner loop; every index is a 16-bit row).
final class PackedTables: @unchecked Sendable {
    let left: UnsafeMutablePointer<UInt16>
    let right: UnsafeMutablePointer<UInt16>
    /// A row of the transpose slid left (up) or right (down), its nibbles
    /// placed at a column's positions (nibble k at bit 16k).
    let up: UnsafeMutablePointer<UInt64>
    let down: UnsafeMutablePointer<UInt64>
    let score: UnsafeMutablePointer<Float>
    /// Rows whose slide would merge two 2^15 tiles, which a nibble cannot hold,
    /// keep them apart: the engine never meets them (it searches boards with
    /// bigger tiles on the wide representation, and 2^16 on 4 × 4 is a game of days).
    static let largestExponent: UInt8 = 15

    /// The tables' addresses, for the search's inner loop. A plain value:
    /// reading it retains nothing, where reading the class would retain the
    /// one object every searching thread shares, and two threads counting
    /// references on one cache line halved each one's moves per second.
    struct Lookup {
        let left: UnsafePointer<UInt16>
        let right: UnsafePointer<UInt16>
        let up: UnsafePointer<UInt64>
        let down: UnsafePointer<UInt64>
        let score: UnsafePointer<Float>
    }

    var lookup: Lookup {
        Lookup(
            left: UnsafePointer(left), right: UnsafePointer(right), up: UnsafePointer(up),
            down: UnsafePointer(down), score: UnsafePointer(score))
    }

    init(weights: HeuristicWeights) {
        let count = 1 << 16
        let scorer = LineScorer(weights: weights)
        left = .allocate(capacity: count)
        right = .allocate(capacity: count)
        up = .allocate(capacity: count)
        down = .allocate(capacity: count)
        score = .allocate(capacity: count)
        var line: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for row in 0..<count {
            withUnsafeMutableBytes(of: &line) { cells in
                for k in 0..<4 { cells[k] = UInt8((row >> (4 * k)) & 0xF) }
                let line = UnsafeBufferPointer(start: cells.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 4)
                score[row] = scorer.score(line)
                left[row] = PackedTables.slid(line, reversed: false)
                right[row] = PackedTables.slid(line, reversed: true)
                up[row] = Self.asColumn(left[row])
                down[row] = Self.asColumn(right[row])
            }
        }
    }

    deinit {
        for table in [
            UnsafeMutableRawPointer(left), UnsafeMutableRawPointer(right), UnsafeMutableRawPointer(up),
            UnsafeMutableRawPointer(down), UnsafeMutableRawPointer(score),
        ] { table.deallocate() }
    }

    /// A packed row's four nibbles at a column's positions (bits 0, 16, 32, 48).
    static func asColumn(_ row: UInt16) -> UInt64 {
        var column: UInt64 = 0
        for k in 0..<4 { column |= UInt64((row >> (4 * UInt16(k))) & 0xF) << (16 * UInt64(k)) }
        return column
    }

    /// A row slid toward its start (or, reversed, its end): tiles close up,
    /// each equal pair nearest the wall merges once. Packed like the row.
    static func slid(_ line: UnsafeBufferPointer<UInt8>, reversed: Bool) -> UInt16 {
        var result: UInt16 = 0
        var written = 0
        var last: UInt8 = 0
        var mergeable = false
        for k in 0..<4 {
            let e = line[reversed ? 3 - k : k]
            if e == 0 { continue }
            if mergeable, last == e, e < largestExponent {
                // The tile just written becomes the merged one.
                result += 1 << UInt16(4 * (reversed ? 4 - written : written - 1))
                mergeable = false
            } else {
                result |= UInt16(e) << UInt16(4 * (reversed ? 3 - written : written))
                written += 1
                last = e
                mergeable = true
            }
        }
        return result
    }

    /// The standard weights' tables, built on first use.
    static let standard = PackedTables(weights: .standard)

    /// Builds the standard tables now, so that the first search does not wait for them.
    static func prepare() { _ = standard }
}
