import DemoShellKit
@_spi(Testing) import Gtk
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A learner's demo made by an older Demo Shell (before the manifest named the Entry),
/// in a temporary XDG_DATA_HOME, with the real compiler: updated as the
/// launcher lists it, it builds and opens in its own process; one in a
/// shape not known is opened to a dialog that says what to change, its
/// files untouched.
@MainActor
final class OldShapeDemosTests: MyDemosTestCase {
    let demo = DemoIdentity(name: "Pocket Lamp", id: "pocket-lamp", module: "PocketLamp")

    override func tearDown() async throws {
        if let shell {
            shell.myDemoBuilds.stopAll()
            shell.isolatedDemos.stopAll()
            XCTAssertTrue(
                MainLoop.run(until: { shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10), "a demo process was left")
            FileSystem.removeTree(MyDemoBuilds.workspace(id: demo.id).root)
        }
        try await super.tearDown()
    }

    /// "Pocket Lamp" in the store, as an older Demo Shell's New Demo made it.
    private func placeOldDemo(_ change: (inout [String: String]) -> Void = { _ in }) throws -> MyDemo {
        let made = try create(demo.name)
        var files = OldShapeDemo.blank(demo)
        change(&files)
        for path in ["manifest.plugin", "Plugin/PocketLampView.swift", "Plugin/PocketLampPlugin.swift"] {
            try FileSystem.writeAtomically(files[path]!, to: FileSystem.join(made.folder, path))
        }
        return made
    }

    func testAnOldShapeDemoIsUpdatedAsListedThenBuildsAndOpens() async throws {
        let made = try placeOldDemo()
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        _ = try row(launcher, named: demo.name)
        XCTAssertEqual(shell.registry.myDemo(id: demo.id)?.manifest.entry, "PocketLampDemo")
        XCTAssertTrue(
            FileSystem.isRegularFile(FileSystem.join(made.folder, "Plugin/PocketLampPlugin.swift.before-sdk-2")))
        XCTAssertTrue(shell.openDemo(id: demo.id))
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    self.shell.isolatedDemos.processID(of: self.demo.id) != nil
                        || Window.all.contains { $0.title.hasSuffix("cannot be opened") }
                }, timeout: 180),
            "never built")
        let child = try XCTUnwrap(shell.isolatedDemos.processID(of: demo.id), shell.lastOpenFailure?.reason ?? "")
        var title = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    title = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").map { self.output(of: ["xdotool", "getwindowname", String($0)]) }
                        .joined()
                    return title.contains(self.demo.name)
                }, timeout: 30), "its window never showed: \(title)")
    }

    func testAShapeNotKnownOpensToADialogSayingWhatToChangeAndIsLeftAsItIs() async throws {
        let made = try placeOldDemo { files in
            files["Plugin/PocketLampPlugin.swift"] = files["Plugin/PocketLampPlugin.swift"]!.replacingOccurrences(
                of: "PocketLampView(host: host).window",
                with: "let view = PocketLampView(host: host)\n        return view.window")
        }
        let plugin = FileSystem.join(made.folder, "Plugin/PocketLampPlugin.swift")
        let before = try XCTUnwrap(FileSystem.read(plugin))
        makeShell(myDemoStore: store)
        _ = try row(try launcher(), named: demo.name)
        XCTAssertTrue(shell.openDemo(id: demo.id))
        let dialog = try XCTUnwrap(waitForWindow(titled: "“Pocket Lamp” cannot be opened", timeout: 180))
        let texts = dialog.descendants.compactMap { $0.as(Label.self)?.text }.joined(separator: "\n")
        XCTAssertTrue(texts.contains("This demo was written for an older Demo Shell"), texts)
        XCTAssertTrue(
            texts.contains(
                "Entry=PocketLampDemo\nfunc makeView(host: DemoHost) -> any DemoView { PocketLampView(host: host) }"),
            texts)
        dialog.destroy()
        XCTAssertEqual(FileSystem.read(plugin), before, "left as it was")
        XCTAssertFalse(FileSystem.exists(plugin + ".before-sdk-2"))
        XCTAssertNil(shell.isolatedDemos.processID(of: demo.id))
    }
}
