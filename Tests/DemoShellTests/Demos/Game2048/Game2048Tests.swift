import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import TestSupport
import XCTest

/// 2048 opened through the real plugin loader, played with real key events
/// and a real pointer drag, read back through the board's accessible
/// description as a screen reader would.
@MainActor
final class Game2048Tests: GtkTestCase {
    private var window: Window!
    private var host: TestHost!

    /// Opens the demo, first writing `saved` settings (key → value) if given.
    private func open(saved: [String: String] = [:], host reuse: TestHost? = nil) throws {
        (window, host) = try openBuiltInDemo("2048", reusing: reuse) { host in
            for (key, value) in saved { host.settings.set(value, for: key) }
        }
        show(window)
    }

    private func button(_ name: String) throws -> Button { try XCTUnwrap(window.find(Button.self, named: name), name) }
    /// The header bar's Undo (the menu's item has the same name).
    private var headerUndo: Button {
        window.descendants.lazy.compactMap { $0.as(Button.self) }
            .first { $0.accessibleName == "Undo" && $0.as(ModelButton.self) == nil }!
    }
    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }
    private var score: String { (window.descendants.first { $0.name == "score" }?.as(Label.self))?.text ?? "" }

    /// The board as a screen reader user reads it: R, which says the board
    /// and makes it the board's accessible description.
    private var cells: [[Int]] {
        board.sendKey(Key.character("r"))
        return board.accessibleDescription.components(separatedBy: "; ").map { row in
            row.components(separatedBy: ", ").map { Int($0) ?? 0 }
        }
    }

    private func start() throws {
        try button("Start Game").click()
        MainLoop.drain()
        XCTAssertTrue(board.hasFocus, "the first key press moves")
    }

    /// Checks that `after` is `before` slid toward `direction` plus exactly one new 2 or 4
    /// when the slide changes anything, and `before` otherwise.
    private func assertMove(
        _ direction: Direction, from before: [[Int]], to after: [[Int]],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let slide = Board(values: before)!.slid(direction)
        guard slide.changed else {
            return XCTAssertEqual(after, before, "an unchanged move changes nothing", file: file, line: line)
        }
        let expected = slide.board.values
        var differences: [(Int, Int)] = []
        for r in expected.indices {
            for c in expected.indices where expected[r][c] != after[r][c] {
                XCTAssertEqual(expected[r][c], 0, "only an empty cell gets a new tile", file: file, line: line)
                XCTAssertTrue([2, 4].contains(after[r][c]), "a new tile is 2 or 4", file: file, line: line)
                differences.append((r, c))
            }
        }
        XCTAssertEqual(differences.count, 1, "\(direction): \(before) → \(after)", file: file, line: line)
    }

    func testStartScreenLeadsToAFocusedBoardWithTwoTwos() async throws {
        try open()
        XCTAssertNil(window.find(Button.self, named: "Continue"))
        try start()
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertEqual(cells.count, 4)
        XCTAssertEqual(score, "SCORE: 0")
        XCTAssertTrue(board.accessibleDescription.contains("empty, "))
    }

    func testArrowKeysIncludingABurstFasterThanTheAnimations() async throws {
        try open()
        try start()
        var history = [cells]
        let keys: [(UInt32, Direction)] = [(Key.left, .left), (Key.up, .up), (Key.right, .right), (Key.down, .down)]
        // One key at a time, letting the animation run.
        for (key, direction) in keys {
            let before = cells
            board.sendKey(key)
            assertMove(direction, from: before, to: cells)
            if cells != before { history.append(cells) }
            MainLoop.spin(seconds: 0.35)
        }
        // Forty keys with no pause: every one is played, in order, while tiles still slide.
        let names = ["Left", "Down", "Right", "Up", "KP_Left", "KP_Down", "a", "s", "d", "w", "h", "j", "k", "l"]
        for i in 0..<40 where cells.flatMap({ $0 }).contains(0) || Board(values: cells)!.canMove {
            let name = names[(i * 5) % names.count]
            let before = cells
            board.sendKey(Key.named(name))
            assertMove(MoveInput.keyNames[name]!, from: before, to: cells)
            if cells != before { history.append(cells) }
        }
        // The drawing catches up; the model was already there.
        let settled = cells
        MainLoop.spin(seconds: 0.5)
        XCTAssertEqual(cells, settled)
        // Ctrl+Z walks the same boards back.
        for expected in history.dropLast().reversed().prefix(10) {
            board.sendKey(Key.character("z"), modifiers: .control)
            XCTAssertEqual(cells, expected)
        }
    }

    func testModifiedKeysDoNotMove() async throws {
        try open()
        try start()
        let before = cells
        for direction in [Key.left, Key.right, Key.up, Key.down] {
            board.sendKey(direction, modifiers: .control)
            board.sendKey(direction, modifiers: .alt)
            board.sendKey(direction, modifiers: .superKey)
        }
        board.sendKey(Key.character("h"), modifiers: .control)
        XCTAssertEqual(cells, before)
    }

    func testARealPointerDragSwipes() async throws {
        try open()
        try start()
        MainLoop.spin(seconds: 0.2)
        for _ in 0..<3 {
            let before = cells
            let direction = Direction.allCases.first { Board(values: before)!.slid($0).changed }!
            let (dx, dy): (Double, Double) =
                switch direction {
                case .left: (-80, 6)
                case .right: (80, -6)
                case .up: (5, -60)
                case .down: (-5, 60)
                }
            let x = Double(board.allocatedWidth) / 2, y = Double(board.allocatedHeight) / 2
            board.sendDrag(fromX: x, y: y, toX: x + dx, y: y + dy)
            MainLoop.drain()
            assertMove(direction, from: before, to: cells)
            XCTAssertNotEqual(cells, before)
        }
        // A 6-pixel drag is a click, not a swipe.
        let before = cells
        board.sendDrag(fromX: 40, y: 40, toX: 46, y: 43)
        MainLoop.drain()
        XCTAssertEqual(cells, before)
    }

    func testVictoryDialogAndKeepGoing() async throws {
        try open(saved: ["game": "4:9000:0:0:1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "size": "4"])
        XCTAssertNotNil(window.find(Button.self, named: "New Game"), "a saved game offers a new one")
        try button("Continue").click()
        MainLoop.drain()
        XCTAssertEqual(cells[0], [1024, 1024, 0, 0])
        XCTAssertEqual(score, "SCORE: 9000")
        var announcements: [String] = []
        board.onAnnouncement { announcements.append($0) }
        board.sendKey(Key.left)
        XCTAssertEqual(cells[0][0], 2048)
        XCTAssertEqual(score, "SCORE: 11048")
        XCTAssertTrue(
            announcements.first?.hasPrefix("Moved left. Merged 2048, +2048, score 11048. New ") == true,
            "\(announcements)")
        let dialog = try XCTUnwrap(waitForWindow(titled: "Victory"))
        XCTAssertEqual(dialog.as(MessageDialog.self)?.detail, "You won with a score of 11048!")
        let before = cells
        try XCTUnwrap(dialog.find(Button.self, named: "Keep Going")).click()
        MainLoop.drain()
        XCTAssertTrue(board.hasFocus)
        let direction = Direction.allCases.first { Board(values: before)!.slid($0).changed }!
        board.sendKey([Direction.up: Key.up, .down: Key.down, .left: Key.left, .right: Key.right][direction]!)
        assertMove(direction, from: before, to: cells)
        XCTAssertNil(waitForWindow(titled: "Victory", timeout: 0.5), "the win shows once")
    }

    func testDefeatDialogOffersUndo() async throws {
        let saved = "4:100:0:0:2,2,8,16,8,4,8,32,4,8,4,8,8,4,8,4"
        try open(saved: ["game": saved])
        try button("Continue").click()
        MainLoop.drain()
        let start = cells
        board.sendKey(Key.left)
        XCTAssertFalse(Board(values: cells)!.canMove)
        let dialog = try XCTUnwrap(waitForWindow(titled: "Defeat"))
        XCTAssertEqual(dialog.as(MessageDialog.self)?.detail, "You lost with a score of 104.")
        try XCTUnwrap(dialog.find(Button.self, named: "Undo")).click()
        MainLoop.drain()
        XCTAssertEqual(cells, start)
        XCTAssertEqual(score, "SCORE: 100")
    }

    /// The main menu's items, the popover open.
    private func menuItems() throws -> [Button] {
        let menu = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        let popover = try XCTUnwrap(menu.popover)
        if !popover.isMapped { menu.click() }
        MainLoop.run(until: { popover.isMapped })
        return popover.descendants.compactMap { $0.as(Button.self) }
    }

    /// Whether a size or speed is marked chosen in the menu (its radio button).
    private func isChosen(_ item: Button) -> Bool { item.as(ToggleButton.self)?.isActive ?? false }

    private func playUntilScored() {
        for i in 0..<60 where score == "SCORE: 0" { board.sendKey([Key.left, Key.up, Key.right, Key.down][i % 4]) }
        XCTAssertNotEqual(score, "SCORE: 0")
    }

    /// Changing size sets the game aside, and changing back resumes it.
    func testEachBoardSizeKeepsItsGame() async throws {
        try open()
        try start()
        playUntilScored()
        let four = cells, fourScore = score
        let items = try menuItems()
        XCTAssertEqual(
            items.map(\.accessibleName),
            ["New Game", "Undo", "3 × 3", "4 × 4", "5 × 5", "6 × 6", "Slow", "Normal", "Fast"])
        XCTAssertTrue(isChosen(items[3]))
        items[4].click()
        MainLoop.drain()
        XCTAssertEqual(cells.count, 5)
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertTrue(isChosen(items[4]) && !isChosen(items[3]))
        XCTAssertTrue(board.hasFocus)
        playUntilScored()
        let five = cells, fiveScore = score
        var announcements: [String] = []
        board.onAnnouncement { announcements.append($0) }
        try menuItems()[3].click()
        MainLoop.drain()
        XCTAssertEqual(announcements, ["The 4 × 4 game resumed, score \(fourScore.dropFirst(7))."])
        XCTAssertEqual(cells, four, "the 4 × 4 game is back")
        XCTAssertEqual(score, fourScore)
        XCTAssertTrue(headerUndo.isSensitive, "with its undo history")
        // A new window (the next run) resumes the size last played, then the other.
        window.destroy()
        try open(host: host)
        try button("Continue").click()
        MainLoop.drain()
        XCTAssertEqual(cells, four)
        try menuItems()[4].click()
        MainLoop.drain()
        XCTAssertEqual(cells, five)
        XCTAssertEqual(score, fiveScore)
    }

    /// A new game, by Ctrl+N or the menu, is taken back by Undo.
    func testANewGameIsUndoable() async throws {
        try open()
        try start()
        playUntilScored()
        let played = cells, playedScore = score
        board.sendKey(Key.character("n"), modifiers: .control)
        XCTAssertEqual(score, "SCORE: 0")
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertTrue(headerUndo.isSensitive, "the game left behind is one undo away")
        var announcements: [String] = []
        board.onAnnouncement { announcements.append($0) }
        board.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertEqual(announcements, ["Previous game restored, score \(playedScore.dropFirst(7))."])
        XCTAssertEqual(cells, played)
        XCTAssertEqual(score, playedScore)
        try menuItems()[0].click()  // New Game
        MainLoop.drain()
        XCTAssertEqual(score, "SCORE: 0")
        headerUndo.click()
        MainLoop.drain()
        XCTAssertEqual(cells, played, "the header's Undo does it too")
    }

    /// The menu's Undo is offered exactly when the header's is.
    func testTheMenusUndoFollowsTheHeaders() async throws {
        try open()
        func check(_ expected: Bool, _ when: String) throws {
            let header = headerUndo, item = try menuItems()[1]
            XCTAssertEqual(header.isSensitive, expected, when)
            XCTAssertEqual(item.isSensitive, expected, when)
            window.find(MenuButton.self, named: "Main Menu")?.popover?.popdown()
        }
        try check(false, "on the start page")
        try start()
        try check(false, "at the start of a game")
        board.sendKey(Key.left)
        board.sendKey(Key.up)
        try check(true, "after a move")
        try menuItems()[1].click()
        try menuItems()[1].click()
        MainLoop.drain()
        try check(false, "after undoing every move")
    }

    /// BEST is never below the score shown beside it.
    func testASavedScoreAboveTheBestRaisesTheBest() async throws {
        try open(saved: ["game": "4:9000:0:0:1024,512,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "best-4": "64"])
        try button("Continue").click()
        MainLoop.drain()
        XCTAssertEqual(score, "SCORE: 9000")
        XCTAssertTrue(window.descendants.contains { $0.as(Label.self)?.text == "BEST: 9000" })
        XCTAssertEqual(host.settings.string("best-4"), "9000", "and records it")
    }

    func testTheGameIsSavedAfterEveryMoveAndRestored() async throws {
        try open()
        try start()
        for key in [Key.left, Key.up, Key.right, Key.down, Key.left] { board.sendKey(key) }
        let played = cells, playedScore = score
        MainLoop.drain()
        // Read the file itself, as a new process would.
        let reread = Settings(path: host.settings.path)
        let text = try XCTUnwrap(reread.string("game-4"))
        XCTAssertEqual(try SavedGame.decode(text).get().board.values, played)
        window.destroy()
        try open(host: host)
        try button("Continue").click()
        MainLoop.drain()
        XCTAssertEqual(cells, played)
        XCTAssertEqual(score, playedScore)
        board.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertNotEqual(cells, played, "the undo history was restored too")
    }

    /// A lost game reopens on the Defeat dialog, its undo history
    /// there, with no warning and no copy of a file that was never damaged.
    func testALostGameReopensOnTheDefeatDialogWithUndo() async throws {
        try open(saved: ["game": "4:100:0:0:2,2,8,16,8,4,8,32,4,8,4,8,8,4,8,4"])
        try button("Continue").click()
        MainLoop.drain()
        let start = cells
        board.sendKey(Key.left)
        let lost = cells
        XCTAssertNotNil(waitForWindow(titled: "Defeat"))
        window.destroy()  // closed on the Defeat dialog
        MainLoop.drain()
        try open(host: host)
        let dialog = try XCTUnwrap(waitForWindow(titled: "Defeat"), "reopened on the Defeat dialog")
        XCTAssertEqual(cells, lost)
        XCTAssertNil(WindowNotice.message(in: window), "a lost game is no damaged file")
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: FileSystem.dirname(host.settings.path)), ["2048.ini"], "no backup made")
        try XCTUnwrap(dialog.find(Button.self, named: "Undo")).click()
        MainLoop.drain()
        XCTAssertEqual(cells, start)
        XCTAssertEqual(score, "SCORE: 100")
        XCTAssertTrue(board.hasFocus)
    }

    /// A damaged game of another size is told when that size is chosen; the
    /// game left is kept.
    func testChangingToASizeWithADamagedGameSaysSoAndStartsOne() async throws {
        try open(saved: ["game-4": "4:8:0:0:2,0,0,4,0,4,0,0,0,0,0,0,0,0,0,2", "game-5": "5:garbage", "size": "4"])
        try button("Continue").click()
        MainLoop.drain()
        let four = cells
        try menuItems()[4].click()
        MainLoop.drain()
        XCTAssertEqual(WindowNotice.message(in: window)?.hasPrefix("The saved game could not be resumed"), true)
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2], "a new 5 × 5 game")
        try menuItems()[3].click()
        MainLoop.drain()
        XCTAssertEqual(cells, four)
    }

    func testACorruptSaveGivesANewGame() async throws {
        try open(saved: ["game": "4:0:0:0:3,5,7,0,0,0,0,0,0,0,0,0,0,0,0,0", "best-4": "64"])
        XCTAssertNil(window.find(Button.self, named: "Continue"))
        try start()
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertTrue(window.descendants.contains { $0.as(Label.self)?.text == "BEST: 64" }, "best scores survive")
    }
}
