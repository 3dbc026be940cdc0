import Dispatch
@testable import Game2048Model
import ModelTesting
import XCTest

/// The hint engine: the same rules as the game, legal and sensible moves,
/// prompt cancellation, repeatable games.
final class Game2048EngineTests: XCTestCase {
    private let tables = PackedTables.standard

    /// A 4 × 4 board whose four rows are all `row` (leftmost cell in the lowest nibble).
    private func boardOfRows(_ row: Int) -> Board {
        Board(packed: (0..<4).reduce(UInt64(0)) { $0 | UInt64(row) << (16 * UInt64($1)) })
    }

    func testTableMovesEqualTheGamesOnEveryRowInEveryDirection() {
        var compared = 0, skipped = 0
        for row in 0..<(1 << 16) {
            // The row in every row for left and right; in every column (the
            // transpose) for up and down.
            let rows = boardOfRows(row)
            let columns = Board(packed: PackedBoard(bits: rows.packed!).transposed.bits)
            for (board, directions) in [(rows, [Direction.left, .right]), (columns, [.up, .down])] {
                for direction in directions {
                    // A merge of two 2^15 tiles needs a fifth bit: such rows stay on the wide form.
                    guard let expected = board.slid(direction).board.packed else {
                        let fifteens = (0..<4).filter { (row >> (4 * $0)) & 0xF == 0xF }.count
                        XCTAssertGreaterThanOrEqual(fifteens, 2, "row \(String(row, radix: 16)) skipped")
                        skipped += 1
                        continue
                    }
                    let moved = PackedBoard(bits: board.packed!).moved(direction, tables)
                    if moved.bits != expected {
                        XCTFail(
                            "row \(String(row, radix: 16)) \(direction): table \(Board(packed: moved.bits)), game \(Board(packed: expected))"
                        )
                        return
                    }
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared + skipped, 4 * 65_536)
        XCTAssertLessThan(skipped, 4 * 65_536 / 20)
    }

    func testTheTransposeSwapsRowsAndColumns() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<1_000 {
            let bits = random.next()
            let transposed = Board(packed: PackedBoard(bits: bits).transposed.bits)
            let board = Board(packed: bits)
            for r in 0..<4 { for c in 0..<4 { XCTAssertEqual(transposed[r, c], board[c, r]) } }
        }
    }

    /// A random position of a size: a quarter of the cells empty, tiles up to 2^12.
    private func randomBoard(size: Int, _ random: inout SeededRandom) -> Board {
        var board = Board(size: size)
        for i in 0..<board.cellCount where random.next() % 4 != 0 {
            board[i] = UInt8(1 + random.next() % 12)
        }
        return board
    }

    func testTheEngineAndTheGameShareOneSetOfRulesOnEverySize() {
        var random = SeededRandom(seed: 19)
        for size in Board.minimumSize...Board.maximumSize {
            let scorer = LineScorer(weights: .standard)
            for _ in 0..<PropertyCases.count(3_000) {
                let board = randomBoard(size: size, &random)
                for direction in Direction.allCases {
                    let expected = board.slid(direction).board
                    XCTAssertEqual(board.engineMoved(direction), expected, "\(board) \(direction)")
                    if let bits = board.packed {
                        XCTAssertEqual(
                            PackedBoard(bits: bits).moved(direction, tables).bits, expected.packed,
                            "\(board) \(direction)")
                    }
                }
                XCTAssertEqual(PackedBoard(bits: 0).emptyCount, 16)
                if let bits = board.packed {
                    XCTAssertEqual(PackedBoard(bits: bits).emptyCount, board.emptyCount)
                    // Both representations value a position alike.
                    XCTAssertEqual(
                        PackedBoard(bits: bits).evaluated(tables), board.engineEvaluated(scorer),
                        accuracy: 1, "\(board)")
                }
            }
        }
    }

    func testTheSuggestionIsAlwaysALegalMove() {
        var random = SeededRandom(seed: 7)
        var advisor = MoveAdvisor()
        for size in Board.minimumSize...Board.maximumSize {
            for _ in 0..<PropertyCases.count(60) {
                let board = randomBoard(size: size, &random)
                guard let suggestion = advisor.suggestion(for: board, limit: .depth(size > 4 ? 1 : 2)) else {
                    XCTAssertFalse(board.canMove, "no suggestion for a board that can move: \(board)")
                    continue
                }
                XCTAssertTrue(
                    board.slid(suggestion.direction).changed, "\(suggestion.direction) does not move \(board)")
            }
        }
        let stuck = Board(values: [[2, 4, 2], [4, 2, 4], [2, 4, 2]])!
        XCTAssertNil(advisor.suggestion(for: stuck, limit: .depth(3)), "a lost board has no move to suggest")
    }

    /// Whether every tile that may appear after `direction` leaves a board with no move.
    private func losesAtOnce(_ board: Board, _ direction: Direction) -> Bool {
        let after = board.slid(direction).board
        return after.emptyCells.allSatisfy { cell in
            [UInt8(1), 2].allSatisfy { exponent in
                var next = after
                next[cell] = exponent
                return !next.canMove
            }
        }
    }

    func testItFindsTheOnlyMoveThatDoesNotLose() {
        // Nearly full boards where two or more moves are legal and all but
        // one lose whatever tile appears next.
        var random = SeededRandom(seed: 2048)
        var found = 0
        for (size, wanted) in [(3, 8), (4, 8), (5, 2)] {
            var tries = 0
            var foundOfSize = 0
            while foundOfSize < wanted, tries < 2_000_000 {
                tries += 1
                var board = Board(size: size)
                for i in 0..<board.cellCount { board[i] = UInt8(1 + random.next() % 5) }
                board[Int(random.next() % UInt64(board.cellCount))] = 0
                let legal = Direction.allCases.filter { board.slid($0).changed }
                guard legal.count >= 2 else { continue }
                let survivors = legal.filter { !losesAtOnce(board, $0) }
                guard survivors.count == 1 else { continue }
                var advisor = MoveAdvisor()
                XCTAssertEqual(advisor.suggestion(for: board, limit: .depth(2))?.direction, survivors[0], "\(board)")
                foundOfSize += 1
            }
            XCTAssertEqual(foundOfSize, wanted, "too few such boards of size \(size)")
            found += foundOfSize
        }
        XCTAssertEqual(found, 18)
    }

    /// Cancel ends a search that would otherwise run for hours, and it then
    /// suggests nothing. How soon (the median, target 5 ms) is `make bench`'s
    /// to measure (game2048-bench): a loaded machine stretches it.
    func testCancellingStopsASearch() {
        // A 6 × 6 search 12 moves deep would run for hours.
        var random = SeededRandom(seed: 3)
        let board = randomBoard(size: 6, &random)
        for _ in 0..<3 {
            let cancellation = SearchCancellation()
            let finished = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: Suggestion?? = .none
            DispatchQueue.global().async {
                var advisor = MoveAdvisor()
                result = .some(advisor.suggestion(for: board, limit: .depth(12), cancellation: cancellation))
                finished.signal()
            }
            // Under way (it cannot end by itself so soon, loaded machine or not).
            XCTAssertEqual(finished.wait(timeout: .now() + .milliseconds(30)), .timedOut, "the search ended by itself")
            cancellation.cancel()
            // A safety net, not a limit: without cancel the search runs for hours.
            XCTAssertEqual(finished.wait(timeout: .now() + .seconds(120)), .success, "cancel was ignored")
            XCTAssertEqual(result, .some(nil), "a cancelled search suggests nothing")
        }
    }

    /// A time limit ends a search that has no depth limit (on 5 × 5 it would
    /// otherwise go on for hours), with a move found. How closely it keeps
    /// the time is `make bench`'s to report (game2048-bench).
    func testATimeBudgetEndsTheSearch() {
        var random = SeededRandom(seed: 4)
        let board = randomBoard(size: 5, &random)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var suggestion: Suggestion?
        DispatchQueue.global().async {
            var advisor = MoveAdvisor()
            suggestion = advisor.suggestion(for: board, limit: .time(20, clock: .threadCPU))
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + .seconds(120)), .success, "the budget did not end the search")
        XCTAssertNotNil(suggestion)
        XCTAssertGreaterThanOrEqual(suggestion?.depth ?? 0, 1)
    }

    func testAFixedSeedPlaysTheSameGame() {
        func play() -> [Board] {
            var advisor = MoveAdvisor()
            var game = Game(size: 4, random: SeededRandom(seed: 11))
            var boards: [Board] = []
            for _ in 0..<150 where game.status == .playing {
                guard let suggestion = advisor.suggestion(for: game.board, limit: .depth(2)) else { break }
                _ = game.move(suggestion.direction)
                boards.append(game.board)
            }
            return boards
        }
        let first = play()
        XCTAssertEqual(first.count, 150)
        XCTAssertEqual(first, play())
        XCTAssertGreaterThanOrEqual(first.last!.maximumExponent, 7, "150 engine moves should make at least a 128")
    }
}
