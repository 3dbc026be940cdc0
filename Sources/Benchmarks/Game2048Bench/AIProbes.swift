// `make bench`'s short AI section: the bare table move, a hint's latency,
// and a few seeded games of every size.
import Dispatch
@_spi(Benchmark) import Game2048Model
import Glibc

/// Wall-clock milliseconds since some fixed point.
func wallNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

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

func runShortAIBench() {
    let hints = hintLatencies(positionsPerSize: 150)
    print("""

    2048 AI (the Hint and Autoplay engine; CPU time per move, seeded games; `make bench-ai` for 100 games)

      table move (4 × 4, 64-bit board)   \(decimal(tableMoveRate() / 1e6, 1)) M moves/s   (the animated model's slide above: the rate with its motions)
      Hint, \(hints.count) positions of every size: median \(decimal(hints[hints.count / 2], 1)) ms, p99 \(decimal(hints[hints.count * 99 / 100], 1)) ms   (target p99 ≤ 50 ms)
    """)
    // Through the command line's own parsing, so that each size gets the
    // thinking-time rule `--ai --size N` would give it.
    for (size, games, moves) in [(4, 10, nil), (3, 10, nil), (5, 4, 3_000), (6, 2, 3_000)] as [(Int, Int, Int?)] {
        runAIBench(AIBenchOptions(["--size", String(size), "--games", String(games)]
            + (moves.map { ["--max-moves", String($0)] } ?? [])))
    }
}
