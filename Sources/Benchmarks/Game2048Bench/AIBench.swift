// `game2048-bench --ai`: the hint engine plays seeded games to the end.
import Dispatch
import Game2048Model
import Glibc

/// What `--ai` was asked for.
struct AIBenchOptions {
    var games = 10
    var size = 4
    var budgetMilliseconds = 1.0
    var seed: UInt64 = 1
    /// Games stop after this many moves (5 × 5 and 6 × 6 games last for hours).
    var maximumMoves = Int.max
    /// Games stop once they hold this tile (`--until 2048`): whether every
    /// game gets there, in minutes instead of the hours whole games take.
    var untilTile: Int?
    /// Heuristic weights to try instead of the standard ones (tuning runs).
    var weights = HeuristicWeights.standard
    /// A fixed search depth instead of a time budget.
    var depth: Int?
    /// The budget is a mean: easy positions stop at their `EnoughDepth`
    /// and leave the time for hard ones (`TimeBank`). `--fixed-budget` gives
    /// every move the same time instead. The rule was tuned on 4 × 4; other
    /// sizes get the same time every move unless `--enough` says otherwise
    /// (on 3 × 3 it stopped at depth 2 and left most of the budget unused).
    var enoughDepth: EnoughDepth? = .standard
    /// The most a move may draw from saved time, in budgets.
    var bankBudgetsGiven: Double?
    var bankBudgets: Double { bankBudgetsGiven ?? TimeBank.standardBudgets(millisecondsPerMove: budgetMilliseconds) }
    /// log2 of the transposition table's slots, instead of the budget's choice.
    var tableLog2: Int?
    /// A line for every game after the summary (`--per-game`): which seeds
    /// end early, to replay them.
    var perGame = false
    /// A move stops at its enough depth only once it has spent what the
    /// bank could not keep (`--no-spend-unbankable`: as soon as it gets there).
    var spendUnbankable = true

    init(_ arguments: [String]) {
        var rest = arguments[...]
        var enoughGiven = false
        while let flag = rest.popFirst() {
            if flag == "--fixed-budget" {
                enoughDepth = nil
                continue
            }
            if flag == "--no-spend-unbankable" {
                spendUnbankable = false
                continue
            }
            if flag == "--per-game" {
                perGame = true
                continue
            }
            guard let value = rest.popFirst() else { break }
            switch flag {
            case "--games": games = Int(value) ?? games
            case "--size": size = Int(value) ?? size
            case "--budget-ms": budgetMilliseconds = Double(value) ?? budgetMilliseconds
            case "--seed": seed = UInt64(value) ?? seed
            case "--max-moves": maximumMoves = Int(value) ?? maximumMoves
            case "--until": untilTile = Int(value).flatMap { $0 > 1 && $0.nonzeroBitCount == 1 ? $0 : nil }
            case "--depth": depth = Int(value)
            case "--bank-budgets": bankBudgetsGiven = Double(value) ?? bankBudgetsGiven
            case "--table-log2": tableLog2 = Int(value)
            case "--enough":
                // minimum,belowDistinctTiles[,crowdedEmptyCells,crowdedMinimum]
                let v = value.split(separator: ",").compactMap { Int(String($0)) }
                if v.count == 2 || v.count == 4 {
                    enoughDepth = EnoughDepth(
                        minimum: v[0], belowDistinctTiles: v[1], crowdedEmptyCells: v.count == 4 ? v[2] : -1,
                        crowdedMinimum: v.count == 4 ? v[3] : 0)
                    enoughGiven = true
                }
            case "--weights":
                // alive,empty,merge,monotonicity,monotonicityPower,sum,sumPower
                let w = value.split(separator: ",").compactMap { Float(String($0)) }
                if w.count == 7 {
                    weights = HeuristicWeights(
                        alive: w[0], emptyCell: w[1], merge: w[2], monotonicity: w[3],
                        monotonicityPower: w[4], sum: w[5], sumPower: w[6])
                }
            default: rest.insert(value, at: rest.startIndex)
            }
        }
        if size != 4, !enoughGiven { enoughDepth = nil }
    }
}

/// One game played by the engine.
struct AIGame {
    var score = 0
    var maximumExponent: UInt8 = 0
    var moves = 0
    var searchSeconds = 0.0
    var movesEvaluated = 0
    var depthSum = 0
    var longestSearch = 0.0
}

func playAIGame(size: Int, seed: UInt64, options: AIBenchOptions) -> AIGame {
    var advisor = MoveAdvisor(
        weights: options.weights,
        tableCapacityLog2: options.tableLog2
            // Sized for the mean budget: a move drawing on saved time keeps the table.
            ?? SearchLimit.time(options.budgetMilliseconds).tableCapacityLog2)
    var game = Game(size: size, random: SeededRandom(seed: seed))
    var result = AIGame()
    var bank = TimeBank(
        millisecondsPerMove: options.budgetMilliseconds,
        maximumBalance: options.budgetMilliseconds * options.bankBudgets)
    let untilExponent = options.untilTile.map { UInt8($0.trailingZeroBitCount) } ?? .max
    while result.moves < options.maximumMoves, game.board.maximumExponent < untilExponent {
        if game.status == .won { game.keepGoing() }
        guard game.status == .playing else { break }
        let limit: SearchLimit
        if let depth = options.depth {
            limit = .depth(depth)
        } else if let enough = options.enoughDepth {
            limit = .time(
                bank.allowance, clock: .threadCPU, enoughDepth: enough,
                spendingAtLeast: options.spendUnbankable ? bank.unbankable : 0)
        } else {
            limit = .time(options.budgetMilliseconds, clock: .threadCPU)
        }
        let start = cpuNow()
        guard let suggestion = advisor.suggestion(for: game.board, limit: limit) else { break }
        let seconds = cpuNow() - start
        bank.spend(seconds * 1000)
        result.searchSeconds += seconds
        result.longestSearch = max(result.longestSearch, seconds)
        result.movesEvaluated += suggestion.movesEvaluated
        result.depthSum += suggestion.depth
        guard case .moved = game.move(suggestion.direction) else {
            fatalError("the engine suggested \(suggestion.direction), which does not move \(game.board)")
        }
        result.moves += 1
    }
    result.score = game.score
    result.maximumExponent = game.board.maximumExponent
    return result
}

/// Plays the games two at a time (one per core) and prints the summary.
func runAIBench(_ options: AIBenchOptions) {
    // Each game writes only its own slot.
    nonisolated(unsafe) let results = UnsafeMutableBufferPointer<AIGame>.allocate(capacity: options.games)
    results.initialize(repeating: AIGame())
    DispatchQueue.concurrentPerform(iterations: options.games) { index in
        results[index] = playAIGame(size: options.size, seed: options.seed &+ UInt64(index), options: options)
    }
    let games = Array(results)
    results.deallocate()
    print(aiSummary(games, options))
    guard options.perGame else { return }
    for (index, game) in games.enumerated() {
        print(
            "  game \(index + 1), seed \(options.seed &+ UInt64(index)): max tile \(1 << Int(game.maximumExponent)), "
                + "score \(game.score), \(game.moves) moves, "
                + "\(decimal(game.searchSeconds * 1000 / Double(max(1, game.moves)), 2)) ms/move")
    }
}

func aiSummary(_ games: [AIGame], _ options: AIBenchOptions) -> String {
    let n = Double(games.count)
    let first: UInt8 = options.size == 3 ? 7 : 11
    let reached = (first...first + 4).map { exponent -> String in
        let share = Double(games.filter { $0.maximumExponent >= exponent }.count) / n
        return "\(1 << Int(exponent)): \(Int((share * 100).rounded()))%"
    }.joined(separator: "  ")
    let moves = games.reduce(0) { $0 + $1.moves }
    let seconds = games.reduce(0) { $0 + $1.searchSeconds }
    let evaluated = games.reduce(0) { $0 + $1.movesEvaluated }
    let tiles = games.map { $0.maximumExponent }.sorted()
    let capped =
        (options.maximumMoves == .max ? "" : ", at most \(options.maximumMoves) moves a game")
        + (options.untilTile.map { ", each game until it holds \($0)" } ?? "")
    let budget =
        options.depth != nil
        ? "depth \(options.depth!)"
        : options.enoughDepth.map {
            "budget \(decimal(options.budgetMilliseconds, 1)) ms/move on average (enough depth: distinct tiles - \($0.belowDistinctTiles), at least \($0.minimum)\($0.crowdedEmptyCells >= 0 ? ", at least \($0.crowdedMinimum) with \($0.crowdedEmptyCells) empty cells or fewer" : ""); saved time up to \(decimal(options.bankBudgets, 0)) budgets\(options.spendUnbankable ? ", the rest spent" : ""))"
        }
            ?? "budget \(decimal(options.budgetMilliseconds, 1)) ms for every move"
    let longest = games.map(\.longestSearch).max() ?? 0
    return """
        2048 AI, \(options.size) x \(options.size), \(games.count) games, \(budget), seed \(options.seed)\(capped)
          reached \(reached)
          mean score \(games.reduce(0) { $0 + $1.score } / max(1, games.count)), median max tile \(1 << Int(tiles[tiles.count / 2])), \
        mean \(decimal(seconds * 1000 / Double(max(1, moves)), 2)) ms/move, \
        \(decimal(Double(evaluated) / max(seconds, 1e-9) / 1e6, 1)) M moves evaluated/s, \
        mean depth \(decimal(Double(games.reduce(0) { $0 + $1.depthSum }) / Double(max(1, moves)), 2)), \
        longest move \(decimal(longest * 1000, 1)) ms
        """
}

/// A number with `places` decimals, without Foundation's formatter.
func decimal(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    guard places > 0 else { return String(scaled) }
    let digits = String(abs(scaled))
    let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
    return (scaled < 0 ? "-" : "") + padded.dropLast(places) + "." + padded.suffix(places)
}
