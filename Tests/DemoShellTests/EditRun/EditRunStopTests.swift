import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// How an edited demo ends, with the real compiler and a real child: Stop
/// ends what it started in a session of its own, a build that fails leaves
/// it running, and a kill from outside is told apart from Stop.
@MainActor
final class EditRunStopTests: EditAndRunTestCase {
    /// Say Hello edited to print `marker` when its window is made, after `extra` lines.
    private func runSayHello(printing marker: String, after extra: String = "") throws -> (
        LauncherWindow, SourceView, Int32
    ) {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n", in: "Plugin/SayHelloView.swift"
        )
        try edit(
            view, replacing: "        window = DemoWindow(",
            with: extra + "        print(\"\(marker)\")\n        window = DemoWindow(", in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains(marker) == true }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text) \((try? self.outputText(launcher)) ?? "")")
        return (launcher, view, try XCTUnwrap(launcher.sourcePane.session.childProcessID))
    }

    /// As Foundation's `Process` does: `/bin/sleep` in a session of its own.
    func testStopEndsWhatTheEditedDemoStartedInASessionOfItsOwn() async throws {
        let spawn = """
                    var sleeper: pid_t = 0
                    var attributes = posix_spawnattr_t()
                    posix_spawnattr_init(&attributes)
                    posix_spawnattr_setflags(&attributes, 0x80) // POSIX_SPAWN_SETSID
                    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("1000"), nil]
                    var noEnvironment: [UnsafeMutablePointer<CChar>?] = [nil]
                    posix_spawn(&sleeper, "/bin/sleep", nil, &attributes, &arguments, &noEnvironment)
                    print("sleeper \\(sleeper)")

            """
        let (launcher, _, child) = try runSayHello(printing: "started", after: spawn)
        let output = try outputText(launcher)
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("sleeper ") }, output)
        let sleeper = try XCTUnwrap(Int32(line.dropFirst("sleeper ".count)))
        XCTAssertGreaterThan(sleeper, 0)
        XCTAssertTrue(ProcessDescriptors.isRunning(sleeper))
        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        let session = launcher.sourcePane.session
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }))
        XCTAssertEqual(kill(child, 0), -1)
        // Ended, and reaped by the launcher that adopted it (no zombie left).
        XCTAssertTrue(
            MainLoop.run(until: { !FileSystem.exists("/proc/\(sleeper)") }, timeout: 10),
            "what the demo started outlived Stop (running: \(ProcessDescriptors.isRunning(sleeper)))")
    }

    /// The demo starts `/bin/sleep` in a session of its own and exits by
    /// itself: the sleep, re-parented to the launcher, ends with it.
    func testWhatTheEditedDemoStartedInASessionOfItsOwnEndsWhenItExitsByItself() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n", in: "Plugin/SayHelloView.swift"
        )
        try edit(
            view, replacing: "        window = DemoWindow(",
            with: """
                        var sleeper: pid_t = 0
                        var attributes = posix_spawnattr_t()
                        posix_spawnattr_init(&attributes)
                        posix_spawnattr_setflags(&attributes, 0x80) // POSIX_SPAWN_SETSID
                        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("1000"), nil]
                        posix_spawn(&sleeper, "/bin/sleep", nil, &attributes, &arguments, environ)
                        print("sleeper \\(sleeper)")
                        fflush(nil)
                        exit(0)
                        window = DemoWindow(
                """, in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains("sleeper ") == true }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text)")
        let output = try outputText(launcher)
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("sleeper ") }, output)
        let sleeper = try XCTUnwrap(Int32(line.dropFirst("sleeper ".count)))
        XCTAssertGreaterThan(sleeper, 0)
        defer { if ProcessDescriptors.isRunning(sleeper) { kill(sleeper, SIGKILL) } }
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 30), "the demo never ended")
        XCTAssertTrue(
            MainLoop.run(until: { !FileSystem.exists("/proc/\(sleeper)") }, timeout: 10),
            "what the demo started outlived it (running: \(ProcessDescriptors.isRunning(sleeper)))")
    }

    func testABuildThatFailsLeavesTheRunningDemoRunning() async throws {
        let (launcher, view, child) = try runSayHello(printing: "first run")
        let session = launcher.sourcePane.session
        try edit(
            view, replacing: "        window = DemoWindow(", with: "        let = 1\n        window = DemoWindow(",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(MainLoop.run(until: { session.phase != .building }, timeout: buildTimeLimit))
        XCTAssertTrue(
            launcher.sourcePane.editPanel.status.text.hasPrefix("The build failed"),
            launcher.sourcePane.editPanel.status.text)
        XCTAssertEqual(session.childProcessID, child, "the running demo was stopped for a build that failed")
        XCTAssertEqual(kill(child, 0), 0)
        XCTAssertEqual(session.phase, .running)
        XCTAssertTrue(try outputText(launcher).contains("first run"), "its Output is still there")
    }

    func testADemoKilledByAnotherProgramSaysSo() async throws {
        let (launcher, _, child) = try runSayHello(printing: "running")
        let session = launcher.sourcePane.session
        XCTAssertEqual(kill(child, SIGKILL), 0)
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }))
        let output = try outputText(launcher)
        XCTAssertTrue(output.hasSuffix("Killed (SIGKILL) by another program.\n"), output)
        XCTAssertEqual(launcher.sourcePane.editPanel.status.text, "Killed (SIGKILL) by another program.")
    }
}
