@testable import Game2048Model
import XCTest

/// How the engine shares its thinking time between moves: an easy board
/// stops at the depth it deserves, and what it saves pays for a hard one.
final class Game2048ThinkingTimeTests: XCTestCase {
    /// Exponents row by row (0 for an empty cell).
    private func board(_ exponents: [UInt8]) -> Board {
        var board = Board(size: 4)
        for (index, exponent) in exponents.enumerated() { board[index] = exponent }
        return board
    }

    /// Three kinds of tile (2, 4, 8) and room to spare.
    private var easyBoard: Board { board([1, 2, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]) }

    func testAnEasyBoardStopsAtTheDepthItDeserves() {
        var advisor = MoveAdvisor()
        let enough = EnoughDepth(minimum: 2, belowDistinctTiles: 5)
        // Time for far deeper searches: only the rule stops it.
        let suggestion = advisor.suggestion(for: easyBoard, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))
        XCTAssertEqual(suggestion?.depth, 2)
        // 300 ms of this thread's CPU, room for a loaded machine and a debug
        // build: with 50 ms, one fresh-clone CI run stopped at depth 2.
        let unlimited = advisor.suggestion(for: easyBoard, limit: .time(300, clock: .threadCPU))
        XCTAssertGreaterThan(unlimited?.depth ?? 0, 2, "without the rule a fraction of that time searches deeper")
    }

    func testABoardOfMoreKindsOfTileIsSearchedDeeper() {
        // 2 … 2048 in a snake: eleven kinds of tile.
        let busy = board([11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 0, 0, 0, 0, 1])
        var advisor = MoveAdvisor()
        let enough = EnoughDepth(minimum: 1, belowDistinctTiles: 8)
        XCTAssertEqual(enough.depth(distinctTiles: 11, emptyCells: 4), 3)
        XCTAssertEqual(
            advisor.suggestion(for: busy, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))?.depth, 3)
        XCTAssertEqual(
            advisor.suggestion(for: easyBoard, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))?.depth, 1)
    }

    /// Few kinds of tile but two empty cells: an early game gone wrong, one
    /// tile from lost. At 10 ms a move, seed 52 lost at 512 searching such
    /// boards 2 deep; the standard rule searches them 4 deep.
    func testACrowdedBoardOfFewKindsIsSearchedDeeper() {
        // 2, 4, 8 and 16 only, with two empty cells.
        let crowded = board([1, 2, 3, 4, 2, 1, 2, 3, 1, 3, 1, 2, 0, 2, 0, 1])
        let enough = EnoughDepth.standard
        XCTAssertEqual(enough.depth(distinctTiles: 4, emptyCells: 2), 4)
        XCTAssertEqual(enough.depth(distinctTiles: 4, emptyCells: 3), 2, "room to spare: the usual depth")
        XCTAssertEqual(enough.depth(distinctTiles: 11, emptyCells: 1), 7, "many kinds: deeper still")
        var advisor = MoveAdvisor()
        XCTAssertEqual(
            advisor.suggestion(for: crowded, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))?.depth, 4)
        XCTAssertEqual(
            advisor.suggestion(for: easyBoard, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))?.depth, 2)
    }

    func testALongSearchGetsALargerTable() {
        XCTAssertEqual(SearchLimit.time(1).tableCapacityLog2, 16, "a short search keeps the table in the cache")
        XCTAssertEqual(SearchLimit.time(10).tableCapacityLog2, 20)
        XCTAssertEqual(SearchLimit.hint.tableCapacityLog2, 20)
        // The same depth-4 search of a busy board: in a table too small
        // for it, positions overwrite each other and are searched again.
        let busy = board([11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 0, 0, 0, 0, 1])
        var small = MoveAdvisor(tableCapacityLog2: 8)
        var large = MoveAdvisor(tableCapacityLog2: 20)
        let cramped = small.suggestion(for: busy, limit: .depth(4))
        let roomy = large.suggestion(for: busy, limit: .depth(4))
        XCTAssertEqual(cramped?.depth, 4)
        XCTAssertLessThan(roomy?.movesEvaluated ?? .max, cramped?.movesEvaluated ?? 0)
        // Without a size of its own, an advisor grows its table when a longer search asks.
        var growing = MoveAdvisor()
        let first = growing.suggestion(for: busy, limit: .depth(4))
        let second = growing.suggestion(
            for: busy,
            limit: .time(
                10_000, clock: .threadCPU,
                enoughDepth: EnoughDepth(minimum: 4, belowDistinctTiles: 99)))
        XCTAssertEqual(second?.depth, 4)
        XCTAssertLessThan(second?.movesEvaluated ?? .max, first?.movesEvaluated ?? 0)
    }

    func testTheBankKeepsWhatAMoveSavedUpToItsLimit() {
        var bank = TimeBank(millisecondsPerMove: 1, maximumBalance: 5)
        XCTAssertEqual(bank.allowance, 1)
        bank.spend(0.25)
        XCTAssertEqual(bank.balance, 0.75)
        XCTAssertEqual(bank.allowance, 1.75)
        for _ in 0..<20 { bank.spend(0) }
        XCTAssertEqual(bank.balance, 5, "saved time is capped")
        bank.spend(4)
        XCTAssertEqual(bank.balance, 2, "a long move draws on the savings")
        bank.spend(9)
        XCTAssertEqual(bank.balance, 0, "an overrun never borrows")
    }

    func testTimeAFullBankCannotKeepIsSpent() {
        var bank = TimeBank(millisecondsPerMove: 10, maximumBalance: 25)
        XCTAssertEqual(bank.unbankable, 0, "an empty bank keeps a whole share")
        bank.spend(0)
        bank.spend(0)
        XCTAssertEqual(bank.balance, 20)
        XCTAssertEqual(bank.unbankable, 5, "room for 5 of the next 10 ms")
        bank.spend(0)
        XCTAssertEqual(bank.unbankable, 10, "a full bank keeps nothing")
        // An easy board stops at its enough depth at once, unless time it
        // cannot save is to be spent: then it searches deeper.
        let enough = EnoughDepth(minimum: 2, belowDistinctTiles: 5)
        var advisor = MoveAdvisor()
        let quick = advisor.suggestion(for: easyBoard, limit: .time(5_000, clock: .threadCPU, enoughDepth: enough))
        let spending = advisor.suggestion(
            for: easyBoard,
            limit: .time(
                5_000, clock: .threadCPU, enoughDepth: enough,
                spendingAtLeast: 20))
        XCTAssertEqual(quick?.depth, 2)
        XCTAssertGreaterThan(spending?.depth ?? 0, 2)
    }

    func testLongerBudgetsKeepMoreMovesOfSavings() {
        XCTAssertEqual(TimeBank(millisecondsPerMove: 1).maximumBalance, 50)
        XCTAssertEqual(TimeBank(millisecondsPerMove: 10).maximumBalance, 2000, "200 budgets at 10 ms")
        XCTAssertEqual(TimeBank(millisecondsPerMove: 10, maximumBalance: 30).maximumBalance, 30)
    }

    func testSavedTimeAveragesOutToTheBudget() {
        // Ten easy moves save time, one hard move spends it all: the mean
        // per move never exceeds the budget.
        var bank = TimeBank(millisecondsPerMove: 1)
        var spent = 0.0
        for move in 1...110 {
            let used = move % 11 == 0 ? bank.allowance : 0.1
            spent += used
            bank.spend(used)
            XCTAssertLessThanOrEqual(spent / Double(move), 1 + 1e-9)
        }
        XCTAssertGreaterThan(spent / 110, 0.95, "the savings are used")
    }
}
