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
        let a = (x & 0xF0F0_0F0F_F0F0_0F0F) | ((x & 0x0000_F0F0_0000_F0F0) << 12)
            | ((x & 0x0F0F_0000_0F0F_0000) >> 12)
        let b = (a & 0xFF00_FF00_00FF_00FF) | ((a & 0x00FF_00FF_0000_0000) >> 24)
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
    func moved(_ direction: Direction, _ tables: PackedTables) -> PackedBoard {
        switch direction {
        case .left, .right:
            let rows = direction == .left ? tables.left : tables.right
            var result: UInt64 = 0
            for r in 0..<4 { result |= UInt64(rows[row(r)]) << (16 * UInt64(r)) }
            return PackedBoard(bits: result)
        case .up, .down:
            // A column move is a row move of the transpose.
            return PackedBoard(bits: transposed.moved(direction == .up ? .left : .right, tables).bits).transposed
        }
    }

    /// The heuristic: every row's and every column's score.
    @inline(__always)
    func evaluated(_ tables: PackedTables) -> Float {
        let t = transposed
        var score: Float = 0
        for r in 0..<4 { score += tables.score[row(r)] + tables.score[t.row(r)] }
        return score
    }
}

/// Every 4-cell row's result of sliding left and right, and its heuristic
/// score: 512 KB, built in a few milliseconds on the first search.
final class PackedTables: Sendable {
    let left: [UInt16]
    let right: [UInt16]
    let score: [Float]
    /// Rows whose slide would merge two 2^15 tiles, which a nibble cannot hold,
    /// keep them apart: the engine never meets them (it searches boards with
    /// bigger tiles on the wide representation, and 2^16 on 4 × 4 is a game of days).
    static let largestExponent: UInt8 = 15

    init(weights: HeuristicWeights) {
        let scorer = LineScorer(weights: weights)
        var line: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var left = [UInt16](repeating: 0, count: 1 << 16)
        var right = left
        var score = [Float](repeating: 0, count: 1 << 16)
        for row in 0..<(1 << 16) {
            withUnsafeMutableBytes(of: &line) { cells in
                for k in 0..<4 { cells[k] = UInt8((row >> (4 * k)) & 0xF) }
                let line = UnsafeBufferPointer(start: cells.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 4)
                score[row] = scorer.score(line)
                left[row] = PackedTables.slid(line, reversed: false)
                right[row] = PackedTables.slid(line, reversed: true)
            }
        }
        self.left = left
        self.right = right
        self.score = score
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
