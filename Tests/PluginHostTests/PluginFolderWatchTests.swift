import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A `.plugin` added while the shell runs is seen without a restart.
@MainActor
final class PluginFolderWatchTests: GtkTestCase {
    private var folder = ""

    override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-watch-XXXXXX"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
        try await super.tearDown()
    }

    /// A plugin `id` that is Say Hello's library under another name.
    private func addPlugin(_ id: String, name: String) throws {
        try? FileManager.default.createSymbolicLink(
            atPath: FileSystem.join(folder, "libSayHello.so"),
            withDestinationPath: FileSystem.join(buildProductsDirectory, "libSayHello.so"))
        try FileSystem.writeAtomically(
            """
            [Plugin]
            Id=\(id)
            Module=SayHello
            Entry=SayHelloDemo
            Name=\(name)
            Description=Added while the shell runs
            Category=Getting Started
            ABI=1

            """, to: FileSystem.join(folder, "\(id).plugin"))
    }

    func testTheLauncherListsAPluginCopiedInWhileItIsOpenAndKeepsTheSelection() async throws {
        let shell = makeTestShell(extraPluginFolder: folder)
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        launcher.selectDemo(id: "labels")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("hello-again"))

        try addPlugin("hello-again", name: "Hello Again")
        XCTAssertTrue(
            MainLoop.run(until: { launcher.visibleDemoIDs.contains("hello-again") }),
            "the folder's monitor brought it in")
        XCTAssertEqual(launcher.selectedDemoID, "labels", "the user's selection stays")

        try FileManager.default.removeItem(atPath: FileSystem.join(folder, "hello-again.plugin"))
        XCTAssertTrue(
            MainLoop.run(until: { !launcher.visibleDemoIDs.contains("hello-again") }),
            "and a removed one goes")
    }

    /// A plugin's own folder is watched (a manifest written
    /// into `plugins/ID/` after the folder appeared is seen), and a folder
    /// of the path created while the launcher runs is seen through its
    /// nearest existing parent, not by GIO's polling of a missing folder.
    func testAPluginsOwnFolderAndAFolderCreatedLaterAreWatched() async throws {
        let plugins = FileSystem.join(folder, "plugins"), later = FileSystem.join(folder, "later", "plugins")
        try FileSystem.makeDirectory(FileSystem.join(plugins, "tip"))
        XCTAssertEqual(
            PluginFolderWatch.foldersToRenew(searchPath: [plugins, later], watched: [plugins]),
            [FileSystem.join(plugins, "tip"), folder], "its folder, and the missing one's nearest parent")
        XCTAssertEqual(
            PluginFolderWatch.foldersToRenew(searchPath: [later], watched: []).first, folder)

        let shell = makeTestShell(extraPluginFolder: plugins)
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        let tip = FileSystem.join(plugins, "tip")
        XCTAssertEqual(
            symlink(FileSystem.join(buildProductsDirectory, "libSayHello.so"), FileSystem.join(tip, "libSayHello.so")),
            0)
        try FileSystem.writeAtomically(
            "[Plugin]\nId=tip\nModule=SayHello\nEntry=SayHelloDemo\nName=Tip\nABI=1\n",
            to: FileSystem.join(tip, "tip.plugin"))
        XCTAssertTrue(
            MainLoop.run(until: { launcher.visibleDemoIDs.contains("tip") }),
            "the plugin's folder's monitor brought it in")
    }

    func testAnIDNotKnownMakesTheRegistryLookAgain() async throws {
        // No launcher, so no monitor: only the lookup for an unknown id rescans.
        // (The folder counts as the shell's own, so the demo opens in this process.)
        let shell = makeTestShell(extraPluginFolder: folder, extraFolderIsOwn: true)
        try addPlugin("late-comer", name: "Late Comer")
        XCTAssertNil(shell.registry.entry(id: "late-comer"))
        XCTAssertTrue(shell.openDemo(id: "late-comer"), "\(shell.lastOpenFailure.map { $0.reason } ?? "")")
        let window = try XCTUnwrap(shell.window(forDemo: "late-comer"))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        XCTAssertEqual(window.title, "Late Comer")
    }

    func testARescanKeepsALoadedPluginAndItsWindow() async throws {
        try addPlugin("hello-again", name: "Hello Again")
        let shell = makeTestShell(extraPluginFolder: folder, extraFolderIsOwn: true)  // loaded here
        XCTAssertTrue(shell.openDemo(id: "hello-again"))
        try FileManager.default.removeItem(atPath: FileSystem.join(folder, "hello-again.plugin"))
        shell.rescanPlugins()
        XCTAssertEqual(shell.registry.entry(id: "hello-again")?.info.name, "Hello Again", "its code is in memory")
        XCTAssertTrue(shell.registry.isLoaded(id: "hello-again"))
        XCTAssertTrue(shell.openDemo(id: "hello-again"), "its window is presented again")
    }

    func testAPluginWithTheSameIDAddedEarlierOnThePathDoesNotReplaceALoadedOne() async throws {
        let earlier = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-watch-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: earlier) }
        try addPlugin("twin", name: "Loaded Twin")
        let registry = PluginRegistry(searchPath: [earlier, folder])
        guard case .success = registry.module(id: "twin") else { return XCTFail("\(registry.failures)") }
        let saved = folder
        folder = earlier
        try addPlugin("twin", name: "Newer Twin")
        folder = saved
        XCTAssertTrue(registry.rescan(), "the newcomer is listed (as ignored)")
        XCTAssertEqual(registry.entry(id: "twin")?.info.name, "Loaded Twin", "the code in memory is the one named")
        XCTAssertEqual(registry.duplicates.map(\.name), ["Newer Twin"])
    }
}
