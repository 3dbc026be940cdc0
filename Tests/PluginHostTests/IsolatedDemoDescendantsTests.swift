import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What a plugin from elsewhere starts in its process of its own ends with
/// that process: when the demo ends by itself (its window closed, or an
/// exit), when the launcher quits, and when the launcher is killed with
/// SIGKILL (its watchdog). The fixture starts two `/bin/sleep 1000`, one in
/// the demo's session and one in a session of its own, as Foundation's
/// `Process` starts its programs.
@MainActor
final class IsolatedDemoDescendantsTests: LauncherTestCase {
    private var folder = ""
    private var savedEnvironment: [String: String?] = [:]

    override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-descendants-XXXXXX"))
        for name in ["GREETER_SLEEPERS", "GREETER_EXIT"] { savedEnvironment[name] = Environment.value(name) }
    }

    override func tearDown() async throws {
        if let shell {
            shell.isolatedDemos.stopAll()
            XCTAssertTrue(
                MainLoop.run(until: { shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10), "a demo process was left")
        }
        for pid in sleepers(in: folder) ?? [] where ProcessDescriptors.isRunning(pid) { kill(pid, SIGKILL) }
        for (name, value) in savedEnvironment { Environment.set(name, value) }
        try? FileManager.default.removeItem(atPath: folder)
        try await super.tearDown()
    }

    /// The pids the fixture wrote (the file appears whole, by a rename).
    private func sleepers(in folder: String) -> [Int32]? {
        FileSystem.read(FileSystem.join(folder, "sleepers")).map { $0.split(separator: " ").compactMap { Int32($0) } }
    }

    /// The external Greeter opened in its own process, its two sleepers started.
    private func openGreeterStartingSleepers(in folder: String, thenExit: Bool) throws -> [Int32] {
        Environment.set("GREETER_SLEEPERS", FileSystem.join(folder, "sleepers"))
        Environment.set("GREETER_EXIT", thenExit ? "1" : nil)
        makeShell(extraPluginFolder: folder)
        _ = try launcher()
        XCTAssertTrue(shell.openDemo(id: "external-greeter"), "\(shell.lastOpenFailure.map(\.reason) ?? "")")
        XCTAssertTrue(
            MainLoop.run(until: { self.sleepers(in: folder) != nil }, timeout: 30),
            "the demo never started its sleepers")
        let pids = try XCTUnwrap(sleepers(in: folder))
        XCTAssertEqual(pids.count, 2)
        XCTAssertTrue(pids.allSatisfy { $0 > 0 }, "\(pids)")
        return pids
    }

    /// Ended, and reaped by the launcher that adopted them (no zombie left).
    private func assertGone(_ pids: [Int32], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !FileSystem.exists("/proc/\($0)") } }, timeout: 10),
            "\(message): \(pids.filter(ProcessDescriptors.isRunning))", file: file, line: line)
    }

    func testWhatItStartedEndsWhenItEndsByItself() async throws {
        try installExternalGreeter(in: folder)
        let pids = try openGreeterStartingSleepers(in: folder, thenExit: true)
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.isolatedDemos.runningIDs.isEmpty }, timeout: 30), "it never ended")
        assertGone(pids, "left running after the demo ended by itself")
    }

    func testWhatItStartedEndsWhenTheLauncherQuits() async throws {
        try installExternalGreeter(in: folder)
        let pids = try openGreeterStartingSleepers(in: folder, thenExit: false)
        XCTAssertTrue(pids.allSatisfy(ProcessDescriptors.isRunning))
        shell.isolatedDemos.stopAll()  // what Quit does
        XCTAssertTrue(MainLoop.run(until: { self.shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10))
        assertGone(pids, "left running after the launcher quit")
    }

    /// A launcher (`demo-shell-test-helper isolated-demo`) is killed with
    /// SIGKILL while the demo runs: the demo ends (its parent's death
    /// signal), and the watchdog ends its session and what carries its mark.
    func testWhatItStartedEndsWhenTheLauncherIsKilled() async throws {
        try installExternalGreeter(in: folder)
        // Its temporary folders (it never tears down) go with this test's.
        let temporary = FileSystem.join(folder, "tmp")
        XCTAssertEqual(mkdir(temporary, 0o700), 0)
        let launcher = try startTestHelper("isolated-demo", folder: folder, environment: ["TMPDIR": temporary])
        defer {
            if launcher.isRunning { kill(launcher.processIdentifier, SIGKILL) }
            launcher.waitUntilExit()
        }
        XCTAssertTrue(
            MainLoop.run(until: { self.sleepers(in: self.folder) != nil || !launcher.isRunning }, timeout: 120))
        let pids = try XCTUnwrap(
            sleepers(in: folder), "the launcher never opened the demo; \(testHelperErrors(in: folder))")
        XCTAssertTrue(pids.allSatisfy(ProcessDescriptors.isRunning))
        XCTAssertEqual(kill(launcher.processIdentifier, SIGKILL), 0)
        XCTAssertTrue(
            MainLoop.run(until: { pids.allSatisfy { !ProcessDescriptors.isRunning($0) } }, timeout: 10),
            "left running after the launcher was killed: \(pids.filter(ProcessDescriptors.isRunning))")
    }
}
