import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Hundreds of plugins: the launcher builds a screenful of rows before it
/// shows and the rest at idle (start-up stays flat), yet a search, a restored
/// selection or a list read by automation sees every one of them at once.
@MainActor
final class LauncherManyPluginsTests: LauncherTestCase {
    /// `count` unavailable plugins (no Module), so no plugin check runs.
    private func manyPluginsFolder(_ count: Int) throws -> String {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-many-XXXXXX"))
        for i in 0..<count {
            try FileSystem.writeAtomically(
                "[Plugin]\nId=extra-\(i)\nName=Extra plugin \(i)\nABI=1\n",
                to: FileSystem.join(folder, "extra-\(i).plugin"))
        }
        return folder
    }

    func testOnlyAScreenfulOfRowsIsBuiltBeforeTheWindowShowsAndTheRestAtIdle() async throws {
        let folder = try manyPluginsFolder(150)
        makeShell(extraPluginFolder: folder)
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertEqual(
            launcher.builtRowCount, LauncherWindow.rowsBuiltAtStart, "no more than a screenful before the first frame")
        XCTAssertEqual(launcher.list.children.count, LauncherWindow.rowsBuiltAtStart)
        XCTAssertNotNil(launcher.selectedDemoID, "the first demo is selected at once")
        XCTAssertTrue(
            MainLoop.run(until: { launcher.list.children.count == 159 }, timeout: 10), "the rest come at idle")
        XCTAssertTrue(launcher.window.isMapped)
        XCTAssertEqual(launcher.unavailableRows.count, 150)
        XCTAssertNotNil(launcher.window.find(named: "Extra plugin 149 (unavailable)"))
    }

    func testASearchBeforeTheIdleRowsFindsARowNotBuiltYet() async throws {
        let folder = try manyPluginsFolder(150)
        makeShell(extraPluginFolder: folder)
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertLessThan(launcher.builtRowCount, 159)
        launcher.searchEntry.text = "Extra plugin 149"
        launcher.searchEntry.activate()  // Enter: filters at once
        XCTAssertEqual(launcher.builtRowCount, 159)
        XCTAssertFalse(launcher.showsNoResults, "the last plugin is found before its row was due")
        let shown = launcher.list.children.filter(\.isChildVisible).compactMap {
            $0.as(ListBoxRow.self)?.accessibleName
        }
        XCTAssertEqual(shown, ["Extra plugin 149 (unavailable)"])
    }

    func testARestoredSelectionBeyondTheFirstScreenfulIsBuiltAndSelected() async throws {
        // A plugin sorted last among the demos: its category after every built-in one.
        let folder = try manyPluginsFolder(40)
        for i in 0..<30 {
            let manifest = try XCTUnwrap(
                FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin"))
            )
            .replacingOccurrences(of: "Id=say-hello", with: "Id=zz-\(i)")
            let lines = manifest.split(separator: "\n").filter { !$0.hasPrefix("Category") && !$0.hasPrefix("Name") }
            try FileSystem.writeAtomically(
                lines.joined(separator: "\n") + "\nName=Zeta \(i)\nCategory=Zzz\n",
                to: FileSystem.join(folder, "zz-\(i).plugin"))
            try? FileManager.default.createSymbolicLink(
                atPath: FileSystem.join(folder, "libSayHello.so"),
                withDestinationPath: FileSystem.join(buildProductsDirectory, "libSayHello.so"))
        }
        let settings = Settings(path: LauncherWindow.settingsPath())
        settings.set("zz-29", for: "selected")
        XCTAssertNil(settings.save())
        makeShell(extraPluginFolder: folder)
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertEqual(launcher.selectedDemoID, "zz-29", "built on demand and selected before the first frame")
        XCTAssertLessThan(launcher.builtRowCount, 79, "only up to the selected row")
    }
}
