/// Expectimax over the player's moves (max nodes) and the tile that then
/// appears (chance nodes: a 2 with probability 0.9 or a 4 with 0.1, on each
/// empty cell alike), deepened one move at a time while the budget lasts.
/// Chance branches less likely than `unlikely` are not searched further:
/// their heuristic value stands in for them. The transposition table is kept
/// from one depth to the next (an entry says how deep it was searched), so a
/// deeper search reuses the shallower one's subtrees.
struct Expectimax<Rules: SearchRules> {
    let rules: Rules
    var table: TranspositionTable<Rules.Position>
    /// Every move computed in max nodes, legal or not: the engine's unit of work.
    private(set) var movesEvaluated = 0
    private var stopped = false
    private var countdown = 0
    private var clock = SearchClock(clock: .monotonic)
    private var deadline = Double.infinity
    private var cancellation: SearchCancellation?

    /// Chance branches less likely than this are valued by the heuristic alone.
    private let unlikely: Float = 1e-4

    init(rules: Rules, table: TranspositionTable<Rules.Position>) {
        self.rules = rules
        self.table = table
    }

    /// Each legal move's value from the deepest search finished in time,
    /// and that depth; nil when no move is legal or the search was cancelled.
    mutating func values(
        from root: Rules.Position, limit: SearchLimit,
        cancellation: SearchCancellation?
    ) -> (values: [Direction: Float], depth: Int)? {
        self.cancellation = cancellation
        clock = SearchClock(clock: limit.clock)
        let start = clock.now()
        let finalDeadline = limit.milliseconds.map { start + $0 / 1000 } ?? .infinity
        stopped = false
        countdown = Rules.checkInterval
        table.clear()
        let legal = Direction.allCases.filter { rules.moved(root, $0) != root }
        guard !legal.isEmpty else { return nil }
        var best: (values: [Direction: Float], depth: Int)?
        var order = legal
        let enough =
            limit.enoughDepth?.depth(distinctTiles: rules.distinctTiles(root), emptyCells: rules.emptyCount(root))
            ?? Int.max
        var lastDuration = 0.0, growth = 4.0
        for depth in 1...max(1, limit.maximumDepth) {
            let began = clock.now()
            // A depth is begun while about half of its first move (the best
            // so far) fits before the deadline, so that most of the budget
            // is used. (Seeded games at 1 ms a move could not rank the
            // shapes tried: on a shared machine two runs of the same build
            // differed more than any two shapes did.)
            if best != nil, limit.milliseconds != nil,
                began + lastDuration * growth / Double(order.count) / 2 > finalDeadline
            {
                break
            }
            // The first stage always finishes (microseconds on any board): a
            // thread paused past the deadline still gets a legal move.
            deadline = best == nil ? .infinity : finalDeadline
            var values: [Direction: Float] = [:]
            // The last stage's best move first: if time runs out, the moves
            // valued at this stage still include it, and only a move that
            // beats it at the same depth replaces it.
            for direction in order {
                movesEvaluated += 1
                let value = chance(rules.moved(root, direction), depth: depth, probability: 1)
                if stopped { break }
                values[direction] = value
            }
            if values.isEmpty { break }
            best = (values, depth)
            if stopped || (depth >= enough && clock.now() - start >= limit.minimumMilliseconds / 1000) { break }
            order.sort { values[$0]! > values[$1]! }
            let duration = clock.now() - began
            if lastDuration > 0 { growth = min(max(duration / lastDuration, 1.5), 30) }
            lastDuration = duration
        }
        if cancellation?.isCancelled == true { return nil }
        return best
    }

    /// The expected value of a position after a move, before its new tile.
    private mutating func chance(_ position: Rules.Position, depth: Int, probability: Float) -> Float {
        if depth == 0 || probability < unlikely { return rules.evaluated(position) }
        let hash = rules.hashed(position)
        if let known = table.value(for: position, hash: hash, depth: depth) { return known }
        let empty = rules.emptyCount(position)
        // A move always empties a cell or merges, so `empty` is at least 1 here.
        let share = probability / Float(empty)
        var total: Float = 0
        rules.forEachSpawn(position) { two, four in
            total += 0.9 * best(two, depth: depth - 1, probability: share * 0.9)
            total += 0.1 * best(four, depth: depth - 1, probability: share * 0.1)
        }
        let value = total / Float(empty)
        if !stopped { table.store(value, for: position, hash: hash, depth: depth) }
        return value
    }

    /// The value of a lost position. Not minus infinity: then a loss one
    /// chance in 10,000 deep would outweigh every difference in structure,
    /// and the search would play only to survive the next few tiles. At 0 a
    /// loss costs about what a badly tangled board does (a line of big tiles
    /// out of order can score below 0): seeded games at 1 ms a move reached
    /// 8192 clearly more often than with a loss at -10^12.
    static var lost: Float { 0 }

    /// The value of the best move from a position with its new tile; `lost` when none is legal.
    private mutating func best(_ position: Rules.Position, depth: Int, probability: Float) -> Float {
        if stopped { return Self.lost }
        var best = Self.lost
        // By raw value, not `Direction.allCases`: no array in the innermost loop.
        for raw in 0..<4 {
            let next = rules.moved(position, Direction(rawValue: raw).unsafelyUnwrapped)
            movesEvaluated += 1
            if next == position { continue }
            best = max(best, chance(next, depth: depth, probability: probability))
        }
        countdown -= 1
        if countdown <= 0 {
            countdown = Rules.checkInterval
            if cancellation?.isCancelled == true || clock.now() > deadline { stopped = true }
        }
        return best
    }
}
