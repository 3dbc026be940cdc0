import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The launcher window, driven as a person would: typing in the search field,
/// pressing Enter, double-clicking, using shortcuts.
@MainActor
final class LauncherTests: LauncherTestCase {
    func testLauncherShowsTitleSearchAndGroupedDemos() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.window.title, "Demo Shell")
        XCTAssertNotNil(launcher.window.find(SearchEntry.self, named: "Search demos"))
        XCTAssertNotNil(launcher.window.find(Button.self, named: "Run"))
        XCTAssertTrue(launcher.visibleDemoIDs.contains("say-hello"))
        XCTAssertEqual(launcher.selectedDemoID, launcher.visibleDemoIDs.first, "the first demo is selected")
        XCTAssertTrue(launcher.searchEntry.hasFocus, "typing goes straight to the search")
        XCTAssertTrue(IconTheme.hasIcon(Shell.applicationID), "the app icon is found in an uninstalled build")
        XCTAssertEqual(unnamedControls(in: launcher.window), [], "every launcher control has an accessible name")
    }

    /// The Info page is built in the frame after the window's first (it was
    /// an eighth of the launcher's start): the window maps without it, and it
    /// is there, shown and named for screen readers, with the selected demo,
    /// as soon as the main loop has painted that frame.
    func testTheInfoPageIsBuiltRightAfterTheWindowsFirstFrame() async throws {
        makeShell()
        let unfilled = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(unfilled.window.isMapped, "the launcher maps as it is built")
        XCTAssertNil(unfilled.infoPane, "no Info page content before the first frame")
        XCTAssertEqual(unfilled.detailStack.visiblePageName, "info")
        let launcher = try launcher()
        let pane = try infoPane(launcher)
        XCTAssertTrue(pane.widget.isMapped)
        XCTAssertEqual(launcher.detailStack.visiblePageName, "info")
        XCTAssertEqual(pane.shownID, launcher.selectedDemoID)
        XCTAssertEqual(pane.shownTexts.first, "Say Hello")
        XCTAssertTrue(pane.runButton.isMapped)
        XCTAssertEqual(pane.runButton.accessibleName, "Run Say Hello")
        pane.runButton.click()
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.demoWindows[id: "say-hello"] != nil }), "its Run button opens the demo")
        XCTAssertEqual(unnamedControls(in: launcher.window), [])
    }

    func testSearchFiltersOnNameDescriptionAndCategoryIgnoringCase() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "SAY hel")
        // Say Hello by its name, selected as the best match; a demo whose Help
        // text happens to hold both words is listed too.
        XCTAssertTrue(launcher.visibleDemoIDs.contains("say-hello"))
        XCTAssertEqual(launcher.selectedDemoID, "say-hello")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("labels"))
        search(launcher, "greeting")
        XCTAssertEqual(launcher.visibleDemoIDs, ["say-hello"], "description matches")
        search(launcher, "getting started")
        XCTAssertTrue(launcher.visibleDemoIDs.contains("say-hello"), "category matches")
        search(launcher, "zzzz-nothing")
        XCTAssertEqual(launcher.visibleDemoIDs, [])
        XCTAssertFalse(launcher.runButton.isSensitive, "nothing to run")
        let placeholder = launcher.window.descendants.compactMap { $0.as(Label.self) }
            .first { $0.text == "No results" }
        XCTAssertNotNil(placeholder)
        XCTAssertTrue(placeholder?.isMapped ?? false, "the empty state is on screen")
        search(launcher, "")
        XCTAssertTrue(launcher.visibleDemoIDs.contains("say-hello"))
        XCTAssertTrue(launcher.runButton.isSensitive)
    }

    func testEnterInSearchOpensTheDemoAndOpeningAgainPresentsTheSameWindow() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "say hello")
        launcher.searchEntry.sendKey(Key.returnKey)
        let window = try XCTUnwrap(waitForWindow(titled: "Say Hello"))
        XCTAssertTrue(shell.window(forDemo: "say-hello") === window)
        XCTAssertTrue(shell.openDemo(id: "say-hello"))
        XCTAssertEqual(Window.all.filter { $0.title == "Say Hello" }.count, 1, "no second window")
    }

    func testEnterRightAfterTypingOpensWhatWasTyped() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertNotEqual(launcher.selectedDemoID, "swift-controls", "the test needs another demo selected first")
        launcher.searchEntry.grabFocus()
        for c in "swift" { launcher.searchEntry.sendKey(Key.character(c)) }
        launcher.searchEntry.sendKey(Key.returnKey)  // before the search delay runs out
        XCTAssertNotNil(waitForWindow(titled: "Swift Controls"), "the typed demo opens, not the one selected before")
        XCTAssertNil(shell.window(forDemo: "buttons"))
        XCTAssertNil(shell.window(forDemo: "labels"))
    }

    func testRunButtonAndDoubleClickOpenTheSelectedDemo() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "hello")
        launcher.runButton.click()
        let first = try XCTUnwrap(waitForWindow(titled: "Say Hello"))
        first.destroy()
        MainLoop.drain()
        XCTAssertNil(shell.window(forDemo: "say-hello"))

        let row = try XCTUnwrap(launcher.list.selectedRow)
        row.sendClick(x: 20, y: 10, count: 2)
        XCTAssertNotNil(waitForWindow(titled: "Say Hello"), "double-click opens")
    }

    /// The shell's shortcuts are actions with accelerators,
    /// reached by real key events in every window the shell manages.
    func testKeyboardShortcuts() async throws {
        makeShell()
        let launcher = try launcher()
        launcher.runButton.grabFocus()
        XCTAssertFalse(launcher.searchEntry.hasFocus)
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "Ctrl+F (win.find) focuses the search")

        // F1 is help: the selected demo's Info page.
        try switchTo(launcher, "Source")
        XCTAssertEqual(launcher.detailStack.visiblePageName, "source")
        launcher.window.sendKey(Key.f1)
        MainLoop.drain()
        XCTAssertEqual(launcher.detailStack.visiblePageName, "info", "F1 shows the Info page")

        shell.openDemo(id: "say-hello")
        let demo = try XCTUnwrap(waitForWindow(titled: "Say Hello"))
        demo.present()
        MainLoop.run(until: { demo.isActive }, timeout: 2)
        launcher.list.select(try row(launcher, named: "Labels"))
        demo.sendKey(Key.f1)
        MainLoop.drain()
        XCTAssertEqual(launcher.selectedDemoID, "say-hello", "F1 in a demo shows that demo's help")

        // Caps Lock on: Ctrl+W still closes, and only the focused window.
        demo.present()
        MainLoop.run(until: { demo.isActive }, timeout: 2)
        demo.sendKey(Key.character("W"), modifiers: [.control, Modifiers(rawValue: 2)])
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.window(forDemo: "say-hello") == nil }), "Ctrl+W closes the focused window")
        XCTAssertNotNil(shell.launcher, "…and only that one")

        // Ctrl+Shift+Q is not Ctrl+Q.
        launcher.window.sendKey(Key.character("Q"), modifiers: [.control, .shift])
        MainLoop.drain()
        XCTAssertTrue(launcher.window.isVisible)
    }

    /// The primary menu holds Keyboard Shortcuts, Help and About; About is
    /// `app.about`, Ctrl+? the Keyboard Shortcuts window with every loaded
    /// demo's own shortcuts, the active demo's shown first.
    func testPrimaryMenuAboutAndTheKeyboardShortcutsWindow() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.primaryMenu.accessibleName, "Main Menu")
        XCTAssertTrue(launcher.window.descendants.contains { $0 === launcher.primaryMenu }, "in the header bar")
        shell.application.activateAction("about")
        let about = try XCTUnwrap(waitForWindow(titled: "About Demo Shell"), "app.about opens About")
        XCTAssertEqual(about.as(AboutDialog.self)?.version, shellVersion)
        about.destroy()

        launcher.window.present()
        MainLoop.run(until: { launcher.window.isActive }, timeout: 2)
        launcher.window.sendKey(Key.named("question"), modifiers: [.control, .shift])
        let general = try XCTUnwrap(
            Window.all.first { $0.typeName == "GtkShortcutsWindow" && $0.isVisible }, "Ctrl+? opens it")
        let texts = general.descendants.compactMap { $0.as(Label.self)?.text }
        XCTAssertTrue(texts.contains("Keyboard shortcuts") && texts.contains("Quit"), "\(texts)")
        // Closed as a person closes it: the shell keeps the window, hidden
        // (`KeptWindows`). Destroyed, GTK 3 leaves a handler of one of its
        // widgets behind, which the next style change meets (criticals).
        general.hide()
        MainLoop.drain()

        shell.openDemo(id: "2048")
        let game = try XCTUnwrap(waitForWindow(titled: "2048"))
        game.present()
        MainLoop.run(until: { game.isActive }, timeout: 2)
        game.sendKey(Key.named("question"), modifiers: [.control, .shift])
        let shortcuts = try XCTUnwrap(Window.all.first { $0.typeName == "GtkShortcutsWindow" && $0.isVisible })
        XCTAssertEqual(shortcuts.stringProperty("section-name"), "2048", "the active demo's section is shown")
        let labels = shortcuts.descendants.compactMap { $0.as(Label.self)?.text }
        XCTAssertTrue(labels.contains("Undo the last move"), "\(labels)")
        shortcuts.hide()
        game.destroy()
    }

    func testBrokenPluginsAreListedAsUnavailableWithTheirReason() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        try FileSystem.writeAtomically(
            "[Plugin]\nId=half\nName=Half Plugin\nABI=1\n", to: FileSystem.join(folder, "half.plugin"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=junk\nModule=Junk\nName=Junk Plugin\nABI=1\n", to: FileSystem.join(folder, "junk.plugin"))
        try FileSystem.writeAtomically("garbage", to: FileSystem.join(folder, "libJunk.so"))
        makeShell(extraPluginFolder: folder)
        let launcher = try launcher()
        XCTAssertEqual(launcher.unavailableRows.map(\.name), ["Half Plugin"])
        XCTAssertTrue(launcher.unavailableRows[0].reason.contains("Module"))
        XCTAssertNotNil(launcher.window.find(named: "Half Plugin (unavailable)"))

        XCTAssertFalse(shell.openDemo(id: "junk"), "a library that won't load is not fatal")
        let dialog = try XCTUnwrap(waitForWindow(titled: "“Junk Plugin” cannot be opened"))
        dialog.destroy()
        XCTAssertEqual(
            Set(launcher.unavailableRows.map(\.name)), ["Half Plugin", "Junk Plugin"], "it moved to Unavailable")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("junk"))
    }
}
