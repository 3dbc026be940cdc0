import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// What the launcher leaves out of its first frame (the rows' Run buttons,
/// `RowRunButtons`; the primary menu; the empty state) comes right after it,
/// or when first needed, and nothing seen moves.
@MainActor
final class LauncherFirstFrameTests: LauncherTestCase {
    private func runButtonNames(_ launcher: LauncherWindow) -> [String] {
        launcher.list.descendants.compactMap { $0.as(Button.self)?.accessibleName }.sorted()
    }

    /// Each title's width, by demo, as laid out now.
    private func titleWidths(_ launcher: LauncherWindow) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: launcher.rows.compactMap { row in row.demo.map { ($0.id, row.text.allocatedWidth) } })
    }

    func testRowsGetTheirRunButtonsAfterTheFirstFrameAndNoTitleMoves() async throws {
        makeShell()
        let launcher = try XCTUnwrap(shell.launcher)
        // Shown and laid out, its first frame not drawn yet.
        XCTAssertTrue(launcher.window.isMapped)
        XCTAssertEqual(runButtonNames(launcher), ["Run Say Hello"], "only the first (and selected) row's, to measure")
        let before = titleWidths(launcher)
        XCTAssertEqual(before.count, shell.registry.entries.count)
        XCTAssertTrue(before.values.allSatisfy { $0 > 1 }, "\(before)")

        _ = try self.launcher()  // the first frame, and the idle after it
        let names = shell.registry.entries.map { "Run \($0.info.name)" }.sorted()
        XCTAssertEqual(runButtonNames(launcher), names, "every row has its button, for screen readers")
        let buttons = launcher.list.descendants.compactMap { $0.as(Button.self) }
        XCTAssertTrue(
            MainLoop.run(until: { buttons.allSatisfy { $0.allocatedWidth > 1 } }), "laid out in a later frame")
        XCTAssertEqual(titleWidths(launcher), before, "each row kept its button's room free: no ellipsis moved")
    }

    func testARestoredSelectionHasItsRunButtonInTheFirstFrame() async throws {
        let path = LauncherWindow.settingsPath()
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "[Settings]\nselected=2048\n".write(toFile: path, atomically: false, encoding: .utf8)
        makeShell()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertEqual(launcher.selectedDemoID, "2048")
        XCTAssertEqual(runButtonNames(launcher), ["Run 2048", "Run Say Hello"], "a selected row shows its button")
    }

    func testTheMenuAndTheEmptyStateComeWhenNeeded() async throws {
        makeShell()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(launcher.primaryMenu.isSensitive, "not greyed out while its menu is still to come")
        XCTAssertNil(launcher.primaryMenu.popover)
        XCTAssertNil(launcher.listStack.page(named: "empty"))
        XCTAssertEqual(
            launcher.leftPane.children.count, 3, "the search, a separator and the list: no restored-search notice")

        _ = try self.launcher()
        XCTAssertNotNil(launcher.primaryMenu.popover, "the menu is there after the first frame")
        XCTAssertTrue(launcher.primaryMenu.isSensitive)
        search(launcher, "no demo is called this")
        XCTAssertTrue(launcher.showsNoResults)
        XCTAssertNotNil(launcher.listStack.page(named: "empty"))
        let texts = launcher.listStack.descendants.compactMap { $0.as(Label.self)?.text }
        XCTAssertTrue(texts.contains("Try a different search."), "\(texts)")
        search(launcher, "")
        XCTAssertFalse(launcher.showsNoResults)
    }
}
