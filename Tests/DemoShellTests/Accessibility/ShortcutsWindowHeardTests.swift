import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The Keyboard Shortcuts window as a screen reader reads it: its
/// title is its name, its page buttons say "Page 1", each group says its
/// title, and nothing that takes the focus is unnamed or named for GTK.
@MainActor
final class ShortcutsWindowHeardTests: LauncherTestCase {
    private func openShortcuts() throws -> Window {
        makeShell()
        _ = try launcher()
        shell.actions.showShortcuts()
        let window = try XCTUnwrap(Window.all.first { $0.typeName == "GtkShortcutsWindow" && $0.isVisible })
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        MainLoop.drain()
        return window
    }

    /// One test, one window: GTK 3 leaves the accessibles of a destroyed
    /// Keyboard Shortcuts window behind, which a later one's destruction trips
    /// over (why the shell keeps them, `KeptWindows`).
    func testTheWindowItsPagesGroupsAndSearchAreNamed() async throws {
        let window = try openShortcuts()
        // Each widget's accessible, not a walk of the whole tree: GTK leaves
        // behind the accessibles of the pages a section lays out again.
        XCTAssertEqual(window.title, "Keyboard Shortcuts")
        XCTAssertEqual(window.accessible?.name, "Keyboard Shortcuts")
        let titles = window.descendants.compactMap { $0.as(Label.self) }.filter {
            $0.isMapped && $0.parent?.parent?.typeName == "GtkHeaderBar"
        }
        XCTAssertEqual(titles.map(\.text), ["Keyboard Shortcuts"], "the title shown is its name, not “Shortcuts”")
        XCTAssertEqual(titles.first?.accessible?.name, "Keyboard Shortcuts")
        // GTK 3 keeps a section's page buttons and groups out of the AT-SPI
        // tree; named, they are ready for a toolkit that shows them.
        let pages = window.descendants.filter { $0.typeName == "GtkRadioButton" && $0.isMapped }.map(\.accessibleName)
        XCTAssertEqual(pages, ["Page 1", "Page 2"])
        let groups = Set(window.descendants.filter { $0.typeName == "GtkShortcutsGroup" }.map(\.accessibleName))
        XCTAssertEqual(groups, Set(ShellActions.shellShortcuts.map(\.title)), "each group is named by its title")
        // What reaches the tree: each group's first shortcut says the group.
        let listing = try listWindows(with: try buildATSPIClient(), depth: 40)
        for group in ShellActions.shellShortcuts {
            let first = try XCTUnwrap(group.shortcuts.first).title
            XCTAssertTrue(listing.contains("\(group.title): \(first) [label]"), "\(group.title) is heard: \(listing)")
        }

        // The search: its field's icons, its results pane.
        let search = try XCTUnwrap(window.find(ToggleButton.self, named: "Search shortcuts"))
        search.click()
        let entry = try XCTUnwrap(window.descendants.compactMap { $0.as(SearchEntry.self) }.first)
        XCTAssertTrue(MainLoop.run(until: { entry.isMapped }))
        entry.text = "quit"
        MainLoop.drain()
        let icons = try XCTUnwrap(entry.accessible?.children).map(\.name)
        XCTAssertEqual(
            icons, ["Search", "Clear"], "the field's icons are named for what they do, not for GTK's icon files")
        XCTAssertTrue(
            MainLoop.run(until: {
                window.descendants.contains { $0.typeName == "GtkScrolledWindow" && $0.isMapped }
            }), "the results show")
        let unnamed = window.descendants.filter {
            $0.isMapped && $0.canFocus && $0.accessibleName.isEmpty && $0.as(Entry.self) == nil
        }
        XCTAssertEqual(unnamed.map(\.typeName), [], "every control that takes the focus is named")
    }

    /// With a demo's shortcuts too, the window has a menu of sections: named
    /// by the section shown, as its label says it.
    func testTheMenuOfSectionsSaysTheSectionShown() async throws {
        makeShell()
        _ = try launcher()
        XCTAssertTrue(shell.openDemo(id: "calculator"))
        shell.actions.showShortcuts()
        let window = try XCTUnwrap(Window.all.first { $0.typeName == "GtkShortcutsWindow" && $0.isVisible })
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        MainLoop.drain()
        let menu = try XCTUnwrap(
            window.descendants.compactMap { $0.as(MenuButton.self) }.first { $0.isMapped }, "a menu of sections")
        let shown = try XCTUnwrap(menu.descendants.compactMap { $0.as(Label.self) }.first?.text)
        XCTAssertEqual(menu.accessibleName, "Shortcuts of \(shown)")
        let other = try XCTUnwrap(window.as(ShortcutsWindow.self)).shownSection == "shell" ? "calculator" : "shell"
        try XCTUnwrap(window.as(ShortcutsWindow.self)).shownSection = other
        XCTAssertTrue(
            MainLoop.run(until: {
                menu.accessibleName == "Shortcuts of "
                    + (menu.descendants.compactMap { $0.as(Label.self) }.first?.text ?? "")
                    && !menu.accessibleName.hasSuffix(shown)
            }), "follows the section shown: \(menu.accessibleName)")
    }
}
