import Foundation
import TestSupport
import XCTest

/// GTK 3's Keyboard Shortcuts window and About dialog leave the
/// accessibles of their destroyed widgets behind; a screen reader that came
/// along afterwards got criticals and then crashed the program. The shell
/// keeps them hidden instead (`KeptWindows`). Proven out of process, on an
/// accessibility bus of the test's own session, with fresh AT-SPI clients
/// coming and going as screen readers and inspectors do.
final class KeptWindowsTests: AccessibleShellProcessTestCase {
    func testFreshATSPIClientsAfterTheShortcutsWindowAndAboutFindNothingStale() throws {
        let client = try buildATSPIClient()
        let run = try start(["--run=2048"])
        XCTAssertTrue(waitForWindow(named: "2048", pid: run.pid, while: run.process), "2048 never showed")
        let game = try XCTUnwrap(windows(named: "2048", pid: run.pid).first)
        for round in 1...2 {
            xdotool(["windowfocus", "--sync", game])
            _ = listing(client) { $0.contains("2048 [frame] active") }
            xdotool(["key", "ctrl+question"])
            let shown = listing(client) { $0.contains("Keyboard Shortcuts [frame]") }
            XCTAssertTrue(
                shown.contains("Search shortcuts [toggle button]"),
                "round \(round): its search button is named:\n\(shown)")
            xdotool(["key", "Escape"])  // the modal shortcuts window takes it
            let closed = listing(client) { !$0.contains("Keyboard Shortcuts [frame]") }
            XCTAssertTrue(closed.contains("2048 [frame]"), "round \(round): Escape closed it:\n\(closed)")
            XCTAssertTrue(run.process.isRunning, "round \(round): alive after the shortcuts window")
        }
        for round in 1...2 {
            activateAction("about")
            _ = listing(client) { $0.contains("About 2048 [dialog]") }
            let about = try XCTUnwrap(
                windows(named: "About 2048", pid: run.pid).first, "round \(round): About is shown")
            xdotool(["windowfocus", "--sync", about])
            xdotool(["key", "Escape"])
            let closed = listing(client) { !$0.contains("About 2048") }
            XCTAssertTrue(closed.contains("2048 [frame]"), "round \(round): Escape closed About:\n\(closed)")
            XCTAssertTrue(run.process.isRunning, "round \(round): alive after About")
        }
        // Closing the one window shown ends the program: the hidden ones are
        // no longer the application's, which would keep it running unseen.
        xdotool(["windowfocus", "--sync", game])
        xdotool(["key", "ctrl+w"])
        XCTAssertEqual(run.finish(within: 15), 0, "Ctrl+W on the last window shown quits: \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("crashed"), run.stderr)
        assertQuiet(run.stderr)
    }

    /// The launcher's: Ctrl+?, a client walks, Escape, another client.
    func testFreshATSPIClientsAfterTheLaunchersShortcutsWindowFindNothingStale() throws {
        let client = try buildATSPIClient()
        let run = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: run.pid, while: run.process), "the launcher never showed")
        let launcher = try XCTUnwrap(windows(named: "Demo Shell", pid: run.pid).first)
        for round in 1...2 {
            xdotool(["windowfocus", "--sync", launcher])
            // Keys once the launcher is built and has the focus.
            _ = listing(client) { $0.contains("Demo Shell [frame] active") && $0.contains("Say Hello [list item]") }
            xdotool(["key", "ctrl+question"])
            _ = listing(client) { $0.contains("Keyboard Shortcuts [frame]") }
            xdotool(["key", "Escape"])
            let closed = listing(client) { !$0.contains("Keyboard Shortcuts [frame]") }
            XCTAssertTrue(closed.contains("Demo Shell [frame]"), "round \(round): Escape closed it:\n\(closed)")
            XCTAssertTrue(run.process.isRunning, "round \(round): alive")
        }
        xdotool(["windowfocus", "--sync", launcher])
        xdotool(["key", "ctrl+q"])
        XCTAssertEqual(run.finish(within: 15), 0, "Ctrl+Q quits: \(run.stderr)")
        assertQuiet(run.stderr)
    }
}
