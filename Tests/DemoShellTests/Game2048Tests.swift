import DemoKit
import DemoShellCore
import Game2048Model
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
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        let entry = try XCTUnwrap(registry.entry(id: "2048"), "\(registry.failures)")
        host = reuse ?? TestHost(info: entry.info)
        for (key, value) in saved { host.settings.set(value, for: key) }
        guard case .success(let module) = registry.module(id: "2048") else { return XCTFail("2048 does not load") }
        window = module.makeWindow(host: host)
        show(window)
    }

    private func button(_ name: String) throws -> Button { try XCTUnwrap(window.find(Button.self, named: name), name) }
    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }
    private var score: String { (window.descendants.first { $0.name == "score" }?.as(Label.self))?.text ?? "" }

    /// The board as the accessible description reads it.
    private var cells: [[Int]] {
        board.accessibleDescription.components(separatedBy: "; ").map { row in
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
    private func assertMove(_ direction: Direction, from before: [[Int]], to after: [[Int]],
                            file: StaticString = #filePath, line: UInt = #line) {
        let slide = Board(values: before)!.slid(direction)
        guard slide.changed else { return XCTAssertEqual(after, before, "an unchanged move changes nothing", file: file, line: line) }
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
            let (dx, dy): (Double, Double) = switch direction {
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
        XCTAssertTrue(announcements.first?.hasPrefix("Moved left. Merged 2048, +2048. New ") == true, "\(announcements)")
        let dialog = try XCTUnwrap(waitForWindow(titled: "Victory"))
        XCTAssertEqual(dialog.as(MessageDialog.self)?.detail, "You won!")
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
        XCTAssertEqual(dialog.as(MessageDialog.self)?.detail, "You lost...")
        try XCTUnwrap(dialog.find(Button.self, named: "Undo")).click()
        MainLoop.drain()
        XCTAssertEqual(cells, start)
        XCTAssertEqual(score, "SCORE: 100")
    }

    func testBoardSizeMenuAndCtrlN() async throws {
        try open()
        try start()
        let menu = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        menu.click()
        let popover = try XCTUnwrap(menu.popover)
        MainLoop.run(until: { popover.isMapped })
        let items = popover.descendants.compactMap { $0.as(ModelButton.self) }
        XCTAssertEqual(items.map(\.accessibleName), ["New Game", "Undo", "3 × 3", "4 × 4", "5 × 5", "6 × 6"])
        XCTAssertTrue(items[3].isActive)
        items[4].click()
        MainLoop.drain()
        XCTAssertEqual(cells.count, 5)
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertTrue(items[4].isActive && !items[3].isActive)
        XCTAssertTrue(board.hasFocus)
        // Play until the score moves, then Ctrl+N starts afresh on the same size.
        for i in 0..<60 where score == "SCORE: 0" { board.sendKey([Key.left, Key.up, Key.right, Key.down][i % 4]) }
        XCTAssertNotEqual(score, "SCORE: 0")
        board.sendKey(Key.character("n"), modifiers: .control)
        XCTAssertEqual(score, "SCORE: 0")
        XCTAssertEqual(cells.count, 5)
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
    }

    func testTheGameIsSavedAfterEveryMoveAndRestored() async throws {
        try open()
        try start()
        for key in [Key.left, Key.up, Key.right, Key.down, Key.left] { board.sendKey(key) }
        let played = cells, playedScore = score
        MainLoop.drain()
        // Read the file itself, as a new process would.
        let reread = Settings(path: host.settings.path)
        let text = try XCTUnwrap(reread.string("game"))
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

    func testACorruptSaveGivesANewGame() async throws {
        try open(saved: ["game": "4:0:0:0:3,5,7,0,0,0,0,0,0,0,0,0,0,0,0,0", "best-4": "64"])
        XCTAssertNil(window.find(Button.self, named: "Continue"))
        try start()
        XCTAssertEqual(cells.flatMap { $0 }.filter { $0 != 0 }, [2, 2])
        XCTAssertTrue(window.descendants.contains { $0.as(Label.self)?.text == "BEST: 64" }, "best scores survive")
    }
}
