import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// Each Keyboard Shortcuts window against what its window
/// really does (`ShortcutsAudit`; a demo's as its window lists them, issue
/// 44 §3): every listed key does something there,
/// and every accelerator the window reaches and every key its handlers act
/// on is listed. The launcher's Source page is edited, hence the edits
/// folder of its own (`EditAndRunTestCase`).
@MainActor
final class ShortcutsListsTests: EditAndRunTestCase {
    /// The shell's General keys apply in every window; the Launcher's and the
    /// Source page's only in the launcher.
    private var generalGroups: [ShortcutsGroup] { Array(ShellActions.shellShortcuts.prefix(1)) }

    func testTheLaunchersShortcutsAreItsKeys() async throws {
        makeShell()
        // Keys, not animations: a page's fade looked at midway seems changed by any key.
        Toolkit.setAnimationsEnabled(false)
        defer { Toolkit.setAnimationsEnabled(true) }
        let launcher = try launcher()
        // Whole before any key: every row and its Run button, the main menu.
        _ = launcher.visibleDemoIDs
        XCTAssertTrue(
            MainLoop.run(until: { launcher.primaryMenu.popover != nil }), "the main menu comes after the first frame")
        let open: () throws -> Window = { [unowned self] in
            for window in Window.all
            where window !== launcher.window && window.isVisible && window.typeName != "GtkTooltipWindow" {
                window.destroy()
            }
            MainLoop.drain()
            launcher.sourcePane.findBar.end()
            if launcher.detailStack.visiblePageName != "info" { try self.switchTo(launcher, "Info") }
            if !launcher.searchEntry.text.isEmpty { self.search(launcher, "") }
            launcher.list.select(try self.row(launcher, named: "Say Hello"))
            launcher.searchEntry.grabFocus()
            MainLoop.drain()
            return launcher.window
        }
        let sourcePage: (Window) throws -> Void = { [unowned self] _ in
            try self.switchTo(launcher, "Source")
            XCTAssertTrue(
                MainLoop.run(until: { launcher.sourcePane.view != nil }, timeout: 10), "the Source page loads")
            launcher.sourcePane.view?.grabFocus()
        }
        @discardableResult
        func typeALine(_ window: Window) throws -> SourceView {
            try sourcePage(window)
            let edit = try XCTUnwrap(window.find(ToggleButton.self, named: "Edit"))
            if !edit.isActive { edit.click() }
            let view = try XCTUnwrap(launcher.sourcePane.view)
            view.grabFocus()
            for character in "x\n" { view.sendKey(character == "\n" ? Key.returnKey : Key.character(character)) }
            return view
        }
        var audit = ShortcutsAudit(application: shell.application, open: open, groups: ShellActions.shellShortcuts)
        audit.preparations = [
            ("a search typed", { [unowned self] _ in self.search(launcher, "labels") }),
            (
                "the list, second row",
                { _ in
                    launcher.list.select(try self.row(launcher, named: "Labels"))
                    launcher.list.selectedRow?.grabFocus()
                }
            ),
            ("the Source page", sourcePage),
            ("Edit on and a line typed", { window in try typeALine(window) }),
            // Redo's own state, not left to the states derived after Undo, which
            // a cap on their number can leave unreached.
            (
                "a typed line undone",
                { window in
                    let view = try typeALine(window)
                    MainLoop.drain()
                    view.sendKey(Key.character("z"), modifiers: .control)
                }
            ),
            // Go to Definition's page, where Alt+Left goes back.
            (
                "a declaration open",
                { window in
                    try sourcePage(window)
                    let pane = launcher.sourcePane
                    pane.fileSelector.activeIndex = try XCTUnwrap(
                        pane.files.firstIndex { $0.relativePath == "Plugin/SayHelloView.swift" })
                    let edit = try XCTUnwrap(window.find(ToggleButton.self, named: "Edit"))
                    if !edit.isActive { edit.click() }
                    let view = try XCTUnwrap(pane.view)
                    // The keys tried in states before may have changed the file: its shipped code again.
                    if let revert = window.find(Button.self, named: "Revert File"), revert.isSensitive {
                        revert.click()
                    }
                    let lines = view.text.components(separatedBy: "\n")
                    let index = try XCTUnwrap(lines.firstIndex { $0.contains("host: DemoHost") })
                    let column = try XCTUnwrap(lines[index].range(of: "DemoHost")).lowerBound.utf16Offset(
                        in: lines[index])
                    view.moveCursor(toLine: index + 1, column: column + 2)
                    view.sendKey(Key.named("F12"))
                    XCTAssertTrue(
                        MainLoop.run(
                            until: { launcher.sourcePane.shownPageName == "declaration" }, timeout: 180),
                        "F12 opened no declaration")
                }
            ),
            (
                "Find with matches",
                { window in
                    try sourcePage(window)
                    window.sendKey(Key.character("f"), modifiers: .control)
                    MainLoop.drain()
                    launcher.sourcePane.findBar.searchEntry.text = "let"
                    XCTAssertTrue(
                        MainLoop.run(until: { launcher.sourcePane.findBar.matchLabel.text.contains(" ") }), "matches")
                }
            ),
        ]
        XCTAssertEqual(try audit.listedKeysThatDoNothing(), [], "listed, but they do nothing in the launcher")
        XCTAssertEqual(try audit.unlistedKeys(), [], "the launcher's keys that its Keyboard Shortcuts window lacks")
    }

    func testEachDemosShortcutsAreItsKeys() async throws {
        makeShell()
        // Keys, not animations: a state looked at mid-animation (the password
        // demo's flip) seems changed by any key and was skipped on loaded runs.
        Toolkit.setAnimationsEnabled(false)
        defer { Toolkit.setAnimationsEnabled(true) }
        for id in [
            "calculator", "guess-number", "2048", "password", "swift-controls", "say-hello", "labels", "buttons",
            "story",
        ] {
            guard case .success = shell.registry.module(id: id) else {
                XCTFail("\(id) does not load")
                continue
            }
            let open: () throws -> Window = { [unowned self] in
                if let old = self.shell.window(forDemo: id) {
                    old.destroy()
                    MainLoop.drain()
                }
                XCTAssertTrue(self.shell.openDemo(id: id))
                let window = try XCTUnwrap(self.shell.window(forDemo: id))
                XCTAssertTrue(MainLoop.run(until: { window.isMapped }), "\(id) never mapped")
                MainLoop.drain()
                return window
            }
            // As the shell's Keyboard Shortcuts window has them: listed where each key is handled.
            let listed = try open().listedShortcuts
            var audit = ShortcutsAudit(application: shell.application, open: open, groups: generalGroups + listed)
            audit.preparations = preparations[id] ?? []
            XCTAssertEqual(try audit.listedKeysThatDoNothing(), [], "\(id): listed, but they do nothing")
            XCTAssertEqual(try audit.unlistedKeys(), [], "\(id): keys its Keyboard Shortcuts window lacks")
            shell.window(forDemo: id)?.destroy()
            MainLoop.drain()
        }
    }

    /// States a click reaches (the keys' own states are found by pressing them).
    private var preparations: [String: [ShortcutsAudit.Preparation]] {
        func click(_ name: String) -> ShortcutsAudit.Preparation {
            (name, { window in try XCTUnwrap(window.find(Button.self, named: name), name).click() })
        }
        return [
            "2048": [click("New Game")],
            // The flip to the back is animated on the frame clock: the state
            // is the back once turned (the focus moved there), or a look at the
            // window mid-turn would see any key "change" it, and the state was
            // skipped, leaving Escape untried (a loaded run failed so).
            "password": [
                (
                    "About, turned",
                    { window in
                        try XCTUnwrap(window.find(Button.self, named: "About"), "About").click()
                        XCTAssertTrue(
                            MainLoop.run(
                                until: {
                                    window.focusedWidget.map {
                                        $0.as(ListBoxRow.self) != nil || $0.accessibleName == "Done"
                                    } ?? false
                                }, timeout: 30), "the password demo never turned to its back")
                    }
                )
            ],
            "swift-controls": [
                (
                    "a detail page",
                    { window in
                        let row = try XCTUnwrap(window.descendants.compactMap { $0.as(ListBoxRow.self) }.first)
                        row.grabFocus()
                        window.sendKey(Key.returnKey)
                    }
                )
            ],
        ]
    }
}
