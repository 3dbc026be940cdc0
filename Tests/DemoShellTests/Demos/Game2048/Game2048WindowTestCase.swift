import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import TestSupport
import XCTest

/// The 2048 window as the Hint and Autoplay tests open it: through the real
/// plugin loader, driven by real clicks and key events, read back as a
/// screen reader reads it (the board's accessible description and its
/// announcements).
@MainActor
class Game2048WindowTestCase: GtkTestCase {
    var window: Window!
    var host: TestHost!
    var announcements: [String] = []

    /// Opens the demo on `saved` settings (key → value) and shows the board.
    func open(saved: [String: String] = [:], host reuse: TestHost? = nil) throws {
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

    var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }
    var hintButton: Button { window.find(Button.self, named: "Hint")! }
    var autoplay: ToggleButton { window.find(ToggleButton.self, named: "Autoplay")! }

    /// The board's accessible description, the hint (if any) taken off first.
    var description: (hint: String?, cells: [[Int]]) {
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
    var cells: [[Int]] {
        board.sendKey(Key.character("r"))
        return description.cells
    }

    /// The board as the window last saved it: what Autoplay played, watched
    /// without a key (any key stops it).
    /// Nil before a new game is first saved.
    var playedCells: [[Int]]? {
        let size = host.settings.string("size").flatMap(Int.init) ?? 4
        return host.settings.string("game-\(size)").flatMap { try? SavedGame.decode($0).get() }?.board.values
    }

    func key(for direction: Direction) -> UInt32 {
        [Direction.up: Key.up, .down: Key.down, .left: Key.left, .right: Key.right][direction]!
    }

    /// Whether `after` is `before` after one to `moves` legal moves, each
    /// followed by one new tile. On a loaded machine two autoplayed moves can
    /// come in one turn of the main loop (the second once its interval has
    /// passed), so a look at the board between turns may see both at once.
    func reachable(_ before: [[Int]], _ after: [[Int]], within moves: Int = 3) -> Bool {
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
    var autoplaySeen: Int64 = 0

    /// Starts Autoplay with its toggle and records every board it shows
    /// until `moves` changes were seen, each one or more legal moves with a
    /// new tile after each; returns those boards, first the one it started from.
    func runAutoplay(moves: Int, file: StaticString = #filePath, line: UInt = #line) -> [[[Int]]] {
        var boards = [cells]
        announcements = []  // R's reading
        autoplay.click()
        XCTAssertTrue(autoplay.isActive, file: file, line: line)
        MainLoop.run(
            until: {
                if let played = self.playedCells, played != boards.last { boards.append(played) }
                return boards.count > moves
            }, timeout: 60)
        autoplaySeen = MainLoop.monotonicTime  // before the checks below, which take their own time
        XCTAssertGreaterThan(boards.count, moves, "Autoplay played \(boards.count - 1) moves", file: file, line: line)
        for (before, after) in zip(boards, boards.dropFirst()) {
            XCTAssertTrue(
                reachable(before, after), "\(before) → \(after) is legal moves, each with one new tile", file: file,
                line: line)
        }
        return boards
    }
}
