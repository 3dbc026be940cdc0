import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Each demo keeps its own status, Problems and Output, and a
/// build with only warnings says so. A stand-in compiler (`DEMO_SHELL_SWIFTC`)
/// answers at once, or when the test opens its gate, with a diagnostic on
/// Say Hello's view: no real build is needed to see where the results go.
@MainActor
final class EditRunRecordsTests: EditAndRunTestCase {
    private var folder: String?
    private var savedCompiler: String?

    override func setUp() async throws {
        try await super.setUp()
        savedCompiler = Environment.value("DEMO_SHELL_SWIFTC")
        folder = FileSystem.makeTemporaryDirectory("fake-swiftc-XXXXXX")
    }

    override func tearDown() async throws {
        Environment.set("DEMO_SHELL_SWIFTC", savedCompiler)
        if let folder { FileSystem.removeTree(folder) }
        try await super.tearDown()
    }

    /// A compiler that says what the real one's `--version` says, waits for
    /// `gate` (when given); then, building Say Hello's view, reports
    /// `severity` on SayHelloView.swift line 3 and exits with `status`
    /// (every other step succeeds).
    private func fakeCompiler(severity: String, status: Int, gate: String? = nil) throws {
        let real = try XCTUnwrap(SwiftToolchain.find(override: nil), "the real swiftc, for its version line")
        let folder = try XCTUnwrap(folder)
        let path = FileSystem.join(folder, "swiftc")
        let wait = gate.map { "while [ ! -e '\($0)' ]; do sleep 0.02; done\n" } ?? ""
        try FileSystem.writeAtomically(
            """
            #!/bin/sh
            if [ "$1" = "--version" ]; then exec '\(real)' --version; fi
            \(wait)hit=0
            for a in "$@"; do case "$a" in *SayHelloView.swift) hit=1; echo "$a:3:1: \(severity): a fake \(severity)" >&2;; esac; done
            [ $hit = 1 ] && exit \(status)
            exit 0

            """, to: path)
        chmod(path, 0o755)
        Environment.set("DEMO_SHELL_SWIFTC", path)
    }

    private func problemNames(_ launcher: LauncherWindow) throws -> [String] {
        try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems")).children.compactMap {
            $0.as(ListBoxRow.self)?.accessibleName
        }
    }

    func testEachDemoKeepsItsOwnStatusProblemsAndOutput() async throws {
        let gate = FileSystem.join(try XCTUnwrap(folder), "gate")
        try fakeCompiler(severity: "error", status: 1, gate: gate)
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        let panel = pane.editPanel
        try runEdited(launcher)
        XCTAssertTrue(MainLoop.run(until: { panel.status.text == "Building…" }, timeout: 10), panel.status.text)
        panel.appendOutput("Say Hello's line\n")

        // 2048 is selected while Say Hello builds: nothing of Say Hello's shows.
        launcher.list.select(try row(launcher, named: "2048"))
        MainLoop.drain()
        XCTAssertEqual(panel.status.text, "")
        XCTAssertFalse(panel.spinner.isSpinning, "2048 builds nothing")
        XCTAssertFalse(panel.stopButton.isSensitive)
        XCTAssertEqual(try outputText(launcher), "")
        // Say Hello's build fails while 2048 is shown: 2048 still says nothing.
        try FileSystem.writeAtomically("", to: gate)
        XCTAssertTrue(MainLoop.run(until: { pane.session.phase == .idle }, timeout: 30))
        MainLoop.drain()
        XCTAssertEqual(panel.status.text, "", "another demo's failed build is not 2048's")
        XCTAssertEqual(try problemNames(launcher), [])
        XCTAssertTrue(panel.problemsEmpty.isVisible, "No problems.")

        // Back to Say Hello: its failure, its problem and its Output are there.
        launcher.list.select(try row(launcher, named: "Say Hello"))
        MainLoop.drain()
        XCTAssertEqual(panel.status.text, "The build failed with 1 error.")
        XCTAssertEqual(try problemNames(launcher), ["SayHelloView.swift, line 3: a fake error"])
        XCTAssertEqual(try outputText(launcher), "Say Hello's line\n")

        // And 2048 again: still nothing of Say Hello's.
        launcher.list.select(try row(launcher, named: "2048"))
        MainLoop.drain()
        XCTAssertEqual(panel.status.text, "")
        XCTAssertEqual(try problemNames(launcher), [])
    }

    /// Run Edited on another demo ends the first demo's build: the first
    /// demo's status says so, not "Building…" for ever.
    func testARunReplacedByAnotherDemosRunSaysItStopped() async throws {
        let gate = FileSystem.join(try XCTUnwrap(folder), "gate")
        defer { try? FileSystem.writeAtomically("", to: gate) }  // the stand-in compiler ends
        try fakeCompiler(severity: "error", status: 1, gate: gate)
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let panel = launcher.sourcePane.editPanel
        try runEdited(launcher)
        XCTAssertTrue(MainLoop.run(until: { panel.status.text == "Building…" }, timeout: 10), panel.status.text)
        launcher.list.select(try row(launcher, named: "2048"))
        MainLoop.drain()
        launcher.window.sendKey(Key.character("r"), modifiers: .control)
        XCTAssertTrue(
            MainLoop.run(until: { panel.status.text == "Building…" }, timeout: 10), "2048 builds: \(panel.status.text)")
        launcher.list.select(try row(launcher, named: "Say Hello"))
        MainLoop.drain()
        XCTAssertEqual(panel.status.text, "Stopped: Run Edited started another demo.")
        XCTAssertFalse(panel.spinner.isSpinning, "Say Hello builds nothing now")
    }

    func testABuildWithOnlyWarningsSaysSo() async throws {
        try fakeCompiler(severity: "warning", status: 0)
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        var said: [String] = []
        launcher.sourcePane.editPanel.status.onAnnouncement { said.append($0) }
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { said.contains { $0.hasPrefix("Built with 1 warning. ") } }, timeout: 30), "\(said)")
        XCTAssertTrue(said.contains("Built with 1 warning. Running the edited demo."), "\(said)")
        XCTAssertEqual(try problemNames(launcher), ["SayHelloView.swift, line 3: a fake warning"])
    }
}
