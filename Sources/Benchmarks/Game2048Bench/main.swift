// `make bench`'s 2048 section: the model's move rate and the time to draw
// one frame of a full 4 × 4 board mid-animation. Benchmarks, not tests.
import DemoShellKit
import Game2048
import Game2048Model
import Glibc

if CommandLine.arguments.contains("--ai") {
    runAIBench(AIBenchOptions(Array(CommandLine.arguments.dropFirst())))
    exit(0)
}

/// This thread's CPU time in seconds: on a machine shared with other work,
/// wall-clock times swing with the load; CPU time measures the code.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The CPU seconds `body` takes.
func measure(_ body: () -> Void) -> Double {
    let start = cpuNow()
    body()
    return cpuNow() - start
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Random positions from random play, so boards hold realistic tiles.
func randomBoards(count: Int, size: Int) -> [Board] {
    var boards: [Board] = []
    var random = SeededRandom(seed: 2048)
    var game = Game(size: size, random: SeededRandom(seed: 1))
    while boards.count < count {
        if game.status != .playing { game = Game(size: size, random: SeededRandom(seed: random.next())) }
        _ = game.move(Direction.allCases[Int.random(in: 0..<4, using: &random)])
        boards.append(game.board)
    }
    return boards
}

// MARK: Moves

let boards = randomBoards(count: 20_000, size: 4)
var checksum = 0
var slideRates: [Double] = []
for _ in 0..<7 {
    var moves = 0
    let elapsed = measure {
        for board in boards {
            for direction in Direction.allCases {
                let slide = board.slid(direction)
                checksum &+= slide.motions.count &+ slide.points
                moves += 1
            }
        }
    }
    slideRates.append(Double(moves) / elapsed)
}

// Whole game moves: slide, motions, score, win check, spawn and undo record.
var gameRates: [Double] = []
for round in 0..<7 {
    var moves = 0
    var random = SeededRandom(seed: UInt64(round))
    var game = Game(size: 4, random: SeededRandom(seed: UInt64(round)))
    let elapsed = measure {
        while moves < 400_000 {
            if game.status != .playing { game = Game(size: 4, random: SeededRandom(seed: random.next())) }
            if case .moved(let move) = game.move(Direction.allCases[Int(random.next() & 3)]) {
                checksum &+= move.motions.count
            }
            moves += 1
        }
    }
    gameRates.append(Double(moves) / elapsed)
}

// MARK: Drawing

/// A full 4 × 4 board that can move left: 16 tiles slide or merge.
let full = Board(values: [[2, 2, 4, 8], [16, 32, 64, 128], [256, 512, 1024, 2048], [4096, 8192, 4, 4]])!
var game = Game(state: GameState(board: full), random: SeededRandom(seed: 7))
guard case .moved(let move) = game.move(.left) else { fatalError("the bench board cannot move") }
let painter = BoardPainter()
let bounds = Rect(x: 0, y: 0, width: 1080, height: 1080)

@MainActor func drawTimes(at offset: Int64) -> [Double] {
    var perFrame: [Double] = []
    _ = DrawingContext.image(width: 1080, height: 1080) { context in
        MainActor.assumeIsolated {
            var animator = BoardAnimator()
            animator.play(move, after: game.board)
            _ = animator.frame(at: 0, board: game.board)  // the animation starts at time 0
            let frame = animator.frame(at: offset, board: game.board)
            painter.draw(frame, in: bounds, on: context)  // warm the font cache
            for _ in 0..<60 {
                let batch = 10
                let start = cpuNow()
                for _ in 0..<batch { painter.draw(frame, in: bounds, on: context) }
                perFrame.append((cpuNow() - start) / Double(batch))
            }
        }
    }
    return perFrame
}
let slideFrame = median(drawTimes(at: BoardAnimator.slideDuration / 2))
let popFrame = median(drawTimes(at: BoardAnimator.slideDuration + BoardAnimator.popDuration / 4))

func millions(_ rate: Double) -> String { String(Int((rate / 1e4).rounded())).paddedDecimal(2) }
print(
    """

    2048, CPU time (model on random 4 × 4 boards; drawing onto an offscreen 1080 × 1080 cairo image surface, median)

      slide with its tile motions        \(millions(median(slideRates))) M moves/s   (target ≥ 1 M)
      whole game move (+ spawn, undo)    \(millions(median(gameRates))) M moves/s
      frame, full board mid-slide        \(String(Int((slideFrame * 1e6).rounded())).padded(6)) µs        (target ≤ 1000 µs)
      frame, full board mid-pop          \(String(Int((popFrame * 1e6).rounded())).padded(6)) µs
      (checksum \(checksum & 0xFFFF))
    """)

if CommandLine.arguments.contains("--with-ai") { runShortAIBench() }

extension String {
    /// "1234" with two decimals moved in: "12.34".
    func paddedDecimal(_ places: Int) -> String {
        let digits = count <= places ? String(repeating: "0", count: places - count + 1) + self : self
        return (String(digits.dropLast(places)) + "." + String(digits.suffix(places))).padded(6)
    }

    func padded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
