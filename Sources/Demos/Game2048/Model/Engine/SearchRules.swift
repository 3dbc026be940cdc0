/// What the expectimax search needs of a board representation: moves, the
/// tiles that may appear, a value where it stops, and a key for its table.
protocol SearchRules {
    associatedtype Position: Equatable
    func moved(_ position: Position, _ direction: Direction) -> Position
    func evaluated(_ position: Position) -> Float
    func emptyCount(_ position: Position) -> Int
    /// Calls `body` with the position after a 2 and after a 4 appears on each empty cell.
    func forEachSpawn(_ position: Position, _ body: (Position, Position) -> Void)
    func hashed(_ position: Position) -> UInt64
    /// How many distinct tile values the position holds (deeper searches for busier boards).
    func distinctTiles(_ position: Position) -> Int
    /// Max nodes between two looks at the clock: a few hundred microseconds of work at most.
    static var checkInterval: Int { get }
}

/// A plain value (no reference inside): the search copies its rules around
/// each chance node, and a reference there would be counted up and down at
/// every node. Whoever makes it keeps the tables alive.
struct PackedRules: SearchRules {
    let tables: PackedTables.Lookup
    static var checkInterval: Int { 256 }

    @inline(__always) func moved(_ p: PackedBoard, _ d: Direction) -> PackedBoard { p.moved(d, tables) }
    @inline(__always) func evaluated(_ p: PackedBoard) -> Float { p.evaluated(tables) }
    @inline(__always) func emptyCount(_ p: PackedBoard) -> Int { p.emptyCount }

    @inline(__always)
    func forEachSpawn(_ p: PackedBoard, _ body: (PackedBoard, PackedBoard) -> Void) {
        var rest = p.bits
        var two: UInt64 = 1
        for _ in 0..<16 {
            if rest & 0xF == 0 { body(PackedBoard(bits: p.bits | two), PackedBoard(bits: p.bits | (two << 1))) }
            rest >>= 4
            two <<= 4
        }
    }

    @inline(__always)
    func hashed(_ p: PackedBoard) -> UInt64 {
        let h = p.bits &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 31)
    }

    func distinctTiles(_ p: PackedBoard) -> Int {
        var seen: UInt32 = 0
        var rest = p.bits
        for _ in 0..<16 {
            seen |= 1 << UInt32(rest & 0xF)
            rest >>= 4
        }
        return (seen & ~1).nonzeroBitCount
    }
}

struct WideRules: SearchRules {
    let scorer: LineScorer
    static var checkInterval: Int { 16 }

    func moved(_ p: Board, _ d: Direction) -> Board { p.engineMoved(d) }
    func evaluated(_ p: Board) -> Float { p.engineEvaluated(scorer) }
    func emptyCount(_ p: Board) -> Int { p.emptyCount }

    func forEachSpawn(_ p: Board, _ body: (Board, Board) -> Void) {
        for i in 0..<p.cellCount where p[i] == 0 {
            var two = p, four = p
            two[i] = 1
            four[i] = 2
            body(two, four)
        }
    }

    func hashed(_ p: Board) -> UInt64 { p.engineHash }

    func distinctTiles(_ p: Board) -> Int {
        var seen: UInt64 = 0
        for i in 0..<p.cellCount where p[i] != 0 { seen |= 1 << UInt64(p[i]) }
        return seen.nonzeroBitCount
    }
}
