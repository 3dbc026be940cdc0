import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The child kept ready while Edit is on: Run Edited hands it
/// the build, and it is the edited demo in every way a new child was (its
/// window, its Output, Stop, a crash at its line); it ends with Edit off,
/// the window closed and the launcher's death, even by SIGKILL.
@MainActor
final class ReadyChildTests: EditAndRunTestCase {
    /// The child waiting once Edit is on.
    private func readyChild(_ session: EditRunSession, otherThan old: Int32? = nil) throws -> Int32 {
        XCTAssertTrue(
            MainLoop.run(until: { session.ready.processID.map { $0 != old } == true }, timeout: 30),
            "no child came to wait")
        return try XCTUnwrap(session.ready.processID)
    }

    private func title(of pid: Int32) -> String {
        output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(pid)]).split(separator: "\n")
            .map { self.output(of: ["xdotool", "getwindowname", String($0)]) }.joined()
    }

    func testRunEditedIsServedByTheReadyChildWithItsWindowOutputAndStop() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let ready = try readyChild(session)
        // Waiting, it holds a Show Values pipe of its own, and the launcher its read end.
        let pipe = try XCTUnwrap(
            ProcessDescriptors.valuesPipe(of: ready), "no values pipe: \(ProcessDescriptors.links(of: String(ready)))")
        XCTAssertTrue(ProcessDescriptors.links(of: "self").values.contains(pipe))
        try edit(
            view, replacing: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n", in: "Plugin/SayHelloView.swift"
        )
        try edit(
            view, replacing: "        window = DemoWindow(title: host.info.name",
            with: "        print(\"said by the edited code, values: \\(getenv(\"DEMO_SHELL_VALUES\") != nil)\")\n"
                + "        window = DemoWindow(title: \"Served\"",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertEqual(session.childProcessID, ready, "the waiting child ran the build")
        XCTAssertEqual(session.metrics.launches, 1)
        var shown = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    shown = self.title(of: ready)
                    return shown.contains("Served (edited)")
                }, timeout: 30),
            "the edited window, with its --edited title, never showed: \(shown)")
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains("said by the edited code") == true },
                timeout: 30), "the Output has what it printed")
        // A run without Show Values: as a new child's, no variable and no pipe, on either side.
        let printed = try outputText(launcher)
        XCTAssertTrue(printed.contains("said by the edited code, values: false"), printed)
        let held = ProcessDescriptors.links(of: String(ready))
        XCTAssertFalse(held.values.contains(pipe), "the served child still holds its values pipe: \(held)")
        XCTAssertFalse(held[3]?.hasPrefix("pipe:") == true, "a pipe on descriptor 3: \(held)")
        XCTAssertFalse(
            ProcessDescriptors.links(of: "self").values.contains(pipe), "the launcher still holds the read end")
        let checked = PluginCheckCache.read(PluginChecker.standardCachePath).keys
        XCTAssertFalse(
            checked.contains { $0.hasPrefix(self.workspace.buildDirectory) },
            "the edited child loads its build without a check process of its own: \(checked)")
        let next = try readyChild(session, otherThan: ready)
        XCTAssertNotEqual(next, ready, "another waits for the next run")

        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        XCTAssertTrue(
            MainLoop.run(
                until: { session.childProcessID == nil && !ProcessDescriptors.isRunning(ready) }, timeout: 30),
            "Stop never ended the served child")
        let said = try outputText(launcher)
        XCTAssertTrue(said.hasSuffix("Stopped (SIGTERM).\n"), said)
        XCTAssertEqual(session.ready.processID, next, "Stop leaves the waiting one: Edit is still on")

        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        MainLoop.drain()
        XCTAssertNil(session.ready.processID)
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(next) }, timeout: 30),
            "Edit off never ended the waiting child")
    }

    func testACrashInCodeTheReadyChildRunsIsAProblemAtItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let ready = try readyChild(session)
        let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
        let target =
            try XCTUnwrap(lines.firstIndex { $0.contains("        window = DemoWindow(title: host.info.name") }) + 1
        try edit(
            view, replacing: "        window = DemoWindow(title: host.info.name",
            with: "        fatalError(\"boom\")\n        window = DemoWindow(title: host.info.name",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        let expected = "SayHelloView.swift, line \(target): Fatal error: boom"
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    problems.children.compactMap { $0.as(ListBoxRow.self) }.contains { $0.accessibleName == expected }
                }, timeout: buildTimeLimit),
            "no \(expected); status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        XCTAssertEqual(session.metrics.launches, 1)
        XCTAssertFalse(ProcessDescriptors.isRunning(ready), "the ready child ran the code that crashed")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target])
        XCTAssertTrue(try outputText(launcher).contains("Fatal error: boom"))
        XCTAssertNotNil(launcher, "the launcher goes on")
    }

    /// Started before the launcher's environment changed, it would not be
    /// the child a Run Edited starts now: a new one runs instead.
    func testAReadyChildFromAnotherEnvironmentIsNotServed() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let ready = try readyChild(session)
        Environment.set("READY_CHILD_TESTS_MARK", "changed")
        defer { Environment.set("READY_CHILD_TESTS_MARK", nil) }
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertNotEqual(session.childProcessID, ready)
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(ready) }, timeout: 30),
            "the stale one was left waiting")
    }

    /// Its Show Values pipe costs the launcher nothing when unused: served
    /// for a run without Show Values, the read end is closed at once (not
    /// when the child's end closes); ended unserved, nothing of it stays open.
    func testTheReadyChildsValuesPipeIsClosedWhenNotUsed() async throws {
        makeShell()
        let session = EditRunSession(paths: shell.paths)
        func start() throws -> ReadyChild {
            try XCTUnwrap(
                ReadyChild.start(
                    executable: session.shellExecutable, environment: EditRunSession.childEnvironment,
                    channel: RunValues.variable))
        }
        let served = try start()
        // Read from /proc once the child has started (before its exec, it shows the launcher's).
        var found: String?
        XCTAssertTrue(
            MainLoop.run(until: {
                found = ProcessDescriptors.valuesPipe(of: served.process.processID)
                return found != nil
            }), "the ready child never held its values pipe")
        let pipe = try XCTUnwrap(found)
        XCTAssertTrue(
            ProcessDescriptors.links(of: "self").values.contains(pipe), "the launcher keeps the read end while it waits"
        )
        XCTAssertTrue(served.serve(manifestPath: "/nonexistent/manifest.json"))
        XCTAssertFalse(
            ProcessDescriptors.links(of: "self").values.contains(pipe),
            "served without Show Values, the read end stays open")
        XCTAssertTrue(
            MainLoop.run(until: { served.process.ending != nil }, timeout: 30), "a run of no manifest never ended")

        let before = ProcessDescriptors.links(of: "self")
        let watchdogBefore = ChildSupervisor.shared.watchdog.process?.processID ?? 0
        let unserved = try start()
        XCTAssertGreaterThan(ProcessDescriptors.links(of: "self").count, before.count)
        unserved.end()
        // Nothing opened since `before` is left (others may close meanwhile:
        // the served child's, as its end is seen).
        func leftOpen() -> [Int32: String] {
            ProcessDescriptors.links(of: "self").filter { before[$0.key] != $0.value }
        }
        XCTAssertTrue(
            MainLoop.run(until: { leftOpen().isEmpty }, timeout: 30),
            "left open: \(leftOpen()); the watchdog: \(ChildSupervisor.shared.watchdog.process?.processID ?? 0) now, \(watchdogBefore) before"
        )
        XCTAssertNotNil(unserved.process.ending)
    }

    func testClosingTheWindowEndsTheReadyChild() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let ready = try readyChild(launcher.sourcePane.session)
        launcher.window.destroy()
        MainLoop.drain()
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(ready) }, timeout: 30),
            "the ready child outlived the window")
    }

    /// Killed with SIGKILL, the launcher runs no code: its watchdog ends the waiting child.
    func testTheLaunchersWatchdogEndsTheReadyChild() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let ready = try readyChild(launcher.sourcePane.session)
        let watchdog = try XCTUnwrap(ChildSupervisor.shared.watchdog.process?.processID)
        ChildSupervisor.shared.watchdog.endAsIfTheLauncherDied()
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(ready) }, timeout: 30), "the watchdog left it waiting")
        // Its passes over what carries this process's mark, the next test's
        // children included, are over only when it has exited.
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(watchdog) }, timeout: 30),
            "the watchdog ends with its launcher")
    }

    /// The same, for real: a launcher (`demo-shell-test-helper ready-child`)
    /// is killed with SIGKILL while its ready child waits.
    func testAKilledLauncherLeavesNoReadyChild() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("ready-child-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        let launcher = try startTestHelper("ready-child", folder: folder, environment: ["TMPDIR": folder])
        defer {
            if launcher.isRunning { kill(launcher.processIdentifier, SIGKILL) }
            launcher.waitUntilExit()
        }
        let file = FileSystem.join(folder, "ready")
        XCTAssertTrue(MainLoop.run(until: { FileSystem.read(file) != nil || !launcher.isRunning }, timeout: 120))
        let ready = try XCTUnwrap(
            FileSystem.read(file).flatMap { Int32($0) },
            "the launcher never had a ready child; \(testHelperErrors(in: folder))")
        XCTAssertTrue(ProcessDescriptors.isRunning(ready))
        XCTAssertEqual(kill(launcher.processIdentifier, SIGKILL), 0)
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(ready) }, timeout: 30),
            "the ready child outlived its launcher")
    }
}
