import Game2048Model
import ModelTesting
import XCTest

/// 2048's rules, without a display.
final class Game2048ModelTests: XCTestCase {
    private func board(_ rows: [[Int]]) -> Board { Board(values: rows)! }

    private func slid(_ rows: [[Int]], _ direction: Direction) -> [[Int]] {
        board(rows).slid(direction).board.values
    }

    // MARK: Sliding and merging

    func testTheOriginalsMergeRules() {
        let row = { (cells: [Int]) in [cells, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] }
        XCTAssertEqual(slid(row([2, 2, 2, 0]), .left)[0], [4, 2, 0, 0], "the pair nearest the wall merges first")
        XCTAssertEqual(slid(row([2, 2, 2, 2]), .left)[0], [4, 4, 0, 0], "a merged tile does not merge again")
        XCTAssertEqual(slid(row([2, 2, 2, 0]), .right)[0], [0, 0, 2, 4])
        XCTAssertEqual(slid(row([4, 4, 8, 0]), .left)[0], [8, 8, 0, 0], "8 made by a merge does not take the 8")
        XCTAssertEqual(slid(row([0, 2, 0, 2]), .left)[0], [4, 0, 0, 0], "gaps close before merging")
        XCTAssertEqual(slid(row([2, 4, 2, 4]), .left)[0], [2, 4, 2, 4])
        XCTAssertEqual(slid(row([8, 0, 0, 8]), .right)[0], [0, 0, 0, 16])
    }

    func testVerticalMovesUseColumns() {
        let rows = [[2, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 4]]
        XCTAssertEqual(slid(rows, .up), [[4, 0, 0, 4], [4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        XCTAssertEqual(slid(rows, .down), [[0, 0, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0], [4, 0, 0, 4]])
    }

    func testMotionsAndPointsDescribeTheMove() {
        let slide = board([[2, 2, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]).slid(.left)
        XCTAssertEqual(
            slide.motions,
            [
                TileMotion(from: 0, to: 0, exponent: 1, merges: true),
                TileMotion(from: 1, to: 0, exponent: 1, merges: true),
                TileMotion(from: 2, to: 1, exponent: 2, merges: false),
            ])
        XCTAssertEqual(slide.mergedCells, [0])
        XCTAssertEqual(slide.points, 4)
        XCTAssertTrue(slide.changed)
        XCTAssertFalse(board([[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]).slid(.left).changed)
    }

    func testEverySizeFromThreeToSix() {
        XCTAssertEqual(slid([[2, 2, 2], [0, 0, 0], [4, 0, 4]], .left), [[4, 2, 0], [0, 0, 0], [8, 0, 0]])
        var rows = Array(repeating: Array(repeating: 0, count: 6), count: 6)
        rows[5] = [2, 2, 4, 4, 8, 8]
        XCTAssertEqual(slid(rows, .right)[5], [0, 0, 0, 4, 8, 16])
        XCTAssertNil(Board(values: [[2, 0], [0, 0]]), "2 × 2 is too small")
        XCTAssertNil(Board(values: [[3, 0, 0], [0, 0, 0], [0, 0, 0]]), "3 is no power of two")
    }

    func testCanMoveAndPackedForm() {
        let full = board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]])
        XCTAssertFalse(full.canMove)
        XCTAssertTrue(board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 4]]).canMove)
        let packed = try! XCTUnwrap(full.packed)
        XCTAssertEqual(Board(packed: packed), full)
        XCTAssertNil(Board(size: 5).packed)
        XCTAssertEqual(MemoryLayout<Board>.size, 44, "a board is a small inline value")
    }

    func testSpokenDescriptionReadsRowByRow() {
        let b = board([[2, 0, 0, 4], [0, 0, 0, 0], [0, 8, 0, 0], [0, 0, 0, 2048]])
        XCTAssertEqual(
            b.spokenDescription(empty: "empty"),
            "2, empty, empty, 4; empty, empty, empty, empty; empty, 8, empty, empty; empty, empty, empty, 2048")
    }

    func testSwipeAndKeyRules() {
        XCTAssertNil(MoveInput.direction(dx: 9, dy: -9.9))
        XCTAssertEqual(MoveInput.direction(dx: 10, dy: 3), .right)
        XCTAssertEqual(MoveInput.direction(dx: -30, dy: 29), .left)
        XCTAssertEqual(MoveInput.direction(dx: 5, dy: -40), .up)
        XCTAssertEqual(MoveInput.direction(dx: 0, dy: 12), .down)
        XCTAssertEqual(MoveInput.keyNames["h"], .left)
        XCTAssertEqual(MoveInput.keyNames["j"], .down)
        XCTAssertEqual(MoveInput.keyNames["k"], .up)
        XCTAssertEqual(MoveInput.keyNames["l"], .right)
        XCTAssertEqual(MoveInput.keyNames["KP_Left"], .left)
        XCTAssertEqual(MoveInput.keyNames["w"], .up)
    }

    // MARK: The game

    func testNewGameHasTwoTwos() {
        for seed in 0..<50 {
            let game = Game(size: 4, random: SeededRandom(seed: UInt64(seed)))
            let tiles = (0..<16).map { game.board.value(at: $0) }.filter { $0 != 0 }
            XCTAssertEqual(tiles, [2, 2])
            XCTAssertEqual(game.score, 0)
            XCTAssertEqual(game.status, .playing)
        }
    }

    func testSeededGamesReplayExactly() {
        func play(_ seed: UInt64) -> [GameState] {
            var game = Game(size: 4, random: SeededRandom(seed: seed))
            var states = [game.state]
            for i in 0..<200 {
                _ = game.move(Direction.allCases[(i * 7 + i / 3) % 4])
                states.append(game.state)
            }
            return states
        }
        XCTAssertEqual(play(42), play(42))
        XCTAssertNotEqual(play(42), play(43))
    }

    func testOnlyAChangingMoveSpawnsAndIsRecorded() {
        var game = Game(
            state: GameState(board: board([[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])),
            random: SeededRandom(seed: 1))
        guard case .unchanged = game.move(.left) else { return XCTFail("nothing slides left") }
        XCTAssertEqual(game.board.emptyCount, 14, "no tile spawned")
        XCTAssertFalse(game.canUndo, "not recorded")
        guard case .moved(let move) = game.move(.right) else { return XCTFail("tiles slide right") }
        XCTAssertEqual(game.board.emptyCount, 13)
        let spawn = try! XCTUnwrap(move.spawn)
        XCTAssertTrue([1, 2].contains(spawn.exponent))
        XCTAssertEqual(game.board[spawn.cell], spawn.exponent)
        XCTAssertTrue(game.canUndo)
    }

    func testSpawnsAreTwoNineTimesInTenOnUniformCells() {
        var fours = 0, total = 0
        var cells = Array(repeating: 0, count: 16)
        for seed in 0..<4000 {
            var game = Game(
                state: GameState(board: board([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])),
                random: SeededRandom(seed: UInt64(seed)))
            guard case .moved(let move) = game.move(.right), let spawn = move.spawn else { return XCTFail() }
            total += 1
            if spawn.exponent == 2 { fours += 1 }
            cells[spawn.cell] += 1
        }
        XCTAssertEqual(Double(fours) / Double(total), 0.1, accuracy: 0.02)
        XCTAssertEqual(cells[3], 0, "never on the occupied cell")
        for (cell, count) in cells.enumerated() where cell != 3 {
            XCTAssertEqual(Double(count) / Double(total), 1.0 / 15, accuracy: 0.02, "cell \(cell)")
        }
    }

    func testWinIsCheckedBeforeLossAndRefusesMovesUntilKeepGoing() {
        // Left merges the 1024s into 2048 and the spawn fills the last cell:
        // the board is then full with no move, yet the game is won.
        let rows = [[1024, 1024, 8, 32], [4, 2, 8, 16], [2, 8, 16, 4], [8, 16, 4, 8]]
        var game = Game(state: GameState(board: board(rows)), random: SeededRandom(seed: 3))
        guard case .moved = game.move(.left) else { return XCTFail() }
        XCTAssertEqual(game.board.values[0].prefix(3), [2048, 8, 32])
        XCTAssertFalse(game.board.canMove, "the board is full and stuck")
        XCTAssertTrue(game.state.won)
        XCTAssertEqual(game.status, .won, "the win is shown even on a board with no move")
        guard case .refused = game.move(.right) else { return XCTFail("moves wait for the choice") }
        game.keepGoing()
        XCTAssertEqual(game.status, .lost, "after Keep Going, the stuck board is lost")
    }

    func testWinningHappensOnlyOnce() {
        var game = Game(
            state: GameState(board: board([[1024, 1024, 0, 0], [1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])),
            random: SeededRandom(seed: 5))
        _ = game.move(.left)
        XCTAssertEqual(game.status, .won)
        game.keepGoing()
        _ = game.move(.down)
        XCTAssertEqual(game.status, .playing, "the second 2048 does not win again")
        XCTAssertTrue(game.state.keepsGoing)
    }

    func testLossWhenNoMoveIsLeft() {
        let rows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
        var game = Game(state: GameState(board: board(rows)), random: SeededRandom(seed: 1))
        XCTAssertEqual(game.status, .lost)
        guard case .refused = game.move(.up) else { return XCTFail() }
    }

    func testUndoRestoresBoardAndScoreTogetherAtLeastAHundredMovesBack() {
        var game = Game(size: 5, random: SeededRandom(seed: 9))
        var states = [game.state]
        var i = 0
        while states.count <= 120 && game.status == .playing {
            if case .moved = game.move(Direction.allCases[i % 4]) { states.append(game.state) }
            i += 1
        }
        XCTAssertGreaterThan(states.count, 110)
        for expected in states.dropLast().reversed().prefix(100) {
            XCTAssertTrue(game.undo())
            XCTAssertEqual(game.state, expected)
        }
    }

    /// Over many random games: the tile sum grows only by spawned tiles, the
    /// score is the sum of the merges, no tile merges twice in one move, and
    /// undo restores the state exactly.
    func testPropertiesOverManyRandomGames() {
        for seed in 0..<PropertyCases.count(300) {
            var random = SeededRandom(seed: UInt64(seed) &* 7919)
            let size = 3 + seed % 4
            var game = Game(size: size, random: SeededRandom(seed: UInt64(seed)))
            var merged = 0
            for _ in 0..<400 where game.status == .playing {
                let before = game.state
                let direction = Direction.allCases[Int.random(in: 0..<4, using: &random)]
                switch game.move(direction) {
                case .moved(let move):
                    let spawned = move.spawn.map { Board.value(ofExponent: $0.exponent) } ?? 0
                    XCTAssertEqual(game.board.tileSum, before.board.tileSum + spawned, "seed \(seed)")
                    XCTAssertEqual(Set(move.mergedCells).count, move.mergedCells.count, "a cell merged twice")
                    XCTAssertEqual(move.motions.filter(\.merges).count, 2 * move.mergedCells.count)
                    // Each target cell receives at most two tiles.
                    let arrivals = Dictionary(grouping: move.motions, by: \.to).values.map(\.count)
                    XCTAssertTrue(arrivals.allSatisfy { $0 <= 2 })
                    merged += move.mergedCells.reduce(0) { $0 + game.board.value(at: $1) }
                    // A merged cell holds exactly twice its sources, unless the spawn
                    // landed there (it cannot: merged cells are occupied).
                    XCTAssertEqual(move.before, before)
                    XCTAssertEqual(game.score, before.score + move.points)
                    if seed % 10 == 0 {
                        var copy = game
                        XCTAssertTrue(copy.undo())
                        XCTAssertEqual(copy.state, before, "undo restores exactly")
                    }
                case .unchanged:
                    XCTAssertEqual(game.state, before)
                    XCTAssertEqual(game.board.slid(direction).board, before.board)
                case .refused:
                    XCTFail("a playing game refused a move")
                }
            }
            XCTAssertEqual(game.score, merged, "the score is the sum of the merges (seed \(seed))")
        }
    }
}
