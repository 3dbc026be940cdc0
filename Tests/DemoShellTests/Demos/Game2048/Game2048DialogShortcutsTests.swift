import Foundation
import TestSupport
import XCTest

/// The application's shortcuts work while 2048's Defeat dialog
/// is open (it was a window outside the application: Ctrl+Q and Ctrl+? did
/// nothing). The built program with real key events, read by an AT-SPI client.
final class Game2048DialogShortcutsTests: AccessibleShellProcessTestCase {
    func testCtrlQuestionAndCtrlQWorkOnTheDefeatDialog() throws {
        // A board with no move left: the game opens on its Defeat dialog.
        let folder = try XCTUnwrap(environment["XDG_CONFIG_HOME"]) + "/demo-shell"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[Settings]\nsize=4\ngame-4=4:100:0:0:2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2\n"
            .write(toFile: folder + "/2048.ini", atomically: true, encoding: .utf8)
        let client = try buildATSPIClient()
        let run = try start(["--run=2048"])
        XCTAssertTrue(waitForWindow(named: "Defeat", pid: run.pid, while: run.process), "a lost game opens on Defeat")
        let defeat = try XCTUnwrap(windows(named: "Defeat", pid: run.pid).first)
        xdotool(["windowfocus", "--sync", defeat])
        xdotool(["key", "ctrl+question"])
        let shown = listing(client) { $0.contains("Keyboard Shortcuts [frame]") }
        XCTAssertTrue(shown.contains("Undo the last move"), "Ctrl+? shows 2048's shortcuts:\n\(shown)")
        xdotool(["key", "Escape"])
        _ = listing(client) { !$0.contains("Keyboard Shortcuts") }
        XCTAssertTrue(run.process.isRunning)
        xdotool(["windowfocus", "--sync", defeat])
        xdotool(["key", "ctrl+q"])
        XCTAssertEqual(run.finish(within: 15), 0, "Ctrl+Q on the Defeat dialog quits: \(run.stderr)")
        assertQuiet(run.stderr)
    }
}
