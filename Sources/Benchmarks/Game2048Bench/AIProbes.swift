// `make bench`'s short AI section: the bare table move, a hint's latency,
// how soon cancel and a time budget end a search, and a few seeded games of
// every size.
import DemoKit
import Dispatch
@_spi(Benchmark) import Game2048Model
import Glibc

/// Wall-clock milliseconds since some fixed point.
func wallNow() -> Double { Double(MainLoop.monotonicTime) / 1000 }

/// Table moves per second, over the positions of random play.
func tableMoveRate() -> Double {
    let boards = randomBoards(count: 20_000, size: 4).compactMap { $0.packed }
    var rates: [Double] = []
    var checksum: UInt64 = 0
    for _ in 0..<7 {
        let elapsed = measure { checksum &+= EngineProbe.tableMoves(boards) }
        rates.append(Double(boards.count * 4) / elapsed)
    }
    if checksum == 42 { print("") }
    return median(rates)
}

/// Each Hint's wall-clock time on positions from the engine's own games, every size.
func hintLatencies(positionsPerSize: Int) -> [Double] {
    var latencies: [Double] = []
    for size in Board.minimumSize...Board.maximumSize {
        var advisor = MoveAdvisor()
        var game = Game(size: size, random: SeededRandom(seed: UInt64(size)))
        for _ in 0..<positionsPerSize {
            if game.status == .won { game.keepGoing() }
            if game.status != .playing { game = Game(size: size, random: SeededRandom(seed: UInt64(game.score))) }
            let start = wallNow()
            guard let suggestion = advisor.suggestion(for: game.board, limit: .hint) else { break }
            latencies.append(wallNow() - start)
            _ = game.move(suggestion.direction)
        }
    }
    return latencies.sorted()
}

/// Wall-clock milliseconds from cancel to the return of a 6 × 6 search that
/// would run for hours (what Stop and a new hint wait for), each of `rounds`.
/// Measured here, not in the tests: a loaded machine stretches it.
func cancelDelays(rounds: Int) -> [Double] {
    var random = SeededRandom(seed: 3)
    var game = Game(size: 6, random: SeededRandom(seed: 3))
    for _ in 0..<60 where game.status == .playing { _ = game.move(Direction.allCases[Int(random.next() & 3)]) }
    let board = game.board
    var delays: [Double] = []
    for _ in 0..<rounds {
        let cancellation = SearchCancellation()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var advisor = MoveAdvisor()
            _ = advisor.suggestion(for: board, limit: .depth(12), cancellation: cancellation)
            finished.signal()
        }
        _ = finished.wait(timeout: .now() + .milliseconds(30))  // under way
        let cancelled = wallNow()
        cancellation.cancel()
        finished.wait()
        delays.append(wallNow() - cancelled)
    }
    return delays.sorted()
}

/// A 20 ms CPU budget on a 5 × 5 board: the CPU and wall-clock milliseconds it took.
func budgetKept() -> (cpu: Double, wall: Double) {
    var game = Game(size: 5, random: SeededRandom(seed: 4))
    var random = SeededRandom(seed: 4)
    for _ in 0..<30 where game.status == .playing { _ = game.move(Direction.allCases[Int(random.next() & 3)]) }
    var advisor = MoveAdvisor()
    let wall = wallNow(), cpu = cpuNow()
    _ = advisor.suggestion(for: game.board, limit: .time(20, clock: .threadCPU))
    return ((cpuNow() - cpu) * 1000, wallNow() - wall)
}

func runShortAIBench() {
    let hints = hintLatencies(positionsPerSize: 150)
    let cancels = cancelDelays(rounds: 5)
    let budget = budgetKept()
    print(
        """

        2048 AI (the Hint and Autoplay engine; CPU time per move, seeded games; `make bench-ai` for 100 games)

          table move (4 × 4, 64-bit board)   \(decimal(tableMoveRate() / 1e6, 1)) M moves/s   (the animated model's slide above: the rate with its motions)
          Hint, \(hints.count) positions of every size: median \(decimal(hints[hints.count / 2], 1)) ms, p99 \(decimal(hints[hints.count * 99 / 100], 1)) ms   (target p99 ≤ 50 ms)
          cancel to return (6 × 6, 12 deep), median of \(cancels.count): \(decimal(cancels[cancels.count / 2], 2)) ms   (target ≤ 5 ms)
          a 20 ms CPU budget (5 × 5): \(decimal(budget.cpu, 1)) ms CPU, \(decimal(budget.wall, 1)) ms wall-clock   (the budget: 20 ms of CPU)
        """)
    // Through the command line's own parsing, so that each size gets the
    // thinking-time rule `--ai --size N` would give it.
    for (size, games, moves) in [(4, 10, nil), (3, 10, nil), (5, 4, 3_000), (6, 2, 3_000)] as [(Int, Int, Int?)] {
        runAIBench(
            AIBenchOptions(
                ["--size", String(size), "--games", String(games)]
                    + (moves.map { ["--max-moves", String($0)] } ?? [])))
    }
}
