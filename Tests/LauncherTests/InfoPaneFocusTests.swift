import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The Info page's text is a Tab stop: when it has the focus, it shows it
/// (it was a Tab stop with no caret and no ring).
@MainActor
final class InfoPaneFocusTests: LauncherTestCase {
    func testTheInfoTextShowsACaretWhenTabbedTo() async throws {
        makeShell()
        let launcher = try launcher()
        let help = try infoPane(launcher).help
        XCTAssertTrue(
            MainLoop.run(until: { help.isMapped && help.allocatedHeight > 20 }), "the first demo's Info is shown")
        MainLoop.drain()
        let unfocused = try XCTUnwrap(help.render())
        var steps = 0
        while !help.hasFocus && steps < 40 {
            launcher.window.sendKey(Key.tab)
            MainLoop.drain()
            steps += 1
        }
        XCTAssertTrue(help.hasFocus, "Tab reaches the Info text")
        // The caret blinks: it is drawn within a blink of the focus coming.
        var changed: [(x: Int, y: Int)] = []
        MainLoop.run(
            until: {
                guard let focused = help.render(), focused.width == unfocused.width, focused.height == unfocused.height
                else { return false }
                changed = []
                for y in 0..<focused.height {
                    for x in 0..<focused.width where focused.pixel(atX: x, y: y) != unfocused.pixel(atX: x, y: y) {
                        changed.append((x, y))
                    }
                }
                return !changed.isEmpty
            }, timeout: 3)
        XCTAssertGreaterThan(changed.count, 8, "a caret is drawn where the focus is")
        let xs = changed.map(\.x), ys = changed.map(\.y)
        XCTAssertLessThanOrEqual(
            (xs.max() ?? 0) - (xs.min() ?? 0), 3, "a caret: one thin upright line, \(changed.count) pixels")
        XCTAssertLessThan(ys.max() ?? .max, help.allocatedHeight / 4, "at the start of the text, where reading starts")
    }
}
