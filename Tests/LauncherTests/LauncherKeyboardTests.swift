import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The launcher by keyboard: Escape clears the search, the list is one Tab
/// stop, typing in the list goes to the search; and a search brought back
/// from the last run says so.
@MainActor
final class LauncherKeyboardTests: LauncherTestCase {
    private var focusedRow: ListBoxRow? {
        shell.launcher?.window.focusedWidget?.as(ListBoxRow.self)
    }

    func testEscapeInTheSearchClearsIt() async throws {
        makeShell()
        let launcher = try launcher()
        let all = launcher.visibleDemoIDs
        search(launcher, "say hello")
        XCTAssertLessThan(launcher.visibleDemoIDs.count, all.count)
        launcher.searchEntry.grabFocus()
        launcher.window.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertEqual(launcher.searchEntry.text, "")
        XCTAssertEqual(launcher.visibleDemoIDs, all, "every demo shows again")
        XCTAssertTrue(launcher.searchEntry.hasFocus)
    }

    func testTheListIsOneTabStopAndTypingThereGoesToTheSearch() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertTrue(launcher.searchEntry.hasFocus)
        launcher.window.sendKey(Key.down)
        MainLoop.drain()
        let first = try XCTUnwrap(focusedRow, "Down moves from the search into the list")
        launcher.window.sendKey(Key.down)
        MainLoop.drain()
        let second = try XCTUnwrap(focusedRow, "the arrows move within the list")
        XCTAssertFalse(first === second)

        // Tab leaves the list at once, whatever row has the focus…
        launcher.window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertNil(focusedRow, "Tab went to \(launcher.window.focusedWidget?.typeName ?? "nothing")")
        XCTAssertFalse(launcher.window.focusedWidget?.isInside(launcher.list) ?? true)
        // …Shift+Tab comes back to it (to the selected row), and Shift+Tab again leaves for the search.
        launcher.window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertNotNil(focusedRow, "Shift+Tab comes back into the list")
        launcher.window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "Shift+Tab from the list goes to the search")

        // Walking the whole window with Tab meets one row at most.
        var rowsMet = 0
        for _ in 0..<40 {
            launcher.window.sendKey(Key.tab)
            MainLoop.drain()
            if focusedRow != nil { rowsMet += 1 }
            if launcher.searchEntry.hasFocus { break }
        }
        XCTAssertEqual(rowsMet, 1, "the list is one Tab stop")

        // Typing with a row focused goes to the search, caret after what was typed.
        launcher.window.sendKey(Key.down)
        launcher.searchEntry.text = ""
        MainLoop.drain()
        launcher.list.select(second)
        second.grabFocus()
        XCTAssertNotNil(focusedRow)
        launcher.window.sendKey(Key.character("g"))
        launcher.window.sendKey(Key.character("a"))
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "typing moved the focus to the search")
        XCTAssertEqual(launcher.searchEntry.text, "ga")
    }

    func testTheListStartsWithGettingStartedAndSortsByName() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.visibleDemoIDs.first, "say-hello", "Getting Started comes first")
        let categories = launcher.visibleDemoIDs.compactMap { shell.registry.entry(id: $0)?.info.category }
        XCTAssertEqual(
            categories.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } },
            ["Getting Started", "Controls", "Forms", "Games", "Utilities"])
    }

    func testARestoredSearchSaysSoAndCanBeCleared() async throws {
        let path = LauncherWindow.settingsPath()
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "[Settings]\nsearch=say hello\n".write(toFile: path, atomically: false, encoding: .utf8)
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.searchEntry.text, "say hello")
        XCTAssertTrue(launcher.searchNotice.isShown)
        let sentence = "Showing results for “\u{2068}say hello\u{2069}”"
        XCTAssertEqual(launcher.searchNotice.label.text, sentence)
        func showingLabels() -> [String] {
            (launcher.window.accessible?.subtree ?? []).filter { $0.role == "label" && $0.isShowing }.map(\.name)
        }
        XCTAssertTrue(
            MainLoop.run(until: { showingLabels().contains("Showing results for “say hello”") }),
            "AT-SPI reads the notice (without the isolates)")
        let clear = try XCTUnwrap(launcher.window.find(Button.self, named: "Clear Search"))
        XCTAssertTrue(clear.isMapped)
        XCTAssertEqual(unnamedControls(in: launcher.window), [])
        clear.click()
        MainLoop.drain()
        XCTAssertEqual(launcher.searchEntry.text, "")
        XCTAssertFalse(launcher.searchNotice.isShown)
        XCTAssertEqual(launcher.visibleDemoIDs.count, shell.registry.entries.count)
        XCTAssertTrue(launcher.searchEntry.hasFocus)
    }

    func testATypedSearchShowsNoNotice() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "say hello")
        XCTAssertFalse(launcher.searchNotice.isShown, "only a search the user did not type now is announced")
    }

    /// F10 opens the primary menu, as in every GNOME application; GTK 3
    /// alone only moved the focus to the header bar's first button (Run).
    func testF10OpensTheLaunchersMainMenu() async throws {
        let manager = try WindowManager()  // as on a desktop
        defer { manager.stop() }
        makeShell()
        let launcher = try launcher()
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isActive }), "the window manager activates the launcher")
        XCTAssertTrue(
            MainLoop.run(until: { launcher.primaryMenu.popover != nil }), "the menu comes after the first frame")
        launcher.window.sendKey(Key.named("F10"))
        MainLoop.drain()
        let popover = try XCTUnwrap(launcher.primaryMenu.popover)
        XCTAssertTrue(MainLoop.run(until: { popover.isMapped }), "F10 shows the menu")
        let menu = try XCTUnwrap(launcher.window.accessible?.subtree.first { $0.name == "Main Menu" })
        XCTAssertTrue(menu.isChecked, "a screen reader hears the menu button pressed")
        XCTAssertFalse(launcher.runButton.hasFocus, "the focus did not go to Run")
        launcher.window.sendKey(Key.named("F10"))
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(until: { !popover.isMapped }), "F10 again closes it")
    }

    /// Every demo's primary menu opens on F10 (`DemoWindow`): 2048's.
    func testF10OpensADemosMainMenu() async throws {
        let manager = try WindowManager()
        defer { manager.stop() }
        makeShell()
        XCTAssertTrue(shell.openDemo(id: "2048"))
        let window = try XCTUnwrap(shell.window(forDemo: "2048"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        MainLoop.drain()
        let button = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        window.sendKey(Key.named("F10"))
        MainLoop.drain()
        XCTAssertTrue(button.isActive, "F10 opens 2048's menu")
        XCTAssertTrue(MainLoop.run(until: { button.popover?.isMapped ?? false }))
    }

    /// Closed with the focus on an item of its open menu, a window made GTK
    /// hand the focus on to widgets already gone (criticals, which fail the
    /// test); seen with animations off, as the shortcuts audit has them.
    func testAWindowClosedWithItsMenuOpenGoesQuietly() async throws {
        Toolkit.setAnimationsEnabled(false)
        defer { Toolkit.setAnimationsEnabled(true) }
        makeShell()
        XCTAssertTrue(shell.openDemo(id: "2048"))
        let window = try XCTUnwrap(shell.window(forDemo: "2048"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        MainLoop.drain()
        window.sendKey(Key.named("F10"))
        MainLoop.drain()
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertTrue(
            window.focusedWidget?.isInside(try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu")?.popover))
                ?? false,
            "the focus is on an item of the menu")
        window.sendKey(Key.character("w"), modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { self.shell.window(forDemo: "2048") == nil }), "Ctrl+W closes the window")
    }
}
