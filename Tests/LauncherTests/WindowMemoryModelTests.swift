import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The rules for what comes back from the settings, without a display.
final class WindowMemoryModelTests: XCTestCase {
    private func geometry(_ values: [String: Int], maximized: Bool? = nil) -> WindowGeometry? {
        WindowGeometry.read(integer: { values[$0] }, boolean: { $0 == "window-maximized" ? maximized : nil })
    }

    func testAPlausibleSizeComesBackAndNonsenseGivesTheDefault() {
        XCTAssertEqual(
            geometry(["window-width": 700, "window-height": 500]),
            WindowGeometry(width: 700, height: 500, maximized: false))
        XCTAssertEqual(geometry(["window-width": 700, "window-height": 500], maximized: true)?.maximized, true)
        XCTAssertNil(geometry([:]))
        XCTAssertNil(geometry(["window-width": 700]), "half a size is no size")
        XCTAssertNil(geometry(["window-width": -5, "window-height": 500]))
        XCTAssertNil(geometry(["window-width": 0, "window-height": 0]))
        XCTAssertNil(geometry(["window-width": Int.max, "window-height": 500]))
    }

    /// A side clamped by the screen (at GDK_SCALE=2) is not the
    /// user's choice; the remembered side is kept for a larger screen.
    func testASideTheScreenClampedKeepsTheRememberedOne() {
        let remembered = WindowGeometry(width: 461, height: 560, maximized: false)
        let room = (width: 640, height: 456)
        XCTAssertEqual(
            WindowGeometry.toRemember(size: (461, 456), maximized: false, remembered: remembered, room: room),
            remembered)
        XCTAssertEqual(
            WindowGeometry.toRemember(size: (500, 456), maximized: false, remembered: remembered, room: room),
            WindowGeometry(width: 500, height: 560, maximized: false), "the other side, made wider, is a choice")
        XCTAssertEqual(
            WindowGeometry.toRemember(size: (461, 400), maximized: false, remembered: remembered, room: room),
            WindowGeometry(width: 461, height: 400, maximized: false), "made smaller than the screen: a choice")
        let short = WindowGeometry(width: 461, height: 300, maximized: false)
        XCTAssertEqual(
            WindowGeometry.toRemember(size: (461, 456), maximized: false, remembered: short, room: room),
            WindowGeometry(width: 461, height: 456, maximized: false), "grown to the screen's edge: a choice")
        XCTAssertNil(
            WindowGeometry.toRemember(size: (461, 456), maximized: false, remembered: nil, room: room),
            "clamped with nothing remembered: nothing to save")
        XCTAssertEqual(
            WindowGeometry.toRemember(size: (461, 456), maximized: false, remembered: nil, room: nil),
            WindowGeometry(width: 461, height: 456, maximized: false), "the room unknown: the size as it is")
    }

    func testARememberedSearchIsOneBoundedLineOfText() {
        XCTAssertEqual(LauncherState.plausibleSearch("header bar"), "header bar")
        XCTAssertEqual(
            LauncherState.plausibleSearch("a\nb\tc\u{7}"), "a b c",
            "line breaks and tabs become spaces, other controls go")
        XCTAssertEqual(LauncherState.plausibleSearch("\u{202E}evil\u{2066}"), "evil", "no bidi overrides or isolates")
        XCTAssertEqual(
            LauncherState.plausibleSearch(String(repeating: "👍🏽", count: 500)).count, LauncherState.maximumSearchLength)
        XCTAssertEqual(LauncherState.plausibleDemoID("say-hello"), "say-hello")
        XCTAssertEqual(LauncherState.plausibleDemoID("2048"), "2048")
        XCTAssertNil(LauncherState.plausibleDemoID("../etc"))
        XCTAssertNil(LauncherState.plausibleDemoID(""))
        XCTAssertNil(LauncherState.plausibleDemoID(nil))
    }
}
