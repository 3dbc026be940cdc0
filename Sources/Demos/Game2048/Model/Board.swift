/// A direction a move slides the tiles toward.
public enum Direction: Int, CaseIterable, Sendable {
    case up, down, left, right
}

/// One tile's trip during a move, for the view to animate: the tile that was
/// at `from` (with `exponent`) ends at `to`. Both tiles of a merge travel to
/// the same cell; `merges` is true for each of them.
public struct TileMotion: Equatable, Sendable {
    public var from: Int
    public var to: Int
    public var exponent: UInt8
    public var merges: Bool

    public init(from: Int, to: Int, exponent: UInt8, merges: Bool) {
        self.from = from
        self.to = to
        self.exponent = exponent
        self.merges = merges
    }
}

/// What sliding a board did: the tiles' trips, the cells where merges made a
/// new tile, and the points those merges scored.
public struct Slide: Sendable {
    public var board: Board
    public var motions: [TileMotion]
    /// Cells holding a tile made by a merge in this move.
    public var mergedCells: [Int]
    /// The sum of the new tiles' values.
    public var points: Int
    /// Whether any tile moved or merged.
    public var changed: Bool
}

/// A square 2048 board of 3 × 3 to 6 × 6 cells, in a compact fixed form: one
/// byte per cell holding the tile's exponent (0 empty, 1 for 2, 2 for 4, 11
/// for 2048), row-major from the top-left, in 36 bytes stored inline.
///
/// Boards are plain values: copying one is a 40-byte copy with no allocation,
/// which is what a search over many positions (an expectimax hint) needs.
/// `packed` gives 4 × 4 boards as the classic 64-bit nibble bitboard.
public struct Board: Sendable {
    public static let minimumSize = 3
    public static let maximumSize = 6
    public static let defaultSize = 4
    /// The largest exponent a cell may hold (2^40 is far beyond any real game).
    public static let maximumExponent: UInt8 = 40

    public let size: Int
    @usableFromInline var cells: InlineArray<36, UInt8>

    /// An empty board.
    public init(size: Int = Board.defaultSize) {
        precondition((Board.minimumSize...Board.maximumSize).contains(size), "board size \(size) out of range")
        self.size = size
        cells = InlineArray(repeating: 0)
    }

    /// A board from rows of tile values (0 for empty), e.g. `[[2, 0], …]`;
    /// nil unless the rows make a square of an allowed size holding only powers of two.
    public init?(values rows: [[Int]]) {
        guard (Board.minimumSize...Board.maximumSize).contains(rows.count),
            rows.allSatisfy({ $0.count == rows.count })
        else { return nil }
        self.init(size: rows.count)
        for (r, row) in rows.enumerated() {
            for (c, value) in row.enumerated() {
                guard let exponent = Board.exponent(of: value) else { return nil }
                cells[r * size + c] = exponent
            }
        }
    }

    /// The exponent of a tile value: 0 for 0 (empty), 1 for 2, …; nil when
    /// `value` is not 0 or a power of two from 2 to 2^40.
    public static func exponent(of value: Int) -> UInt8? {
        if value == 0 { return 0 }
        guard value >= 2, value & (value - 1) == 0 else { return nil }
        let exponent = UInt8(value.trailingZeroBitCount)
        return exponent <= maximumExponent ? exponent : nil
    }

    /// The value of a tile exponent (0 for an empty cell).
    @inlinable
    public static func value(ofExponent exponent: UInt8) -> Int { exponent == 0 ? 0 : 1 << Int(exponent) }

    public var cellCount: Int { size * size }

    @inlinable
    public subscript(index: Int) -> UInt8 {
        get { cells[index] }
        set { cells[index] = newValue }
    }

    /// The exponent at a row and column (0 empty).
    public subscript(row: Int, column: Int) -> UInt8 {
        get { cells[row * size + column] }
        set { cells[row * size + column] = newValue }
    }

    /// The tile value at a cell (0 empty).
    public func value(at index: Int) -> Int { Board.value(ofExponent: cells[index]) }

    /// Every row's values, top row first.
    public var values: [[Int]] {
        (0..<size).map { r in (0..<size).map { c in value(at: r * size + c) } }
    }

    public var emptyCells: [Int] { (0..<cellCount).filter { cells[$0] == 0 } }
    public var emptyCount: Int {
        var count = 0
        for i in 0..<cellCount where cells[i] == 0 { count += 1 }
        return count
    }

    /// The sum of every tile's value.
    public var tileSum: Int {
        var sum = 0
        for i in 0..<cellCount { sum += Board.value(ofExponent: cells[i]) }
        return sum
    }

    public var maximumExponent: UInt8 {
        var best: UInt8 = 0
        for i in 0..<cellCount { best = max(best, cells[i]) }
        return best
    }

    /// Whether some move would change the board.
    public var canMove: Bool {
        for r in 0..<size {
            for c in 0..<size {
                let e = cells[r * size + c]
                if e == 0 { return true }
                if c + 1 < size, cells[r * size + c + 1] == e { return true }
                if r + 1 < size, cells[(r + 1) * size + c] == e { return true }
            }
        }
        return false
    }

    /// The 4 × 4 board as a 64-bit bitboard, one nibble per cell (cell 0 in
    /// the lowest nibble); nil for other sizes or tiles above 2^15.
    public var packed: UInt64? {
        guard size == 4 else { return nil }
        var result: UInt64 = 0
        for i in 0..<16 {
            guard cells[i] < 16 else { return nil }
            result |= UInt64(cells[i]) << (4 * UInt64(i))
        }
        return result
    }

    /// A 4 × 4 board from its nibble bitboard.
    public init(packed: UInt64) {
        self.init(size: 4)
        for i in 0..<16 { cells[i] = UInt8((packed >> (4 * UInt64(i))) & 0xF) }
    }

    /// Where a row or column begins at the wall `direction` slides toward,
    /// and the step to its next cell (the game and the engine walk lines alike).
    @inline(__always)
    func line(_ line: Int, toward direction: Direction) -> (start: Int, step: Int) {
        let n = size
        switch direction {
        case .left: return (line * n, 1)
        case .right: return (line * n + n - 1, -1)
        case .up: return (line, n)
        case .down: return ((n - 1) * n + line, -n)
        }
    }

    /// Slides every tile toward `direction`, merging equal pairs (the pair
    /// nearest the wall first; a merged tile does not merge again in the same
    /// move), as the original game does. The board itself is not changed.
    public func slid(_ direction: Direction) -> Slide {
        var result = Board(size: size)
        var motions: [TileMotion] = []
        motions.reserveCapacity(cellCount)
        var merged: [Int] = []
        var points = 0
        var changed = false
        let n = size
        for line in 0..<n {
            let (start, step) = self.line(line, toward: direction)
            var written = 0
            var canMerge = false
            for k in 0..<n {
                let from = start + k * step
                let e = cells[from]
                if e == 0 { continue }
                if canMerge, result.cells[start + (written - 1) * step] == e {
                    let to = start + (written - 1) * step
                    result.cells[to] = e + 1
                    // The tile already there also merges.
                    motions[motions.count - 1].merges = true
                    motions.append(TileMotion(from: from, to: to, exponent: e, merges: true))
                    merged.append(to)
                    points += 1 << Int(e + 1)
                    canMerge = false
                    changed = true
                } else {
                    let to = start + written * step
                    result.cells[to] = e
                    motions.append(TileMotion(from: from, to: to, exponent: e, merges: false))
                    if to != from { changed = true }
                    written += 1
                    canMerge = true
                }
            }
        }
        return Slide(board: result, motions: motions, mergedCells: merged, points: points, changed: changed)
    }
}

extension Board: Equatable, Hashable {
    public static func == (a: Board, b: Board) -> Bool {
        guard a.size == b.size else { return false }
        for i in 0..<a.cellCount where a.cells[i] != b.cells[i] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        for i in 0..<cellCount { hasher.combine(cells[i]) }
    }
}

extension Board: CustomStringConvertible {
    /// Rows of values, "2 . . 4 / . . . ." (for test failures and logs).
    public var description: String {
        values.map { row in row.map { $0 == 0 ? "." : String($0) }.joined(separator: " ") }.joined(separator: " / ")
    }
}

extension Board {
    /// The board as a screen reader reads it: each cell's value or `empty`,
    /// cells separated by ", ", rows by "; ", top row first
    /// ("2, empty, empty, 4; empty, …").
    public func spokenDescription(empty: String) -> String {
        (0..<size).map { r in
            (0..<size).map { c in
                let value = value(at: r * size + c)
                return value == 0 ? empty : String(value)
            }.joined(separator: ", ")
        }.joined(separator: "; ")
    }
}
