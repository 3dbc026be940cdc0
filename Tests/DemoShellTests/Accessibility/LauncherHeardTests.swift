import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// What a screen-reader user hears of the launcher, read through
/// AT-SPI as a screen reader reads it.
@MainActor
final class LauncherHeardTests: LauncherTestCase {
    /// The list's group headers ("Getting Started", "Games") are not in
    /// GTK 3's accessibility tree: each row says its category.
    func testEachRowSaysItsCategory() async throws {
        makeShell()
        let launcher = try launcher()
        _ = launcher.visibleDemoIDs  // every row built
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

    /// What a fresh AT-SPI client lists of `window`'s application that takes
    /// the focus, is shown and has no name.
    private func unnamedFocusable(_ client: String) throws -> [String] {
        try listWindows(with: client, depth: 40).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("[") && $0.contains(" focusable") && $0.contains(" showing") }
    }

    /// The combo boxes' buttons, both split panes' handles: every
    /// control that takes the focus has a name a screen reader says.
    func testNothingThatTakesTheFocusIsUnnamed() async throws {
        makeShell()
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Say Hello"))
        try switchTo(launcher, "Source")
        launcher.sourcePane.revealResults()
        XCTAssertTrue(MainLoop.run(until: { launcher.sourcePane.editPanel.results.isMapped }))
        let client = try buildATSPIClient()
        XCTAssertEqual(try unnamedFocusable(client), [], "the launcher's Source page")
        let listing = try listWindows(with: client, depth: 40)
        // The combo box's button is outside AT-SPI's tree, yet takes the focus (Tab).
        let fileButton = try XCTUnwrap(
            launcher.sourcePane.fileSelector.descendants.first { $0.typeName == "GtkToggleButton" })
        XCTAssertTrue(fileButton.canFocus)
        XCTAssertEqual(fileButton.accessible?.name, "Source file", "the file list's button says what it is")
        XCTAssertTrue(listing.contains("Divider between the list and the page [split pane]"), listing)
        XCTAssertTrue(listing.contains("Divider between the code and Problems and Output [split pane]"), listing)

        launcher.window.sendKey(Key.character("N"), modifiers: [.control, .shift])
        let dialog = try XCTUnwrap(waitForWindow(titled: "New Demo"))
        XCTAssertTrue(MainLoop.run(until: { dialog.isMapped }))
        MainLoop.drain()
        XCTAssertEqual(try unnamedFocusable(client), [], "New Demo")
        let startButton = try XCTUnwrap(
            dialog.find(ComboBoxText.self, named: "Starting Point")?.descendants.first {
                $0.typeName == "GtkToggleButton"
            })
        XCTAssertEqual(startButton.accessible?.name, "Starting Point")
    }

    /// The About dialog's licence link reads "MIT License", not GTK's
    /// "See the The MIT License (MIT)".
    func testTheAboutDialogSaysItsLicenceOnce() async throws {
        makeShell()
        _ = try launcher()
        shell.showAbout()
        let about = try XCTUnwrap(Window.all.first { $0.typeName == "GtkAboutDialog" && $0.isVisible })
        XCTAssertTrue(MainLoop.run(until: { about.isMapped }))
        MainLoop.drain()
        let client = try buildATSPIClient()
        let listing = try listWindows(with: client, depth: 40)
        XCTAssertFalse(listing.contains("the The"), listing)
        XCTAssertTrue(listing.contains("See the MIT License for details."), listing)
    }
}
