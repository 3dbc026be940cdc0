import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The Source page by keyboard. Tab in the code indents; the
/// focus order is the order drawn (the bars, the code, then Problems, Output
/// and Values below it); Ctrl+Tab leaves the code for what is below it, and
/// F6 moves between the launcher's panes, as in GNOME Builder.
@MainActor
final class SourceFocusOrderTests: EditAndRunTestCase {
    /// Keys as on a desktop: under a window manager, the launcher active.
    private var manager: WindowManager?

    override func setUp() async throws {
        try await super.setUp()
        manager = try WindowManager()
    }

    override func tearDown() async throws {
        try await super.tearDown()
        manager?.stop()
        manager = nil
    }
    /// What a screen reader hears focused: the focused accessible's role and name.
    private func heard(_ launcher: LauncherWindow) -> String {
        guard let focused = launcher.window.accessible?.subtree.first(where: \.isFocused) else { return "nothing" }
        return "\(focused.role) \(focused.name)"
    }

    /// Say Hello's view file, Edit on, Problems and Output shown (as after a
    /// first Run Edited), the Info page's fade gone.
    private func editWithResults() throws -> (LauncherWindow, SourceView) {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isActive }), "the window manager activates the launcher")
        launcher.sourcePane.revealResults()
        let info = try XCTUnwrap(launcher.detailStack.page(named: "info"))
        XCTAssertTrue(MainLoop.run(until: { !info.isMapped }), "the Info page faded out")
        let results = launcher.sourcePane.editPanel.results
        XCTAssertTrue(MainLoop.run(until: { results.isMapped }), "Problems and Output are shown")
        view.grabFocus()
        MainLoop.drain()
        return (launcher, view)
    }

    private func press(_ launcher: LauncherWindow, _ keyval: UInt32, _ modifiers: Modifiers = []) -> String {
        launcher.window.sendKey(keyval, modifiers: modifiers)
        MainLoop.drain()
        return heard(launcher)
    }

    func testTabGoesAsDrawnTheCodeBeforeWhatIsBelowIt() async throws {
        let (launcher, _) = try editWithResults()
        launcher.sourcePane.fileSelector.grabFocus()
        var walk: [String] = []
        // Tab to the code (where Tab indents), Ctrl+Tab out of it, Tab on.
        while walk.count < 20, !(walk.last ?? "").hasPrefix("text Say Hello — ") {
            walk.append(press(launcher, Key.tab))
        }
        walk.append(press(launcher, Key.tab, .control))
        for _ in 0..<3 { walk.append(press(launcher, Key.tab)) }
        let edit = try XCTUnwrap(walk.firstIndex(of: "toggle button Edit"), "\(walk)")
        let code = try XCTUnwrap(walk.firstIndex { $0.hasPrefix("text Say Hello — ") }, "\(walk)")
        let problems = try XCTUnwrap(walk.firstIndex(of: "radio button Problems"), "\(walk)")
        XCTAssertLessThan(edit, code, "\(walk)")
        XCTAssertEqual(problems, code + 1, "Problems come right after the code, as drawn: \(walk)")
        XCTAssertEqual(walk.filter { $0.hasPrefix("text Say Hello — ") }.count, 1, "\(walk)")
        // Back: Shift+Tab from Problems is the code, not the bar above it.
        try XCTUnwrap(launcher.window.find(RadioButton.self, named: "Problems")).grabFocus()
        XCTAssertTrue(press(launcher, Key.leftTab, .shift).hasPrefix("text Say Hello — "))
    }

    func testTabIndentsTheCodeAndCtrlTabLeavesItForWhatIsBelow() async throws {
        let (launcher, view) = try editWithResults()
        let before = view.text
        _ = press(launcher, Key.tab)
        XCTAssertTrue(view.hasFocus, "Tab stays in the code")
        XCTAssertEqual(view.text.count, before.count + 4, "Tab indents by four spaces")
        XCTAssertEqual(
            press(launcher, Key.tab, .control), "radio button Problems", "Ctrl+Tab leaves for Problems, below")
        XCTAssertTrue(
            press(launcher, Key.leftTab, [.control, .shift]).hasPrefix("text Say Hello — "), "Ctrl+Shift+Tab comes back"
        )
    }

    func testF6GoesBetweenTheListTheCodeAndTheResults() async throws {
        let (launcher, _) = try editWithResults()
        XCTAssertTrue(heard(launcher).hasPrefix("text Say Hello — "), heard(launcher))
        XCTAssertEqual(
            press(launcher, Key.named("F6")), "radio button Problems", "F6: from the code to Problems and Output")
        XCTAssertEqual(press(launcher, Key.named("F6")), "list item Say Hello", "F6: to the list")
        XCTAssertTrue(press(launcher, Key.named("F6")).hasPrefix("text Say Hello — "), "F6: back to the code")
        XCTAssertEqual(press(launcher, Key.named("F6"), .shift), "list item Say Hello", "Shift+F6 goes back")
        XCTAssertEqual(press(launcher, Key.named("F6"), .shift), "radio button Problems")
        // On the Info page: the list and the page.
        try switchTo(launcher, "Info")
        launcher.searchEntry.grabFocus()
        XCTAssertEqual(
            press(launcher, Key.named("F6")), "push button Run Say Hello", "F6: from the search to the Info page")
        XCTAssertEqual(press(launcher, Key.named("F6")), "list item Say Hello", "F6: back to the list")
    }
}
