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
            let columns = direction == .up ? tables.up : tables.down
            let t = transposed
            var result: UInt64 = 0
            for c in 0..<4 { result |= columns[t.row(c)] << (4 * UInt64(c)) }
            return PackedBoard(bits: result)
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
/// score; `up` and `down` hold a slid row spread into a column (nibble k at
/// bit 16k), so a column move needs one transpose only.
final class PackedTables: Sendable {
    let left: [UInt16]
    let right: [UInt16]
    let up: [UInt64]
    let down: [UInt64]
    let score: [Float]
    /// Rows whose slide would merge two 2^15 tiles, which a nibble cannot hold;
    /// the engine keeps boards with such tiles on the wide representation.
    static let largestExponent: UInt8 = 15

    init(weights: HeuristicWeights) {
        var left = [UInt16](repeating: 0, count: 1 << 16)
        var right = left
        var up = [UInt64](repeating: 0, count: 1 << 16)
        var down = up
        var score = [Float](repeating: 0, count: 1 << 16)
        let scorer = LineScorer(weights: weights)
        var line = [UInt8](repeating: 0, count: 4)
        for row in 0..<(1 << 16) {
            for k in 0..<4 { line[k] = UInt8((row >> (4 * k)) & 0xF) }
            score[row] = line.withUnsafeBufferPointer { scorer.score($0) }
            let towardLeft = PackedTables.slideLine(line)
            let towardRight = Array(PackedTables.slideLine(line.reversed()).reversed())
            left[row] = PackedTables.pack(towardLeft)
            right[row] = PackedTables.pack(towardRight)
            up[row] = PackedTables.spread(towardLeft)
            down[row] = PackedTables.spread(towardRight)
        }
        self.left = left
        self.right = right
        self.up = up
        self.down = down
        self.score = score
    }

    /// One line slid toward its start: tiles close up, each equal pair
    /// nearest the wall merges once.
    static func slideLine(_ line: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var mergeable = false
        for e in line where e != 0 {
            if mergeable, result.last == e, e < largestExponent {
                result[result.count - 1] = e + 1
                mergeable = false
            } else {
                result.append(e)
                mergeable = true
            }
        }
        return result + [UInt8](repeating: 0, count: line.count - result.count)
    }

    static func pack(_ line: [UInt8]) -> UInt16 {
        line.enumerated().reduce(0) { $0 | UInt16($1.element) << (4 * UInt16($1.offset)) }
    }

    static func spread(_ line: [UInt8]) -> UInt64 {
        line.enumerated().reduce(0) { $0 | UInt64($1.element) << (16 * UInt64($1.offset)) }
    }

    /// The standard weights' tables, built on first use (about 1.5 MB).
    static let standard = PackedTables(weights: .standard)
}
