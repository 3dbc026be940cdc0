import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import TestSupport
import XCTest

/// Hint in the 2048 window, read back as a screen reader reads it and as a
/// person sees it (the board's pixels).
@MainActor
final class Game2048HintTests: Game2048WindowTestCase {
    private static let spoken: [String: Direction] = [
        "Hint: move up": .up, "Hint: move down": .down, "Hint: move left": .left, "Hint: move right": .right,
    ]

    /// Asks for a hint with `ask`, waits for its announcement and returns its
    /// direction and how long it took (printed for `make bench` to hold to
    /// 100 ms, never asserted: a loaded machine stretches it).
    private func hint(by ask: () -> Void, file: StaticString = #filePath, line: UInt = #line) -> (Direction, Double)? {
        announcements = []
        let start = MainLoop.monotonicTime
        ask()
        XCTAssertEqual(
            announcements, [], "the engine thinks off the main thread: the click returns before its answer",
            file: file, line: line)
        guard MainLoop.run(until: { !self.announcements.isEmpty }, timeout: 30) else {
            XCTFail("no hint was announced", file: file, line: line)
            return nil
        }
        let elapsed = Double(MainLoop.monotonicTime - start) / 1000
        guard let direction = Self.spoken[announcements[0]] else {
            XCTFail("not a hint: \(announcements)", file: file, line: line)
            return nil
        }
        return (direction, elapsed)
    }

    /// Where the arrow is in a render of the board: the pixels of its blue,
    /// which no tile, cell or board colour of these games comes near, on the
    /// board (the focus ring around it is blue too); and which way it
    /// points, from its shape (the head is wider than the shaft).
    private func drawnArrow() -> (pixels: Int, direction: Direction?) {
        guard let image = board.render() else { return (0, nil) }
        // The board: the largest square 4 px inside the area (the ring's
        // room), centred; less 8 px all round, where the ring's corners cut in.
        let side = min(image.width, image.height) - 8 - 16
        let left = (image.width - side) / 2, top = (image.height - side) / 2
        var points: [(x: Int, y: Int)] = []
        for y in stride(from: top, to: top + side, by: 2) {
            for x in stride(from: left, to: left + side, by: 2) {
                let p = image.pixel(atX: x, y: y)!
                if Int(p.blue) > Int(p.red) + 80 && p.blue > 150 { points.append((x, y)) }
            }
        }
        guard points.count > 50 else { return (points.count, nil) }
        let xs = points.map(\.x), ys = points.map(\.y)
        let horizontal = xs.max()! - xs.min()! > ys.max()! - ys.min()!
        let along = horizontal ? xs : ys, across = horizontal ? ys : xs
        let low = along.min()!, high = along.max()!, reach = (high - low) * 3 / 10
        func spread(_ near: (Int) -> Bool) -> Int {
            let values = points.indices.filter { near(along[$0]) }.map { across[$0] }
            return (values.max() ?? 0) - (values.min() ?? 0)
        }
        let headFirst = spread { $0 <= low + reach } > spread { $0 >= high - reach }
        return (points.count, horizontal ? (headFirst ? .left : .right) : (headFirst ? .up : .down))
    }

    func testHintNamesALegalMoveDrawsItsArrowAndTheNextMoveTakesItDown() async throws {
        try open(saved: ["game-4": "4:96:0:0:2,0,0,4,0,8,0,2,16,4,2,0,2,32,8,4", "size": "4"])
        XCTAssertEqual(hintButton.tooltip, "Show a good move (Ctrl+H)")
        XCTAssertEqual(drawnArrow().pixels, 0, "no arrow before a hint")
        var latencies: [Double] = []
        // The button, as a screen reader presses it, and its key.
        for ask in [
            { XCTAssertTrue(self.hintButton.accessible?.perform("click") == true) },
            { self.board.sendKey(Key.character("h"), modifiers: .control) },
        ] {
            let before = cells
            let (direction, elapsed) = try XCTUnwrap(hint(by: ask))
            latencies.append(elapsed)
            XCTAssertTrue(Board(values: before)!.slid(direction).changed, "\(direction) is a legal move on \(before)")
            XCTAssertEqual(description.hint, announcements[0], "the description names the hint too")
            XCTAssertEqual(cells, before)
            XCTAssertTrue(board.hasFocus, "the arrow keys play the hint at once")
            // The arrow fades in, frame by frame: waited for, however slow they come.
            var arrow = drawnArrow()
            MainLoop.run(
                until: {
                    arrow = self.drawnArrow()
                    return arrow.pixels > 500
                }, timeout: 30)
            XCTAssertGreaterThan(arrow.pixels, 500, "the arrow is drawn")
            XCTAssertEqual(arrow.direction, direction, "and points the way the words say")
            board.sendKey(key(for: direction))
            XCTAssertNotEqual(cells, before)
            XCTAssertNil(description.hint, "the next move takes the hint down")
            MainLoop.run(until: { self.drawnArrow().pixels == 0 }, timeout: 30)
            XCTAssertEqual(drawnArrow().pixels, 0, "and its arrow")
        }
        print("hint latencies (ms): \(latencies)")
    }

    /// Every size the demo offers, from 3 × 3 to 6 × 6, gets a legal hint
    /// (its latency printed for `make bench`), and Autoplay plays legal moves on it.
    func testEveryBoardSizeGetsAHintAndAutoplays() async throws {
        for size in Board.minimumSize...Board.maximumSize {
            // A game some way in: two tiles of each of the first few values, the rest empty.
            var values = Array(repeating: 0, count: size * size)
            for (index, value) in [2, 4, 2, 8, 4, 16, 2, 32].enumerated() { values[(index * 5) % values.count] = value }
            try open(saved: [
                "game-\(size)": "\(size):64:0:0:" + values.map(String.init).joined(separator: ","), "size": "\(size)",
                "autoplay-speed": "fast",
            ])
            XCTAssertEqual(cells.count, size)
            let before = cells
            let (direction, elapsed) = try XCTUnwrap(hint { hintButton.click() })
            XCTAssertTrue(
                Board(values: before)!.slid(direction).changed, "\(size) × \(size): \(direction) on \(before)")
            print("hint latency, \(size) × \(size): \(elapsed) ms")
            _ = runAutoplay(moves: 3)
            autoplay.click()
            XCTAssertFalse(autoplay.isActive)
            window.destroy()
            MainLoop.drain()
        }
    }

    /// A lost board (only a Defeat) offers no hint; Undo brings it back.
    func testNoHintOrAutoplayOnALostBoard() async throws {
        try open(saved: ["game": "4:100:0:0:2,2,8,16,8,4,8,32,4,8,4,8,8,4,8,4"])
        board.sendKey(Key.left)
        let dialog = try XCTUnwrap(waitForWindow(titled: "Defeat"))
        XCTAssertFalse(hintButton.isSensitive)
        XCTAssertFalse(autoplay.isSensitive)
        try XCTUnwrap(dialog.find(Button.self, named: "Undo")).click()
        MainLoop.drain()
        XCTAssertTrue(hintButton.isSensitive && autoplay.isSensitive)
    }
}
