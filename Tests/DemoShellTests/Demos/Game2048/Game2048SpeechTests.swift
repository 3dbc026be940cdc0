import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Game2048Model
import TestSupport
import XCTest

/// What a screen reader says while 2048 is played, heard through
/// AT-SPI: a move says what merged and the score, once, and leaves the
/// focused board's description alone (a screen reader read its 16 to 36
/// cells again after every move, every 40 ms under Autoplay); R reads the
/// board; game over says the score, once.
@MainActor
final class Game2048SpeechTests: GtkTestCase {
    private var window: Window!
    private var host: TestHost!
    /// Keys as on a desktop: a window manager gives the window the focus.
    private var manager: WindowManager?

    override func tearDown() async throws {
        manager?.stop()
        manager = nil
        try await super.tearDown()
    }

    private func open(saved: [String: String]) throws {
        manager = try WindowManager()
        (window, host) = try openBuiltInDemo("2048") { host in
            for (key, value) in saved { host.settings.set(value, for: key) }
        }
        show(window)
        activate(window)
        try XCTUnwrap(window.find(Button.self, named: "Continue")).click()
        MainLoop.drain()
        XCTAssertTrue(board.hasFocus)
    }

    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }

    private func texts(_ heard: [AnnouncementListener.Heard]) -> [String] { heard.map(\.text) }

    func testAMoveSaysTheMergeAndScoreAndLeavesTheDescriptionAlone() async throws {
        try open(saved: ["game-4": "4:96:0:0:2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,8", "size": "4"])
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        let described = board.accessibleDescription
        XCTAssertTrue(described.hasPrefix("2, 2, empty, empty; "), described)
        let heard = texts(listener.announcements(through: board) { board.sendKey(Key.left) })
        XCTAssertEqual(heard.count, 1, "\(heard)")
        XCTAssertTrue(heard.first?.hasPrefix("Moved left. Merged 4, +4, score 100. New ") == true, "\(heard)")
        XCTAssertEqual(
            board.accessibleDescription, described, "the focused board's description is not rewritten by a move")

        // R reads the board, and makes it the description.
        let read = texts(listener.announcements(through: board) { board.sendKey(Key.character("r")) })
        XCTAssertEqual(read.count, 1, "\(read)")
        XCTAssertTrue(read.first?.hasPrefix("4, ") == true, "\(read)")
        XCTAssertEqual(read.first, board.accessibleDescription)
        XCTAssertEqual(read.first?.components(separatedBy: "; ").count, 4)

        // Away from the board, the description follows the game, for when the focus comes back.
        board.sendKey(Key.down)
        window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertFalse(board.hasFocus)
        let away = board.accessibleDescription
        XCTAssertNotEqual(away, read.first, "the description is the board as it is now")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(board.hasFocus)
        XCTAssertEqual(board.accessibleDescription, away, "coming back, the board is described as it is")
        let again = texts(listener.announcements(through: board) { board.sendKey(Key.character("r")) })
        XCTAssertEqual(again, [away])
    }

    func testAutoplayLeavesTheDescriptionAlone() async throws {
        try open(saved: ["game-4": "4:0:0:0:2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2", "size": "4", "autoplay-speed": "fast"])
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        let described = board.accessibleDescription
        let toggle = try XCTUnwrap(window.find(ToggleButton.self, named: "Autoplay"))
        var changes = 0
        let heard = texts(
            listener.announcements(through: board) {
                toggle.click()
                var seen = described
                MainLoop.run(
                    until: {
                        let score = self.window.descendants.first { $0.name == "score" }?.as(Label.self)?.text ?? ""
                        if score != seen {
                            seen = score
                            changes += 1
                        }
                        return changes > 5
                    }, timeout: 60)
                toggle.click()
            })
        XCTAssertGreaterThan(changes, 5, "Autoplay played")
        XCTAssertEqual(board.accessibleDescription, described, "not a description per move")
        XCTAssertEqual(heard.count, 2, "\(heard)")
        XCTAssertEqual(heard.first, "Autoplay started.")
        XCTAssertTrue(heard.last?.hasPrefix("Autoplay stopped, score ") == true, "\(heard)")
    }

    func testDefeatSaysTheScoreOnce() async throws {
        try open(saved: ["game": "4:100:0:0:2,2,8,16,8,4,8,32,4,8,4,8,8,4,8,4"])
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        var dialog: Window?
        let events = listener.events(through: board) {
            board.sendKey(Key.left)
            dialog = waitForWindow(titled: "Defeat")
            MainLoop.drain()
        }
        let shown = try XCTUnwrap(dialog)
        let spoken = events.compactMap { event -> String? in
            switch event {
            case .announcement(let heard): heard.text
            case .window(let name): "window \(name)"
            case .activated, .focused: nil  // where the focus goes, not what is said
            }
        }
        XCTAssertEqual(spoken.count, 2, "the move, then the dialog: \(spoken)")
        XCTAssertEqual(spoken.last, "window Defeat")
        XCTAssertEqual(spoken.filter { $0.contains("lost") }, [], "no second \"You lost\" besides the dialog's")
        // The dialog's text, as a screen reader reads it out when the alert appears.
        let labels = try XCTUnwrap(shown.accessible).subtree.filter { $0.role == "label" }.map(\.name)
        XCTAssertTrue(labels.contains("You lost with a score of 104."), "\(labels)")
    }
}
