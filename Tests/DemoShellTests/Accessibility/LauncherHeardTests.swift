@_spi(Shell) import DemoKit
@_spi(Testing) import Gtk
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import XCTest

/// Issue 43: what a screen-reader user hears of the launcher, read through
/// AT-SPI as a screen reader reads it.
@MainActor
final class LauncherHeardTests: LauncherTestCase {
    /// The list's group headers ("Getting Started", "Games") are not in
    /// GTK 3's accessibility tree: each row says its category.
    func testEachRowSaysItsCategory() async throws {
        makeShell()
        let launcher = try launcher()
        _ = launcher.visibleDemoIDs // every row built
        let client = try buildATSPIClient()
        let listing = try listWindows(with: client, depth: 40, described: true)
        let rows = listing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("[list item]") }
        XCTAssertFalse(rows.isEmpty, listing)
        let sayHello = try XCTUnwrap(rows.first { $0.hasPrefix("Say Hello [list item]") }, listing)
        XCTAssertTrue(sayHello.contains(" | Getting Started. "), sayHello)
        let game = try XCTUnwrap(rows.first { $0.hasPrefix("2048 [list item]") }, listing)
        XCTAssertTrue(game.contains(" | Games. "), game)
        for row in rows {
            XCTAssertTrue(row.contains(". "), "a row says its category: \(row)")
        }
    }
}
