import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// After Rename or Delete the list's rows are made anew; a screen
/// reader heard the focus go to the row taken away (index −1) before the
/// new one. Now the first focus it hears is the new row's.
@MainActor
final class RemovedRowFocusTests: MyDemosTestCase {
    private var listener: AnnouncementListener?

    override func tearDown() async throws {
        listener?.stop()
        listener = nil
        try await super.tearDown()
    }

    /// The focus events `action` makes heard.
    private func focusHeard(_ launcher: LauncherWindow, during action: () throws -> Void) throws -> [(
        index: Int, name: String
    )] {
        listener = try listenForAnnouncements()
        let events = try XCTUnwrap(listener).events(through: launcher.window, during: action)
        return events.compactMap { if case .focused(let index, let name) = $0 { (index, name) } else { nil } }
    }

    private func openMenu(_ launcher: LauncherWindow, on name: String) throws -> Popover {
        let row = try row(launcher, named: name)
        launcher.list.select(row)
        row.grabFocus()
        MainLoop.drain()
        launcher.window.sendKey(Key.named("F10"), modifiers: .shift)
        XCTAssertTrue(MainLoop.run(until: { launcher.rowMenu.popover?.isMapped == true }), "no menu")
        return try XCTUnwrap(launcher.rowMenu.popover)
    }

    func testAfterRenameTheFocusHeardIsTheNewRows() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        try XCTUnwrap(try openMenu(launcher, on: "Pocket Lamp").find(ModelButton.self, named: "Rename…")).click()
        MainLoop.drain()
        let field = try XCTUnwrap(launcher.rowMenu.popover?.find(Entry.self, named: "New Name"))
        field.text = "Desk Lamp"
        let heard = try focusHeard(launcher) {
            field.sendKey(Key.returnKey)
            MainLoop.drain()
            XCTAssertTrue(MainLoop.run(until: { launcher.window.focusedWidget?.accessibleName == "Desk Lamp" }))
        }
        XCTAssertEqual(heard.filter { $0.index < 0 }.map(\.name), [], "no focus heard on a row taken away")
        XCTAssertEqual(heard.first?.name, "Desk Lamp", "the renamed row's is the first focus heard: \(heard)")
    }

    func testAfterDeleteTheFocusHeardIsTheNewRows() async throws {
        try create("Pocket Lamp")
        try create("Reading Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let menu = try openMenu(launcher, on: "Pocket Lamp")
        let heard = try focusHeard(launcher) {
            try XCTUnwrap(menu.find(ModelButton.self, named: "Delete")).click()
            MainLoop.drain()
        }
        XCTAssertEqual(heard.filter { $0.index < 0 }.map(\.name), [], "no focus heard on a row taken away")
        let selected = try XCTUnwrap(launcher.list.selectedRow?.accessibleName)
        XCTAssertEqual(heard.first?.name, selected, "the selected row's is the first focus heard: \(heard)")
    }

    /// A menu closed without a choice gives the focus back to its row.
    func testEscapeGivesTheFocusBackToTheRow() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let menu = try openMenu(launcher, on: "Pocket Lamp")
        XCTAssertTrue(launcher.window.focusedWidget?.isInside(menu) ?? false, "the menu has the focus")
        launcher.window.sendKey(Key.escape)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.window.focusedWidget?.accessibleName == "Pocket Lamp" }), "back on its row")
    }
}
