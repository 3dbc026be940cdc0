import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The learner's demos are listed under "My Demos", first,
/// with the Info and Source pages of any demo; opening one builds it as Run
/// Edited does and runs it in a process of its own; a folder damaged or
/// deleted by hand updates the list and crashes nothing.
@MainActor
final class MyDemosListTests: MyDemosTestCase {
    override func tearDown() async throws {
        if let shell {
            shell.myDemoBuilds.stopAll()
            shell.isolatedDemos.stopAll()
            XCTAssertTrue(
                MainLoop.run(until: { shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10), "a demo process was left")
            for id in ["pocket-lamp", "spare-lamp"] { FileSystem.removeTree(MyDemoBuilds.workspace(id: id).root) }
        }
        try await super.tearDown()
    }

    func testMyDemosIsTheFirstCategoryWithTheInfoAndSourcePages() async throws {
        let demo = try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        XCTAssertEqual(launcher.visibleDemoIDs.first, "pocket-lamp", "listed first")
        let row = try row(launcher, named: "Pocket Lamp")
        XCTAssertEqual(row.header?.as(Label.self)?.text, "My Demos", "under My Demos")
        XCTAssertEqual((row as? LauncherRow)?.category, "My Demos")

        launcher.list.select(row)
        MainLoop.drain()
        XCTAssertEqual(try infoPane(launcher).shownID, "pocket-lamp")
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains("Pocket Lamp"))
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains(demo.manifest.info.description))
        try switchTo(launcher, "Source")
        let files = launcher.sourcePane.files
        XCTAssertEqual(
            files.map(\.relativePath),
            [
                "Model/PocketLampModel.swift", "Plugin/PocketLampView.swift",
                "Plugin/PocketLampPlugin.swift", "manifest.plugin",
            ])
        XCTAssertTrue(files.allSatisfy { $0.path?.hasPrefix(demo.folder + "/") == true }, "the store folder's files")
        XCTAssertNotNil(launcher.window.find(ToggleButton.self, named: "Edit"), "editable as any demo")
    }

    func testTheCategoryComesWithTheFirstDemoMadeWhileTheLauncherRuns() async throws {
        XCTAssertFalse(FileSystem.exists(store.root), "no store yet")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        XCTAssertFalse(launcher.rows.contains { $0.category == "My Demos" }, "no My Demos while there is none")
        XCTAssertNotEqual(launcher.visibleDemoIDs.first, "pocket-lamp")
        try create("Pocket Lamp")
        XCTAssertTrue(
            MainLoop.run(until: { launcher.visibleDemoIDs.first == "pocket-lamp" }, timeout: 15),
            "the store's folder is watched from before it exists")
    }

    func testAFolderDamagedOrDeletedByHandUpdatesTheListAndCrashesNothing() async throws {
        let pocket = try create("Pocket Lamp"), spare = try create("Spare Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        XCTAssertEqual(Array(launcher.visibleDemoIDs.prefix(2)), ["pocket-lamp", "spare-lamp"])

        try FileSystem.writeAtomically("[Plugin\nnot a manifest", to: spare.manifestPath)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.unavailableRows.contains { $0.id == "spare-lamp" } }, timeout: 10),
            "the damaged one is unavailable")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("spare-lamp"))
        XCTAssertNotNil(launcher.window.find(named: "spare-lamp (unavailable)"))

        FileSystem.removeTree(pocket.folder)
        XCTAssertTrue(
            MainLoop.run(until: { !launcher.visibleDemoIDs.contains("pocket-lamp") }, timeout: 10),
            "the deleted one goes")
        XCTAssertFalse(shell.openDemo(id: "pocket-lamp"), "opening it now is told, not fatal")
        let dialog = try XCTUnwrap(waitForWindow(titled: "“pocket-lamp” cannot be opened"))
        dialog.destroy()
        XCTAssertTrue(launcher.window.isMapped, "the launcher lives on")
    }

    func testABuildSaysSoWithStopUntilItEnds() async throws {
        let saved = MyDemoNotices.buildNoticeDelayMilliseconds
        MyDemoNotices.buildNoticeDelayMilliseconds = 0
        defer { MyDemoNotices.buildNoticeDelayMilliseconds = saved }
        _ = try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        XCTAssertTrue(shell.openDemo(id: "pocket-lamp"))
        let saying = "Building “\u{2068}Pocket Lamp\u{2069}”…"
        XCTAssertEqual(launcher.myDemoNotices.buildingMessage(id: "pocket-lamp"), saying)
        MainLoop.drain()
        XCTAssertTrue(launcher.myDemoNotices.area.isMapped, "shown over the list")
        let stop = try XCTUnwrap(launcher.window.find(Button.self, named: "Stop Building"))
        stop.click()
        MainLoop.drain()
        XCTAssertNil(launcher.myDemoNotices.buildingMessage(id: "pocket-lamp"), "Stop ends the build and its bar")
        XCTAssertFalse(shell.myDemoBuilds.isBuilding(id: "pocket-lamp"))
        XCTAssertNil(shell.isolatedDemos.processID(of: "pocket-lamp"), "nothing started")
        XCTAssertFalse(Window.all.contains { $0.title.hasSuffix("cannot be opened") }, "a stop is no failure")

        XCTAssertTrue(shell.openDemo(id: "pocket-lamp"))
        XCTAssertEqual(launcher.myDemoNotices.buildingMessage(id: "pocket-lamp"), saying)
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.isolatedDemos.processID(of: "pocket-lamp") != nil }, timeout: 180),
            "never built")
        XCTAssertNil(launcher.myDemoNotices.buildingMessage(id: "pocket-lamp"), "the bar goes once it is built")
        XCTAssertFalse(launcher.myDemoNotices.area.isVisible)
        shell.isolatedDemos.stopAll()
    }

    func testOpeningItBuildsItAndRunsItInAProcessOfItsOwnAndABuildErrorIsTold() async throws {
        let demo = try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Pocket Lamp"))
        MainLoop.drain()
        launcher.window.sendKey(Key.returnKey)  // Enter on the row, as a keyboard user does
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    self.shell.isolatedDemos.processID(of: "pocket-lamp") != nil
                        || Window.all.contains { $0.title.hasSuffix("cannot be opened") }
                }, timeout: 180),
            "never built")
        let child = try XCTUnwrap(
            shell.isolatedDemos.processID(of: "pocket-lamp"),
            "\(Window.all.map(\.title)) \(shell.lastOpenFailure?.reason ?? "")")
        XCTAssertNotEqual(child, getpid())
        var title = "", windows: [String] = []
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    windows = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").map(String.init)
                    title = windows.map { self.output(of: ["xdotool", "getwindowname", $0]) }.joined()
                    return title.contains("Pocket Lamp")
                }, timeout: 30), "its window never showed: \(title)")
        XCTAssertFalse(title.contains("(edited)"), "it runs as itself")
        // Its settings are its own file, not an edited copy's.
        _ = output(of: ["xdotool", "windowsize", "--sync", try XCTUnwrap(windows.first), "431", "277"])
        let settings = FileSystem.join(Environment.userConfigDirectory, "demo-shell")
        XCTAssertTrue(
            MainLoop.run(until: { FileSystem.exists(FileSystem.join(settings, "pocket-lamp.ini")) }, timeout: 10),
            "its window's size is saved in pocket-lamp.ini")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(settings, "pocket-lamp.edited.ini")))
        shell.isolatedDemos.stopAll()
        XCTAssertTrue(MainLoop.run(until: { self.shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10))

        // A syntax error in the store's file: a dialog names the demo and the error.
        let view = FileSystem.join(demo.folder, "Plugin/PocketLampView.swift")
        let text = try XCTUnwrap(FileSystem.read(view))
        try FileSystem.writeAtomically(
            text.replacingOccurrences(of: "let label = Label(\"Hello!\")", with: "let label = Label(\"Hello!\""),
            to: view)
        XCTAssertTrue(shell.openDemo(id: "pocket-lamp"))
        let dialog = try XCTUnwrap(waitForWindow(titled: "“Pocket Lamp” cannot be opened", timeout: 180))
        let texts = dialog.descendants.compactMap { $0.as(Label.self)?.text }.joined(separator: "\n")
        XCTAssertTrue(texts.contains("Plugin/PocketLampView.swift:"), texts)
        dialog.destroy()
        XCTAssertNil(shell.isolatedDemos.processID(of: "pocket-lamp"))

        // A crash in its process: the launcher's notice, with Open Again.
        try FileSystem.writeAtomically(
            text.replacingOccurrences(
                of: "init(host: DemoHost) {",
                with: "init(host: DemoHost) {\n        fatalError(\"the lamp broke\")"), to: view)
        XCTAssertTrue(shell.openDemo(id: "pocket-lamp"))
        XCTAssertTrue(
            MainLoop.run(until: { launcher.crashNotices.message(for: "pocket-lamp") != nil }, timeout: 180),
            "no crash notice; \(Window.all.map(\.title))")
        XCTAssertEqual(launcher.crashNotices.message(for: "pocket-lamp"), "“Pocket Lamp” crashed (SIGILL).")
        try XCTUnwrap(launcher.crashNotices.openAgainButton(for: "pocket-lamp")).click()
        XCTAssertNil(launcher.crashNotices.message(for: "pocket-lamp"), "the bar went with it")
        XCTAssertTrue(
            MainLoop.run(until: { launcher.crashNotices.message(for: "pocket-lamp") != nil }, timeout: 180),
            "Open Again built and started it again")
    }
}
