import DemoKit
@testable import DemoShellCore
import Foundation
import XCTest

/// The rules for what comes back from the settings, without a display.
final class WindowMemoryModelTests: XCTestCase {
    private func geometry(_ values: [String: Int], maximized: Bool? = nil) -> WindowGeometry? {
        WindowGeometry.read(integer: { values[$0] }, boolean: { $0 == "window-maximized" ? maximized : nil })
    }

    func testAPlausibleSizeComesBackAndNonsenseGivesTheDefault() {
        XCTAssertEqual(geometry(["window-width": 700, "window-height": 500]),
                       WindowGeometry(width: 700, height: 500, maximized: false))
        XCTAssertEqual(geometry(["window-width": 700, "window-height": 500], maximized: true)?.maximized, true)
        XCTAssertNil(geometry([:]))
        XCTAssertNil(geometry(["window-width": 700]), "half a size is no size")
        XCTAssertNil(geometry(["window-width": -5, "window-height": 500]))
        XCTAssertNil(geometry(["window-width": 0, "window-height": 0]))
        XCTAssertNil(geometry(["window-width": Int.max, "window-height": 500]))
    }

    func testARememberedSearchIsOneBoundedLineOfText() {
        XCTAssertEqual(LauncherState.plausibleSearch("header bar"), "header bar")
        XCTAssertEqual(LauncherState.plausibleSearch("a\nb\tc\u{7}"), "a b c", "line breaks and tabs become spaces, other controls go")
        XCTAssertEqual(LauncherState.plausibleSearch("\u{202E}evil\u{2066}"), "evil", "no bidi overrides or isolates")
        XCTAssertEqual(LauncherState.plausibleSearch(String(repeating: "👍🏽", count: 500)).count, LauncherState.maximumSearchLength)
        XCTAssertEqual(LauncherState.plausibleDemoID("say-hello"), "say-hello")
        XCTAssertEqual(LauncherState.plausibleDemoID("2048"), "2048")
        XCTAssertNil(LauncherState.plausibleDemoID("../etc"))
        XCTAssertNil(LauncherState.plausibleDemoID(""))
        XCTAssertNil(LauncherState.plausibleDemoID(nil))
    }
}
