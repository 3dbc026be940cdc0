import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Once the Source page has been shown (Edit on, Problems,
/// Output and Values below the code), the launcher still narrows to 640
/// pixels, tiled to half a 1,366-pixel screen (683) with room to spare,
/// after being widened; Save as New Demo and Reset to Original wait in a
/// menu of the Edit bar.
@MainActor
final class SourcePageFitTests: EditAndRunTestCase {
    private let narrowest = 640

    private func resize(_ window: Window, to width: Int, _ height: Int) {
        window.resize(width: width, height: height)
        MainLoop.run(until: { window.size.width == width && window.size.height == height }, timeout: 3)
        MainLoop.drain()
    }

    func testTheLauncherNarrowsTo640WithEveryPageShown() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        pane.revealResults()
        pane.runResults.setStatus(longStatus)
        XCTAssertTrue(pane.revertButton.isVisible, "Edit's own controls are shown")
        for page in [ResultsPage.problems, .output, .values] {
            pane.editPanel.shownPage = page
            MainLoop.drain()
            XCTAssertLessThanOrEqual(launcher.window.minimumSize.width, narrowest, "\(page) shown")
        }
        resize(launcher.window, to: 1250, 700)
        resize(launcher.window, to: 500, 700)
        XCTAssertLessThanOrEqual(launcher.window.size.width, narrowest, "narrowed again after widening")
        saveScreenshot("source-page-narrow")
        launcher.detailStack.visiblePageName = "info"
        MainLoop.drain()
        XCTAssertLessThanOrEqual(launcher.window.minimumSize.width, narrowest, "the Info page too")
    }

    /// A crash's status with a long reason.
    private let longStatus =
        "Crashed: SIGILL (" + String(repeating: "Fatal error: Index out of range in a long line of the demo ", count: 8)
        + ")."

    /// The launcher's window grew taller than the screen (1,000 pixels high
    /// on a 1,024-pixel screen became 1,332, then 1,372) as demos crashed:
    /// the status wrapped at the narrowest width asked for its height.
    func testALongStatusOrOutputKeepsTheWindowWithinTheScreen() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        pane.revealResults()
        let area = try XCTUnwrap(launcher.window.workArea)
        resize(launcher.window, to: area.width - 10, area.height - 24)
        let height = launcher.window.size.height
        pane.runResults.setStatus(longStatus, afterFocusMoves: true)
        pane.editPanel.appendOutput(String(repeating: "x", count: 5000) + "\n" + longStatus + "\n")
        for page in [ResultsPage.output, .values, .problems] {
            pane.editPanel.shownPage = page
            MainLoop.drain()
            XCTAssertLessThanOrEqual(
                launcher.window.minimumSize.height, area.height, "\(page): the smallest height fits the screen")
            XCTAssertEqual(launcher.window.size.height, height, "\(page): the window kept its height")
        }
        XCTAssertEqual(pane.editPanel.status.text, longStatus, "the status is whole (it scrolls)")
    }

    func testSaveAsNewDemoAndResetToOriginalAreInTheEditBarsMenu() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let more = try XCTUnwrap(launcher.window.find(MenuButton.self, named: "More Edit Actions"))
        XCTAssertTrue(more.isMapped)
        more.click()
        let popover = try XCTUnwrap(more.popover)
        XCTAssertTrue(MainLoop.run(until: { popover.isMapped }), "the menu opens")
        let save = try XCTUnwrap(popover.find(Button.self, named: "Save as New Demo"))
        let reset = try XCTUnwrap(popover.find(Button.self, named: "Reset to Original"))
        XCTAssertTrue(save.isMapped && reset.isMapped)
        saveScreenshot("edit-bar-menu")
        XCTAssertTrue(save.isSensitive, "the demo can be saved as a new one")
        XCTAssertFalse(reset.isSensitive, "nothing edited yet, nothing to reset")
    }
}
