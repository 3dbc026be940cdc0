/// The move the engine suggests, and how it came to it.
public struct Suggestion: Sendable, Equatable {
    public var direction: Direction
    /// How many moves ahead the deepest finished search looked.
    public var depth: Int
    public var movesEvaluated: Int
}

/// Suggests moves for the Hint button and for Autoplay, on every board size.
///
/// It owns its tables and transposition table, so keep one per thread (the
/// view keeps one for its background search), and make a new one rather
/// than copy one for another thread: a copy shares the transposition table.
/// Suggesting is safe to run off the main thread.
public struct MoveAdvisor {
    private var packed: Expectimax<PackedRules>?
    /// What `packed` reads its tables from, kept alive here.
    private var packedTables: PackedTables?
    private var wide: Expectimax<WideRules>?
    public let weights: HeuristicWeights
    /// log2 of the 4 × 4 transposition table's slots when set; otherwise
    /// each search's limit says (`SearchLimit.tableCapacityLog2`).
    let tableCapacityLog2: Int?

    public init(weights: HeuristicWeights = .standard, tableCapacityLog2: Int? = nil) {
        self.weights = weights
        self.tableCapacityLog2 = tableCapacityLog2
    }

    /// Builds the shared 4 × 4 tables now (any thread), so that the first
    /// suggestion does not pay for them.
    public static func prepare() { PackedTables.prepare() }

    /// The best move found within `limit`; nil when no move is legal or
    /// `cancellation` was cancelled.
    public mutating func suggestion(
        for board: Board, limit: SearchLimit,
        cancellation: SearchCancellation? = nil
    ) -> Suggestion? {
        let result: (values: [Direction: Float], depth: Int)?
        let moves: Int
        if let bits = board.packed {
            let capacityLog2 = tableCapacityLog2 ?? limit.tableCapacityLog2
            if (packed?.table.capacityLog2 ?? 0) < capacityLog2 {
                let tables =
                    packedTables ?? (weights == .standard ? PackedTables.standard : PackedTables(weights: weights))
                packedTables = tables
                packed = Expectimax(
                    rules: PackedRules(tables: tables.lookup),
                    table: TranspositionTable(capacityLog2: capacityLog2, filler: PackedBoard(bits: 0)))
            }
            let before = packed!.movesEvaluated
            result = packed!.values(from: PackedBoard(bits: bits), limit: limit, cancellation: cancellation)
            moves = packed!.movesEvaluated - before
        } else {
            if wide == nil {
                wide = Expectimax(
                    rules: WideRules(scorer: LineScorer(weights: weights)),
                    table: TranspositionTable(capacityLog2: 15, filler: Board(size: 3)))
            }
            let before = wide!.movesEvaluated
            result = wide!.values(from: board, limit: limit, cancellation: cancellation)
            moves = wide!.movesEvaluated - before
        }
        guard let result else { return nil }
        // Ties go to the first direction in a fixed order, so a search is repeatable.
        var bestDirection: Direction?
        var bestValue = -Float.infinity
        for direction in Direction.allCases {
            if let value = result.values[direction], value > bestValue {
                bestDirection = direction
                bestValue = value
            }
        }
        return bestDirection.map { Suggestion(direction: $0, depth: result.depth, movesEvaluated: moves) }
    }
}

/// For `game2048-bench` only: the bare table move, outside any search.
@_spi(Benchmark)
public enum EngineProbe {
    /// Slides every 4 × 4 board (`Board.packed` form) in every direction
    /// through the row tables; the checksum keeps the work from being optimised away.
    public static func tableMoves(_ boards: [UInt64]) -> UInt64 {
        let tables = PackedTables.standard
        var checksum: UInt64 = 0
        for bits in boards {
            let board = PackedBoard(bits: bits)
            for direction in Direction.allCases { checksum &+= board.moved(direction, tables).bits }
        }
        return checksum
    }
}
