import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Sizes, search and selection survive closing and opening again.
@MainActor
final class WindowMemoryTests: GtkTestCase {
    private func makeShell() -> Shell { makeTestShell() }

    private func resize(_ window: Window, to width: Int, _ height: Int) {
        window.resize(width: width, height: height)
        XCTAssertTrue(
            MainLoop.run(until: { window.size == (width, height) && window.allocatedWidth > 0 }),
            "resized to \(width) × \(height), is \(window.size)")
        MainLoop.drain()
    }

    func testADemoWindowReopensAtTheSizeItWasLeft() async throws {
        let shell = makeShell()
        XCTAssertTrue(shell.openDemo(id: "say-hello"))
        var window = try XCTUnwrap(shell.window(forDemo: "say-hello"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        let first = window.size
        XCTAssertNotEqual(first.width, 710)
        resize(window, to: 710, 530)
        window.destroy()
        MainLoop.drain()
        let file = try String(contentsOfFile: Settings(pluginID: "say-hello").path, encoding: .utf8)
        XCTAssertTrue(file.contains("window-width=710"), file)

        XCTAssertTrue(shell.openDemo(id: "say-hello"))
        window = try XCTUnwrap(shell.window(forDemo: "say-hello"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        XCTAssertTrue(MainLoop.run(until: { window.size == (710, 530) }), "reopened at \(window.size)")
    }

    func testACorruptSettingsFileGivesTheDefaultSizeAndIsKeptAside() async throws {
        let path = Settings(pluginID: "labels").path
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "window-width=900\n\u{0}garbage[[[".write(toFile: path, atomically: false, encoding: .utf8)
        let shell = makeShell()
        XCTAssertTrue(shell.openDemo(id: "labels"))
        let window = try XCTUnwrap(shell.window(forDemo: "labels"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        XCTAssertLessThan(window.size.width, 700, "the default size (620, or what the content needs), not 900")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bak"), "the damaged file is kept")
        let width = window.size.width
        window.destroy()
        MainLoop.drain()
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("window-width=\(width)"))
    }

    func testTheLauncherRemembersItsSizeSearchAndSelection() async throws {
        var shell = makeShell()
        shell.showLauncher()
        var launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        resize(launcher.window, to: 1000, 700)
        var reported = false
        let id = launcher.searchEntry.onSearchChanged { _ in reported = true }
        launcher.searchEntry.text = "game"
        XCTAssertTrue(MainLoop.run(until: { reported }))
        launcher.searchEntry.disconnect(id)
        XCTAssertTrue(launcher.visibleDemoIDs.contains("guess-number"))
        XCTAssertNotEqual(launcher.visibleDemoIDs.first, "guess-number", "so choosing it is a real choice")
        let row = try XCTUnwrap(launcher.list.children.first { $0.accessibleName == "Guess the Number" })
        launcher.list.select(row.as(ListBoxRow.self)!)
        XCTAssertEqual(launcher.selectedDemoID, "guess-number")
        launcher.window.destroy()
        MainLoop.drain()

        shell = makeShell()
        shell.showLauncher()
        launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        XCTAssertEqual(launcher.searchEntry.text, "game")
        XCTAssertEqual(launcher.selectedDemoID, "guess-number")
        // GtkSearchEntry's delayed "search-changed" for the restored text keeps the choice.
        MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertEqual(launcher.selectedDemoID, "guess-number")
        XCTAssertTrue(MainLoop.run(until: { launcher.window.size == (1000, 700) }), "\(launcher.window.size)")
    }

    /// What a crash (kill -9) would leave is on disk while the
    /// launcher is still open, a moment after each change, not only at close.
    func testTheLaunchersStateIsOnDiskSoonAfterEachChangeWithTheWindowStillOpen() async throws {
        let shell = makeShell()
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        let path = LauncherWindow.settingsPath()
        func onDisk(_ text: String) -> Bool {
            MainLoop.run(until: { FileSystem.read(path)?.contains(text) ?? false }, timeout: 3)
        }
        resize(launcher.window, to: 1010, 690)
        XCTAssertTrue(onDisk("window-width=1010"), FileSystem.read(path) ?? "no file")
        XCTAssertTrue(onDisk("window-height=690"))

        launcher.paned.position = 333
        XCTAssertTrue(onDisk("divider=333"), FileSystem.read(path) ?? "no file")

        launcher.searchEntry.text = "calc"
        XCTAssertTrue(onDisk("search=calc"), FileSystem.read(path) ?? "no file")
        XCTAssertTrue(onDisk("selected=calculator"), FileSystem.read(path) ?? "no file")

        // Typing is one write when it pauses, not one per key.
        launcher.searchEntry.text = "labe"
        launcher.searchEntry.text = "label"
        MainLoop.run(until: { false }, timeout: 0.2)
        XCTAssertFalse(FileSystem.read(path)?.contains("search=labe") ?? true, "not written in mid-word")
        XCTAssertTrue(onDisk("search=label\n"), FileSystem.read(path) ?? "no file")
        XCTAssertTrue(launcher.window.isMapped, "all of it while the window is open")
    }
}
