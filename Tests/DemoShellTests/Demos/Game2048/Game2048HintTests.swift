import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import XCTest

/// Hint and Autoplay in the 2048 window, opened through the real
/// plugin loader, driven by real clicks and key events, read back as a
/// screen reader reads them (the board's accessible description and its
/// announcements) and as a person sees them (the board's pixels).
@MainActor
final class Game2048HintTests: GtkTestCase {
    private var window: Window!
    private var host: TestHost!
    private var announcements: [String] = []

    /// Opens the demo on `saved` settings (key → value) and shows the board.
    private func open(saved: [String: String] = [:], host reuse: TestHost? = nil) throws {
        (window, host) = try openBuiltInDemo("2048", reusing: reuse) { host in
            for (key, value) in saved { host.settings.set(value, for: key) }
        }
        show(window)
        let start = window.find(Button.self, named: "Continue") ?? window.find(Button.self, named: "Start Game")
        try XCTUnwrap(start).click()
        // The stack's crossfade ends and the board has its size (a render needs one).
        MainLoop.run(until: { self.board.isMapped && self.board.allocatedWidth > 100 })
        MainLoop.spin(seconds: 0.3)
        announcements = []
        board.onAnnouncement { [unowned self] in self.announcements.append($0) }
    }

    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }
    private var hintButton: Button { window.find(Button.self, named: "Hint")! }
    private var autoplay: ToggleButton { window.find(ToggleButton.self, named: "Autoplay")! }

    /// The board's accessible description, the hint (if any) taken off first.
    private var description: (hint: String?, cells: [[Int]]) {
        var text = board.accessibleDescription
        var hint: String?
        if text.hasPrefix("Hint: "), let end = text.range(of: ". ") {
            hint = String(text[..<end.lowerBound])
            text = String(text[end.upperBound...])
        }
        let cells = text.components(separatedBy: "; ").map { $0.components(separatedBy: ", ").map { Int($0) ?? 0 } }
        return (hint, cells)
    }

    /// The board as a screen reader user reads it: R says it and makes it
    /// the board's description (which moves leave alone while it has the focus).
    private var cells: [[Int]] {
        board.sendKey(Key.character("r"))
        return description.cells
    }

    /// The board as the window last saved it: what Autoplay played, watched
    /// without a key (any key stops it).
    /// Nil before a new game is first saved.
    private var playedCells: [[Int]]? {
        let size = host.settings.string("size").flatMap(Int.init) ?? 4
        return host.settings.string("game-\(size)").flatMap { try? SavedGame.decode($0).get() }?.board.values
    }

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
        XCTAssertEqual(announcements, [], "the engine thinks off the main thread: the click returns before its answer",
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

    private func key(for direction: Direction) -> UInt32 {
        [Direction.up: Key.up, .down: Key.down, .left: Key.left, .right: Key.right][direction]!
    }

    func testHintNamesALegalMoveDrawsItsArrowAndTheNextMoveTakesItDown() async throws {
        try open(saved: ["game-4": "4:96:0:0:2,0,0,4,0,8,0,2,16,4,2,0,2,32,8,4", "size": "4"])
        XCTAssertEqual(hintButton.tooltip, "Show a good move (Ctrl+H)")
        XCTAssertEqual(drawnArrow().pixels, 0, "no arrow before a hint")
        var latencies: [Double] = []
        // The button, as a screen reader presses it, and its key.
        for ask in [{ XCTAssertTrue(self.hintButton.accessible?.perform("click") == true) },
                    { self.board.sendKey(Key.character("h"), modifiers: .control) }] {
            let before = cells
            let (direction, elapsed) = try XCTUnwrap(hint(by: ask))
            latencies.append(elapsed)
            XCTAssertTrue(Board(values: before)!.slid(direction).changed, "\(direction) is a legal move on \(before)")
            XCTAssertEqual(description.hint, announcements[0], "the description names the hint too")
            XCTAssertEqual(cells, before)
            XCTAssertTrue(board.hasFocus, "the arrow keys play the hint at once")
            // The arrow fades in, frame by frame: waited for, however slow they come.
            var arrow = drawnArrow()
            MainLoop.run(until: { arrow = self.drawnArrow(); return arrow.pixels > 500 }, timeout: 30)
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
            try open(saved: ["game-\(size)": "\(size):64:0:0:" + values.map(String.init).joined(separator: ","), "size": "\(size)",
                             "autoplay-speed": "fast"])
            XCTAssertEqual(cells.count, size)
            let before = cells
            let (direction, elapsed) = try XCTUnwrap(hint { hintButton.click() })
            XCTAssertTrue(Board(values: before)!.slid(direction).changed, "\(size) × \(size): \(direction) on \(before)")
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

    // MARK: Autoplay

    /// Whether `after` is `before` after one to `moves` legal moves, each
    /// followed by one new tile. On a loaded machine two autoplayed moves can
    /// come in one turn of the main loop (the second once its interval has
    /// passed), so a look at the board between turns may see both at once.
    private func reachable(_ before: [[Int]], _ after: [[Int]], within moves: Int = 3) -> Bool {
        guard moves > 0, let board = Board(values: before) else { return false }
        let slides = Direction.allCases.map { board.slid($0) }.filter(\.changed).map(\.board.values)
        // One move first: the search through several is only for what one cannot explain.
        if slides.contains(where: { zip($0.joined(), after.joined()).filter { $0 != $1 }.count == 1 }) { return true }
        guard moves > 1 else { return false }
        for slid in slides {
            for row in slid.indices {
                for column in slid[row].indices where slid[row][column] == 0 {
                    for tile in [2, 4] {
                        var next = slid
                        next[row][column] = tile
                        if reachable(next, after, within: moves - 1) { return true }
                    }
                }
            }
        }
        return false
    }

    /// When `runAutoplay` saw its last change.
    private var autoplaySeen: Int64 = 0

    /// Starts Autoplay with its toggle and records every board it shows
    /// until `moves` changes were seen, each one or more legal moves with a
    /// new tile after each; returns those boards, first the one it started from.
    private func runAutoplay(moves: Int, file: StaticString = #filePath, line: UInt = #line) -> [[[Int]]] {
        var boards = [cells]
        announcements = [] // R's reading
        autoplay.click()
        XCTAssertTrue(autoplay.isActive, file: file, line: line)
        MainLoop.run(until: {
            if let played = self.playedCells, played != boards.last { boards.append(played) }
            return boards.count > moves
        }, timeout: 60)
        autoplaySeen = MainLoop.monotonicTime // before the checks below, which take their own time
        XCTAssertGreaterThan(boards.count, moves, "Autoplay played \(boards.count - 1) moves", file: file, line: line)
        for (before, after) in zip(boards, boards.dropFirst()) {
            XCTAssertTrue(reachable(before, after), "\(before) → \(after) is legal moves, each with one new tile", file: file, line: line)
        }
        return boards
    }

    func testAutoplayPlaysLegalMovesAndAnyKeyStopsIt() async throws {
        try open(saved: ["autoplay-speed": "fast"])
        _ = runAutoplay(moves: 6)
        XCTAssertEqual(announcements.first, "Autoplay started.", "not one announcement per move")
        // A key that is no move (Escape) only stops it.
        board.sendKey(Key.escape)
        XCTAssertFalse(autoplay.isActive)
        XCTAssertTrue(announcements.last?.hasPrefix("Autoplay stopped, score ") == true, "\(announcements)")
        let stopped = cells
        MainLoop.spin(seconds: 0.5)
        XCTAssertEqual(cells, stopped, "no move after the key")
        // A move key stops it and plays that move.
        autoplay.click()
        MainLoop.spin(seconds: 0.3)
        let before = cells
        let direction = Direction.allCases.first { Board(values: before)!.slid($0).changed }!
        board.sendKey(key(for: direction))
        XCTAssertFalse(autoplay.isActive)
        XCTAssertNotEqual(cells, before, "the key's move is played")
        let after = cells
        MainLoop.spin(seconds: 0.5)
        XCTAssertEqual(cells, after, "the player has the game back")
    }

    func testCtrlZUndoesAnAutoplayedMoveAndEachMoveIsSaved() async throws {
        try open(saved: ["autoplay-speed": "fast"])
        // Each move is saved before the next is played (read from the file, as a new process would).
        var boards = [cells], lagging = 0
        autoplay.click()
        MainLoop.run(until: {
            guard let played = self.playedCells, played != boards.last else { return false }
            let saved = Settings(path: self.host.settings.path).string("game-4").flatMap { try? SavedGame.decode($0).get() }
            // (Before the first move, a new game has not been written yet.)
            // Holds the board played, or the one the move under way (one move) started from.
            if boards.count > 1, let saved = saved?.board.values, saved != played,
               !self.reachable(saved, played, within: 1) { lagging += 1 }
            boards.append(played)
            return boards.count > 6
        }, timeout: 60)
        XCTAssertEqual(boards.count, 7)
        XCTAssertEqual(lagging, 0, "the file was never more than the move under way behind")
        XCTAssertEqual(playedCells, boards.last)
        // (Two moves may have come between two looks at the board: each
        // Ctrl+Z is checked to take back one move, whatever was seen.)
        // (The board last saved is the last played or, its save waiting for
        // an idle, the one before: Ctrl+Z comes back to it, or one move before.)
        let last = try XCTUnwrap(playedCells)
        board.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertFalse(autoplay.isActive, "Ctrl+Z stops it")
        let undone = cells
        XCTAssertTrue(undone == last || reachable(undone, last, within: 1), "and takes back the last move it played: \(undone) → \(last)")
        let previous = cells
        board.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertTrue(reachable(cells, previous, within: 1), "and the one before: \(cells) → \(previous)")
        MainLoop.drain()
        let saved = try XCTUnwrap(Settings(path: host.settings.path).string("game-4"))
        XCTAssertEqual(try SavedGame.decode(saved).get().board.values, cells)
    }

    func testTheToggleAndAClickOnTheBoardStopAutoplay() async throws {
        try open()
        _ = runAutoplay(moves: 1)
        autoplay.click()
        XCTAssertFalse(autoplay.isActive)
        var stopped = cells
        MainLoop.spin(seconds: 0.8)
        XCTAssertEqual(cells, stopped)
        _ = runAutoplay(moves: 1)
        board.sendClick(x: 20, y: 20)
        XCTAssertFalse(autoplay.isActive)
        stopped = cells
        MainLoop.spin(seconds: 0.8)
        XCTAssertEqual(cells, stopped)
    }

    /// Slow, normal, fast in the main menu, remembered; fast plays (its rate,
    /// printed, is `make bench`'s to hold to 20 moves a second).
    func testTheSpeedIsChosenInTheMenuAndRemembered() async throws {
        try open()
        let menu = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        menu.click()
        MainLoop.run(until: { menu.popover?.isMapped == true })
        let items = menu.popover!.descendants.compactMap { $0.as(RadioButton.self) }
        XCTAssertEqual(items.suffix(3).map(\.accessibleName), ["Slow", "Normal", "Fast"])
        XCTAssertEqual(items.suffix(3).map(\.isActive), [false, true, false], "normal at first")
        items.last!.click()
        MainLoop.drain()
        XCTAssertEqual(Settings(path: host.settings.path).string("autoplay-speed"), "fast", "saved at once")
        let start = MainLoop.monotonicTime
        let boards = runAutoplay(moves: 30)
        let perSecond = Double(boards.count - 1) / (Double(autoplaySeen - start) / 1e6)
        print("fast autoplay: \(perSecond) moves/s")
        window.destroy()
        try open(host: host)
        let reopened = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        reopened.click()
        MainLoop.run(until: { reopened.popover?.isMapped == true })
        let again = reopened.popover!.descendants.compactMap { $0.as(RadioButton.self) }
        XCTAssertEqual(again.suffix(3).map(\.isActive), [false, false, true])
    }

    /// Victory stops Autoplay; after Keep Going it plays on past 2048.
    func testAutoplayStopsAtVictoryAndPlaysOnAfterKeepGoing() async throws {
        try open(saved: ["game-4": "4:9000:0:0:1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "size": "4", "autoplay-speed": "fast"])
        autoplay.click()
        let dialog = try XCTUnwrap(waitForWindow(titled: "Victory", timeout: 60))
        XCTAssertFalse(autoplay.isActive)
        try XCTUnwrap(dialog.find(Button.self, named: "Keep Going")).click()
        MainLoop.drain()
        XCTAssertTrue(cells.joined().contains(2048))
        _ = runAutoplay(moves: 5)
        XCTAssertTrue(autoplay.isActive, "Keep Going lets it play on")
        autoplay.click()
    }

    /// Defeat stops Autoplay, and its dialog is up.
    func testAutoplayStopsAtDefeat() async throws {
        // Every legal move (up or down) leaves no move, whatever tile appears.
        try open(saved: ["game": "4:100:0:0:16,128,64,16,2,8,128,2,16,4,2,8,16,128,16,128", "autoplay-speed": "fast"])
        autoplay.click()
        XCTAssertNotNil(waitForWindow(titled: "Defeat", timeout: 60))
        XCTAssertFalse(autoplay.isActive)
        MainLoop.drain()
        // (Read as saved: the dialog, modal, has the keys.)
        XCTAssertFalse(Board(values: try XCTUnwrap(playedCells))!.canMove)
    }

    /// Closing the window while the engine thinks (a hint, Autoplay) crashes
    /// nothing, warns of nothing (GtkTestCase fails on a warning), and frees
    /// the window: its GObjects are disposed and, once GTK lets go, their Swift
    /// wrappers too, which only a leaked view (or a search holding it) would keep.
    func testClosingTheWindowDuringASearchFreesIt() async throws {
        for useAutoplay in [false, true] {
            try open(saved: ["autoplay-speed": "fast"])
            let probes = [window.probeFinalization(), board.probeFinalization(), hintButton.probeFinalization(),
                          autoplay.probeFinalization()]
            weak var weakWindow = window, weakBoard = board, weakToggle = autoplay
            if useAutoplay { _ = runAutoplay(moves: 2) }
            hintButton.click() // a search is under way now
            XCTAssertEqual(announcements.filter { $0.hasPrefix("Hint") }, [], "and its answer has not come")
            window.destroy()
            window = nil
            MainLoop.run(until: { probes.allSatisfy(\.isFinalized) && weakWindow == nil && weakBoard == nil }, timeout: 30)
            for probe in probes { XCTAssertTrue(probe.isFinalized, "\(probe.typeName) was disposed (autoplay: \(useAutoplay))") }
            XCTAssertNil(weakWindow, "the window's wrapper was freed (autoplay: \(useAutoplay))")
            XCTAssertNil(weakBoard, "the board's (autoplay: \(useAutoplay))")
            XCTAssertNil(weakToggle, "the toggle's (autoplay: \(useAutoplay))")
            MainLoop.spin(seconds: 0.2) // the cancelled search ends; its answer is dropped
        }
    }
}
