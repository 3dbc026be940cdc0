import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What an Edit and Run build leaves behind, with a fake compiler (a shell
/// script standing for `swiftc`) that fails, succeeds, or hangs after
/// starting a child in a process group of its own, as `swiftc` starts each
/// `swift-frontend`: a hang is ended at the time limit, nothing it started
/// outlives it, the launcher's death ends it, and a build cut short keeps
/// the last good one.
@MainActor
final class EditRunProcessTests: FakeCompilerTestCase {
    override func setUp() async throws {
        try await super.setUp()
        try writeScript(
            "swiftc",
            """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo '\(SDKContract.compilerVersion)'; exit 0; fi
            out=''; previous=''
            for argument in "$@"; do [ "$previous" = "-o" ] && out=$argument; previous=$argument; done
            echo "$out" >> '\(folder)/compiled'
            if [ -e '\(folder)/fail' ]; then echo 'error: the fake compiler fails' >&2; exit 1; fi
            [ -n "$out" ] && mkdir -p "$(dirname "$out")" && echo half > "$out"
            if [ -e '\(folder)/hang' ]; then
              perl -e 'setpgrp(0, 0); exec("/bin/sleep", "1000")' &
              echo "$$ $!" > '\(folder)/pids.tmp' && mv '\(folder)/pids.tmp' '\(folder)/pids'
              exec /bin/sleep 1000
            fi
            exit 0
            """)
        useFakeCompiler("swiftc", alsoSaving: ["DEMO_SHELL_BUILD_TIME_LIMIT"])
    }

    override func tearDown() async throws {
        // Never this process. It adopts orphans (a subreaper): when the
        // child wrote its parent's pid (getppid) after the fake compiler had
        // ended, the "compiler" was this process, and this line killed it.
        // The compiler writes both pids now; this stays as a guard.
        for pid in writtenPIDs() where pid > 1 && pid != getpid() { kill(pid, SIGKILL) }
        try await super.tearDown()
    }

    private func set(_ mode: String, _ on: Bool) throws {
        if on {
            try FileSystem.writeAtomically("", to: FileSystem.join(folder, mode))
        } else {
            _ = FileSystem.remove(FileSystem.join(folder, mode))
        }
    }

    /// The hanging compiler's pid and its child's, once the child is in a
    /// group of its own (as `swiftc` starts each `swift-frontend`). The
    /// compiler writes both as soon as it has started the child: a time
    /// limit on a loaded machine never cuts it before it says them.
    private func startedPIDs() -> [Int32]? {
        let pids = writtenPIDs()
        return pids.count == 2 && group(of: pids[1]) == pids[1] ? pids : nil
    }

    /// What the compiler wrote, whatever has become of them.
    private func writtenPIDs() -> [Int32] {
        (FileSystem.read(FileSystem.join(folder, "pids")) ?? "").split(whereSeparator: \.isWhitespace)
            .compactMap { Int32($0) }
    }

    /// The process group of `pid` (the fifth field of its /proc stat), nil once it has ended.
    private func group(of pid: Int32) -> Int32? {
        guard let stat = FileSystem.read("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 2 ? Int32(fields[2]) : nil
    }

    /// Say Hello, in a session of its own (no window needed: the fake builds nothing that runs).
    private func makeSession(_ edit: String = "") -> (EditRunSession, () -> Void) {
        if shell == nil { makeShell() }
        let session = EditRunSession(paths: shell.paths)
        let entry = shell.registry.entries.first { $0.manifest.id == "say-hello" }!
        let inputs = editBuildInputs(of: entry) { path, text in path.hasPrefix("Plugin/") ? text + edit : text }
        let manifestText = FileSystem.read(entry.manifestPath) ?? ""
        return (
            session,
            {
                session.run(
                    manifest: entry.manifest, manifestText: manifestText, inputs: inputs, workspace: self.workspace)
            }
        )
    }

    func testAHangingCompilerAndWhatItStartedEndAtTheTimeLimit() async throws {
        let (session, run) = makeSession()
        let log = EditRunEventLog()
        session.delegate = log
        var reported: EditRunStatus? { log.status }
        var status: String { reported?.sentence ?? "" }
        // A first run checks the compiler's version (and fails to build):
        // the one that hangs then runs no check that a short limit could cut.
        try set("fail", true)
        run()
        XCTAssertTrue(MainLoop.run(until: { session.phase == .idle }, timeout: 30), status)
        XCTAssertTrue(status.hasPrefix("The build failed"), status)
        try set("fail", false)
        try set("hang", true)
        // Long enough for the compiler to start and say its pids on a loaded
        // machine (at 0.5 s, a run beside a CPU hog cut it first).
        Environment.set("DEMO_SHELL_BUILD_TIME_LIMIT", "1.5")
        run()
        XCTAssertTrue(MainLoop.run(until: { self.startedPIDs() != nil }, timeout: 30), status)
        let pids = try XCTUnwrap(startedPIDs())
        XCTAssertEqual(pids.count, 2)
        XCTAssertTrue(MainLoop.run(until: { session.phase == .idle }, timeout: 30), "still building: \(status)")
        XCTAssertEqual(reported, .overTime(seconds: 1.5))
        XCTAssertEqual(status, "The build was stopped: the compiler ran for more than 1.5 seconds without finishing.")
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running: \(pids.filter(ProcessDescriptors.isRunning))")
    }

    func testStopEndsTheCompilerAndWhatItStarted() async throws {
        let (session, run) = makeSession()
        try set("hang", true)
        run()
        XCTAssertTrue(MainLoop.run(until: { self.startedPIDs() != nil }, timeout: 30))
        let pids = try XCTUnwrap(startedPIDs())
        XCTAssertEqual(session.phase, .building)
        session.stop()
        XCTAssertEqual(session.phase, .idle)
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running: \(pids.filter(ProcessDescriptors.isRunning))")
    }

    /// Stop cancels the run's task even before it first ran: an unchanged
    /// build (nothing to compile, the compiler checked) is not launched after.
    func testStopRightAfterRunEditedStartsNothing() async throws {
        let (session, run) = makeSession()
        let log = EditRunEventLog()
        session.delegate = log
        var reported: EditRunStatus? { log.status }
        run()
        XCTAssertTrue(
            MainLoop.run(until: { session.metrics.launches == 1 }, timeout: 60), "\(String(describing: reported))")
        session.stop()
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 10))
        run()  // the same files: the build is reused
        session.stop()
        XCTAssertEqual(reported, .buildStopped)
        MainLoop.drain()
        XCTAssertEqual(session.metrics.launches, 1, "launched after Stop")
        XCTAssertEqual(session.phase, .idle)
        XCTAssertNil(session.childProcessID)
        XCTAssertEqual(reported, .buildStopped)
    }

    /// The launcher killed with SIGKILL runs no code: its watchdog sees the
    /// socket only the launcher held close, and kills the compiler's session.
    func testTheLaunchersDeathEndsItsCompilers() async throws {
        let (session, run) = makeSession()
        try set("hang", true)
        run()
        XCTAssertTrue(MainLoop.run(until: { self.startedPIDs() != nil }, timeout: 30))
        let pids = try XCTUnwrap(startedPIDs())
        let watchdog = try XCTUnwrap(ChildSupervisor.shared.watchdog.process?.processID)
        ChildSupervisor.shared.watchdog.endAsIfTheLauncherDied()
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running: \(pids.filter(ProcessDescriptors.isRunning))")
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(watchdog) }, timeout: 10),
            "the watchdog ends with its launcher")
        session.stop()
    }

    /// The same, for real: a launcher (`demo-shell-test-helper building`)
    /// is killed with SIGKILL in the middle of a build.
    func testAKilledLauncherLeavesNoCompilerRunning() throws {
        try set("hang", true)
        // Its temporary folders (it never tears down) go with this test's.
        let temporary = FileSystem.join(folder, "tmp")
        XCTAssertEqual(mkdir(temporary, 0o700), 0)
        let launcher = try startTestHelper("building", folder: folder, environment: ["TMPDIR": temporary])
        defer {
            if launcher.isRunning { kill(launcher.processIdentifier, SIGKILL) }
            launcher.waitUntilExit()
        }
        XCTAssertTrue(MainLoop.run(until: { self.startedPIDs() != nil || !launcher.isRunning }, timeout: 120))
        let pids = try XCTUnwrap(startedPIDs(), "the launcher never built; \(testHelperErrors(in: folder))")
        XCTAssertEqual(kill(launcher.processIdentifier, SIGKILL), 0)
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running after the launcher was killed: \(pids.filter(ProcessDescriptors.isRunning))")
    }

    /// The launcher closed in the middle of a build: the compiler and what it
    /// started end, the last good build is still there, and what the cut
    /// build left half written is compiled again.
    func testABuildCutShortKeepsTheLastGoodOne() async throws {
        let (first, runFirst) = makeSession()
        runFirst()  // builds (the fake writes each output), and starts what it built
        XCTAssertTrue(MainLoop.run(until: { first.metrics.launches == 1 }, timeout: 60))
        first.stop()
        XCTAssertTrue(MainLoop.run(until: { first.childProcessID == nil }, timeout: 10))
        let builds = FileSystem.contents(ofDirectory: workspace.buildDirectory).filter { !$0.hasPrefix("model-") }
        XCTAssertEqual(builds.count, 1, "\(builds)")
        let good = FileSystem.join(workspace.buildDirectory, try XCTUnwrap(builds.first), "manifest.plugin")
        XCTAssertTrue(FileSystem.isRegularFile(good))

        let (second, runSecond) = makeSession("\n// another edit\n")
        try set("hang", true)
        runSecond()
        XCTAssertTrue(MainLoop.run(until: { self.startedPIDs() != nil }, timeout: 30))
        let pids = try XCTUnwrap(startedPIDs())
        second.close()  // as the launcher's window closing (Quit) does
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running after Quit: \(pids.filter(ProcessDescriptors.isRunning))")
        XCTAssertTrue(FileSystem.isRegularFile(good), "the last good build was deleted before the new one was complete")

        try set("hang", false)
        _ = FileSystem.remove(FileSystem.join(folder, "compiled"))
        let (third, runThird) = makeSession("\n// another edit\n")
        runThird()
        XCTAssertTrue(MainLoop.run(until: { third.metrics.launches == 1 }, timeout: 60))
        third.stop()
        XCTAssertTrue(MainLoop.run(until: { third.childProcessID == nil }, timeout: 10))
        let compiled = FileSystem.read(FileSystem.join(folder, "compiled")) ?? ""
        XCTAssertTrue(
            compiled.contains("/SayHello.o\n"), "the half-written object was taken for a finished one: \(compiled)")
        XCTAssertFalse(FileSystem.isRegularFile(good), "older builds go once a new one is complete")
    }
}
