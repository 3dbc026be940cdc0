import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import TestSupport
import XCTest

/// Autoplay in the 2048 window: legal moves, each saved, stopped by any
/// key, a click or the end of the game, at the speed the menu chose.
@MainActor
final class Game2048AutoplayTests: Game2048WindowTestCase {
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
        MainLoop.run(
            until: {
                guard let played = self.playedCells, played != boards.last else { return false }
                let saved = Settings(path: self.host.settings.path).string("game-4").flatMap {
                    try? SavedGame.decode($0).get()
                }
                // (Before the first move, a new game has not been written yet.)
                // Holds the board played, or the one the move under way (one move) started from.
                if boards.count > 1, let saved = saved?.board.values, saved != played,
                    !self.reachable(saved, played, within: 1)
                {
                    lagging += 1
                }
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
        XCTAssertTrue(
            undone == last || reachable(undone, last, within: 1),
            "and takes back the last move it played: \(undone) → \(last)")
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
        try open(saved: [
            "game-4": "4:9000:0:0:1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "size": "4", "autoplay-speed": "fast",
        ])
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
            let probes = [
                window.probeFinalization(), board.probeFinalization(), hintButton.probeFinalization(),
                autoplay.probeFinalization(),
            ]
            weak let weakWindow = window, weakBoard = board, weakToggle = autoplay
            if useAutoplay { _ = runAutoplay(moves: 2) }
            hintButton.click()  // a search is under way now
            XCTAssertEqual(announcements.filter { $0.hasPrefix("Hint") }, [], "and its answer has not come")
            window.destroy()
            window = nil
            MainLoop.run(
                until: { probes.allSatisfy(\.isFinalized) && weakWindow == nil && weakBoard == nil }, timeout: 30)
            for probe in probes {
                XCTAssertTrue(probe.isFinalized, "\(probe.typeName) was disposed (autoplay: \(useAutoplay))")
            }
            XCTAssertNil(weakWindow, "the window's wrapper was freed (autoplay: \(useAutoplay))")
            XCTAssertNil(weakBoard, "the board's (autoplay: \(useAutoplay))")
            XCTAssertNil(weakToggle, "the toggle's (autoplay: \(useAutoplay))")
            MainLoop.spin(seconds: 0.2)  // the cancelled search ends; its answer is dropped
        }
    }
}
