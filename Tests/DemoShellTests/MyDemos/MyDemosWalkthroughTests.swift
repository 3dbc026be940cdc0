import Foundation
import TestSupport
import XCTest

/// My Demos as a new user would try it: the built launcher
/// in Chinese, driven by the keyboard only (real key events from xdotool),
/// and read only through AT-SPI, as a screen reader reads it. Make a Blank
/// demo, find it under My Demos, run it, delete it and undo.
final class MyDemosWalkthroughTests: AccessibleShellProcessTestCase {
    private var scratch = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = NSTemporaryDirectory() + "demo-shell-walkthrough-\(UUID().uuidString)"
        environment["XDG_DATA_HOME"] = scratch + "/data"
        environment["LANGUAGE"] = "zh_CN"
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    func testInChineseByKeyboardThroughATSPIMakeRunDeleteAndUndo() throws {
        continueAfterFailure = false
        let client = try buildATSPIClient()
        let run = try start([])
        XCTAssertTrue(waitForWindow(named: "演示大厅", pid: run.pid, while: run.process), "the launcher never showed")
        let launcher = try XCTUnwrap(windows(named: "演示大厅", pid: run.pid).first)
        xdotool(["windowfocus", "--sync", launcher])
        _ = listing(client) { $0.contains("演示大厅 [frame] active") && $0.contains("[list item]") }

        // New Demo: Ctrl+Shift+N, a name typed, Enter.
        xdotool(["key", "ctrl+shift+n"])
        let dialog = listing(client) { $0.contains("新建演示 [") && $0.contains("演示名称 [text] ") }
        XCTAssertTrue(
            dialog.contains("演示名称 [text]") && dialog.contains("focused"), "the name field has the focus:\n\(dialog)")
        xdotool(["type", "--delay", "60", "Pocket Lamp"])
        _ = listing(client) { $0.contains("编号：pocket-lamp [label]") }
        xdotool(["key", "Return"])
        let made = listing(client) { !$0.contains("新建演示 [") && $0.contains("Pocket Lamp [list item]") }
        // (GTK 3 does not expose a list's headers: "我的演示" is seen, not heard.)
        XCTAssertEqual(
            made.components(separatedBy: "\n").first { $0.contains("[list item]") }?
                .trimmingCharacters(in: .whitespaces).hasPrefix("Pocket Lamp [list item]"), true,
            "listed first, under My Demos:\n\(made)")
        XCTAssertTrue(
            made.contains("Model/PocketLampModel.swift") || made.contains("Plugin/PocketLampView.swift"),
            "its Source page shows its own files:\n\(made)")

        // Run it (Ctrl+R: Run Edited builds it): its window comes, in a process of its own.
        xdotool(["key", "ctrl+r"])
        var demoWindows: [String] = []
        Poll.until(timeout: 300, interval: 0.2) {  // a first build
            demoWindows = windows(named: "Pocket Lamp（修改版）")
            return !demoWindows.isEmpty || !run.process.isRunning
        }
        XCTAssertFalse(demoWindows.isEmpty, "the demo's window never came: \(run.stderr)")
        _ = listing(client) { $0.contains("Pocket Lamp（修改版） [frame]") }
        xdotool(["windowfocus", "--sync", launcher])
        xdotool(["key", "ctrl+period"])  // Stop
        _ = listing(client) { !$0.contains("Pocket Lamp（修改版） [frame]") }

        // Delete from the row's menu (Shift+F10 on the row), then Undo by keyboard.
        // Back from the editor to the list: Ctrl+Shift+Tab leaves the code,
        // Shift+Tab goes back through the page to the list (one stop).
        xdotool(["windowfocus", "--sync", launcher])
        xdotool(["key", "ctrl+shift+Tab"])
        let rowFocused = "Pocket Lamp \\[list item\\][^\\n]* focused"
        var presses = 0
        while try listWindows(with: client, environment: environment).range(of: rowFocused, options: .regularExpression)
            == nil,
            presses < 20
        {
            xdotool(["key", "shift+Tab"])
            presses += 1
        }
        XCTAssertLessThan(presses, 20, "the list is reached by Shift+Tab")
        xdotool(["key", "shift+F10"])
        let menu = listing(client) { $0.contains("演示菜单 [") }
        XCTAssertTrue(menu.contains("删除 [push button]") || menu.contains("删除 [menu item]"), menu)
        xdotool(["key", "Down", "Return"])  // Rename… has the focus; Delete is next
        let deleted = listing(client) { $0.contains("已删除“\u{2068}Pocket Lamp\u{2069}”。") }
        XCTAssertFalse(deleted.contains("Pocket Lamp [list item]"), "gone from the list at once:\n\(deleted)")
        XCTAssertTrue(deleted.contains("撤销 [push button]"), "Undo is offered:\n\(deleted)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/data/demo-shell/demos/pocket-lamp"))
        xdotool(["key", "ctrl+z"])
        let back = listing(client) { $0.contains("Pocket Lamp [list item]") }
        XCTAssertFalse(back.contains("已删除“"), "the bar goes:\n\(back)")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: scratch + "/data/demo-shell/demos/pocket-lamp/manifest.plugin"))

        xdotool(["key", "ctrl+q"])
        XCTAssertEqual(run.finish(within: 30), 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("crashed"), run.stderr)
    }
}
