import Game2048Model
import XCTest

/// 2048's saved games, without a display: what is written, what is read
/// back, and what is refused.
final class Game2048SavedGameTests: XCTestCase {
    private func board(_ rows: [[Int]]) -> Board { Board(values: rows)! }

    final class MemoryStore: GameStore {
        var values: [String: String] = [:]
        func string(_ key: String) -> String? { values[key] }
        func setString(_ value: String, for key: String) { values[key] = value }
        func removeValue(for key: String) { values[key] = nil }
    }

    func testSaveAndLoadRoundTripExactly() {
        for seed in 0..<40 {
            var game = Game(size: 3 + seed % 4, random: SeededRandom(seed: UInt64(seed)))
            for i in 0..<(seed * 5) where game.status == .playing {
                _ = game.move(Direction.allCases[(i * 3 + seed) % 4])
            }
            guard game.status == .playing else { continue }
            let store = MemoryStore()
            SavedGame.save(game, to: store)
            guard case .game(let state, let history) = SavedGame.load(from: store) else {
                return XCTFail("seed \(seed) did not load: \(store.values)")
            }
            XCTAssertEqual(state, game.state)
            XCTAssertEqual(history, game.history)
            XCTAssertEqual(SavedGame.lastSize(in: store), game.size)
        }
        let won = GameState(
            board: board([[2048, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]]),
            score: 20000, won: true, keepsGoing: true)
        XCTAssertEqual(try SavedGame.decode(SavedGame.encode(won)).get(), won)
    }

    func testCorruptOrImpossibleSavesAreRefused() {
        let good = "4:8:0:0:2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2"
        XCTAssertNoThrow(try SavedGame.decode(good).get())
        for bad in [
            "", "garbage",
            "7:0:0:0:2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
            "4:8:0:0:2,0,0", "4:8:0:0:3,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2", "4:-5:0:0:2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2",
            "4:8:2:0:2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2", "4:8:0:1:2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2",
            "4:8:0:0:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "4:8:0:0:2048,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2",
            "4:8:0:0:x,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2", "4:99999999999999999999:0:0:2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2",
        ] {
            if case .success = SavedGame.decode(bad) { XCTFail("accepted “\(bad)”") }
        }
        let store = MemoryStore()
        store.values["game-4"] = good
        store.values["history-4"] = "3:0:0:0:2,0,0,0,0,0,0,0,2"
        guard case .corrupt = SavedGame.load(from: store) else { return XCTFail("a history of another size loads") }
        store.values["history-4"] = nil
        store.values["game-4"] = "3:0:0:0:2,0,0,0,0,0,0,0,2"
        guard case .corrupt = SavedGame.load(size: 4, from: store) else {
            return XCTFail("a board of another size loads")
        }
        store.values["game-4"] = good
        guard case .game = SavedGame.load(from: store) else { return XCTFail() }
        XCTAssertEqual(SavedGame.load(from: MemoryStore()).isNone, true)
    }

    /// 2^62 is a power of two, only too large for a tile.
    func testATileTooLargeIsToldAsTooLargeNotAsNoPowerOfTwo() {
        func problem(_ cell: String) -> String {
            let text = "4:8:0:0:\(cell),0,0,0,0,4,0,0,0,0,0,0,0,0,0,2"
            guard case .failure(let error) = SavedGame.decode(text) else {
                XCTFail("accepted \(cell)")
                return ""
            }
            return error.message
        }
        for (cell, power) in [(1 << 62, 62), (1 << 41, 41)] {
            let message = problem(String(cell))
            XCTAssertTrue(message.contains("is 2^\(power), larger than the largest tile, 2^40"), message)
            XCTAssertFalse(message.contains("power of two"), message)
        }
        XCTAssertTrue(problem("9223372036854775808").contains("larger than the largest tile"), "2^63, beyond Int")
        XCTAssertTrue(problem("99999999999999999999999").contains("larger than the largest tile"))
        for cell in ["3", "1", "-2", "6"] {
            XCTAssertTrue(problem(cell).contains("neither empty (0) nor a power of two from 2 to 2^40"), problem(cell))
        }
        XCTAssertTrue(problem("x").contains("not a number"), problem("x"))
        XCTAssertNoThrow(
            try SavedGame.decode("6:8:1:1:\(1 << 40)" + String(repeating: ",0", count: 35)).get(), "2^40 is a tile")
    }

    /// A lost game is a legal state, saved and resumed with the
    /// undo history the Defeat dialog offers.
    func testALostGameIsSavedAndResumedWithItsHistory() {
        var game = Game(
            state: GameState(board: board([[2, 2, 8, 16], [8, 4, 8, 32], [4, 8, 4, 8], [8, 4, 8, 4]]), score: 100),
            random: SeededRandom(seed: 3))
        guard case .moved = game.move(.left) else { return XCTFail("the losing move") }
        XCTAssertEqual(game.status, .lost)
        let store = MemoryStore()
        SavedGame.save(game, to: store)
        guard case .game(let state, let history) = SavedGame.load(from: store) else {
            return XCTFail("a lost game does not load: \(SavedGame.load(from: store))")
        }
        var resumed = Game(state: state, history: history, random: SeededRandom())
        XCTAssertEqual(resumed.status, .lost)
        XCTAssertTrue(resumed.undo())
        XCTAssertEqual(resumed.status, .playing)
        XCTAssertEqual(resumed.score, 100)
    }

    /// A new game is one undo step, the old game's own history behind it.
    func testANewGameIsTakenBackByUndo() {
        var game = Game(random: SeededRandom(seed: 11))
        XCTAssertTrue(game.isAtStart)
        for i in 0..<30 where game.status == .playing { _ = game.move(Direction.allCases[i % 4]) }
        let played = game.state, earlier = game.history
        XCTAssertFalse(game.isAtStart)
        game.restart()
        XCTAssertTrue(game.isAtStart)
        XCTAssertEqual(game.score, 0)
        XCTAssertEqual(game.board.tileSum, 4)
        XCTAssertEqual(game.history, earlier + [played])
        game.restart()
        XCTAssertEqual(game.history, earlier + [played], "an untouched game is dealt again, not kept as a step")
        // Kept across a save, as every undo step is.
        let store = MemoryStore()
        SavedGame.save(game, to: store)
        guard case .game(let state, let history) = SavedGame.load(from: store) else { return XCTFail() }
        game = Game(state: state, history: history, random: SeededRandom())
        XCTAssertTrue(game.undo())
        XCTAssertEqual(game.state, played)
        XCTAssertTrue(game.undo())
        XCTAssertEqual(game.state, earlier.last)
        // No move makes a start: every move either scores or adds a third tile.
        var moves = Game(random: SeededRandom(seed: 5))
        for i in 0..<400 where moves.status == .playing {
            _ = moves.move(Direction.allCases[(i * 7) % 4])
            XCTAssertFalse(moves.isAtStart)
        }
    }

    /// Each board size keeps its own game.
    func testEachBoardSizeKeepsItsOwnGame() {
        let store = MemoryStore()
        var four = Game(size: 4, random: SeededRandom(seed: 1))
        for i in 0..<12 { _ = four.move(Direction.allCases[i % 4]) }
        SavedGame.save(four, to: store)
        let five = Game(size: 5, random: SeededRandom(seed: 2))
        SavedGame.save(five, to: store)
        XCTAssertEqual(SavedGame.lastSize(in: store), 5)
        guard case .game(let state, let history) = SavedGame.load(size: 4, from: store) else { return XCTFail() }
        XCTAssertEqual(state, four.state)
        XCTAssertEqual(history, four.history)
        guard case .game(let state5, _) = SavedGame.load(from: store) else { return XCTFail() }
        XCTAssertEqual(state5, five.state)
        XCTAssertEqual(SavedGame.load(size: 6, from: store).isNone, true)
        SavedGame.clear(size: 5, in: store)
        XCTAssertEqual(SavedGame.load(size: 5, from: store).isNone, true)
        guard case .game = SavedGame.load(size: 4, from: store) else {
            return XCTFail("clearing one size keeps the others")
        }
    }

    /// A file from before one game per size (`game`, `history`) still resumes,
    /// and the next save leaves no second copy of it behind.
    func testAGameSavedBeforeOneGamePerSizeStillResumes() {
        let store = MemoryStore()
        let state = "5:12:0:0:" + (["4", "8"] + Array(repeating: "0", count: 23)).joined(separator: ",")
        let step = "5:4:0:0:" + (["4", "2", "2"] + Array(repeating: "0", count: 22)).joined(separator: ",")
        store.values = ["game": state, "history": step, "size": "5", "best-5": "12"]
        guard case .game(let resumed, let history) = SavedGame.load(from: store) else {
            return XCTFail("\(store.values)")
        }
        XCTAssertEqual(SavedGame.encode(resumed), state)
        XCTAssertEqual(history.map(SavedGame.encode), [step])
        SavedGame.save(Game(state: resumed, history: history, random: SeededRandom()), to: store)
        XCTAssertEqual(store.values, ["game-5": state, "history-5": step, "size": "5", "best-5": "12"])
        // A damaged old game is still told, under the size last played.
        store.values = ["game": "garbage", "size": "3"]
        guard case .corrupt = SavedGame.load(size: 3, from: store) else { return XCTFail("\(store.values)") }
        // An old game never replaces a size's newer one.
        store.values = ["game": state, "game-5": step]
        guard case .game(let newer, _) = SavedGame.load(size: 5, from: store) else { return XCTFail() }
        XCTAssertEqual(SavedGame.encode(newer), step)
        XCTAssertNil(store.values["game"])
    }

    func testBestScoreIsPerBoardSize() {
        let store = MemoryStore()
        XCTAssertEqual(SavedGame.best(size: 4, in: store), 0)
        XCTAssertEqual(SavedGame.recordScore(120, size: 4, in: store), 120)
        XCTAssertEqual(SavedGame.recordScore(80, size: 4, in: store), 120)
        XCTAssertEqual(SavedGame.recordScore(40, size: 5, in: store), 40)
        XCTAssertEqual(SavedGame.best(size: 4, in: store), 120)
        store.values["best-6"] = "lots"
        XCTAssertEqual(SavedGame.best(size: 6, in: store), 0)
    }
}

private extension SavedGame.Loaded {
    var isNone: Bool { if case .none = self { true } else { false } }
}
