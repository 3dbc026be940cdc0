import DemoShellKit
import DemoKitTesting
import Foundation
import Glibc
@testable import PluginHost
import TestSupport
import XCTest

/// The one owner of the shell's children: a child that ignores SIGTERM is
/// killed after the grace, what a child started goes when it ends, and a
/// child is watched exactly until its end is seen, even once let go of.
@MainActor
final class ChildSupervisorTests: GtkTestCase {
    private let supervisor = ChildSupervisor.shared

    /// A shell script started as a supervised child; it writes its own
    /// descendants' pids to a file named by `$1`.
    private func start(_ script: String, file: String = "") throws -> Subprocess {
        try supervisor.start(["/bin/sh", "-c", script, "child", file], adoptingOrphans: false).get()
    }

    private func isRunning(_ pid: Int32) -> Bool { ProcessDescriptors.isRunning(pid) }

    func testAChildThatIgnoresTheRequestIsKilledAfterTheGrace() async throws {
        let before = supervisor.watched
        let child = try start("trap '' TERM; echo ready; while :; do sleep 0.05; done")
        defer { child.abandon() }  // a failure leaves nothing running
        var said = ""
        child.onOutput { _, bytes in said += String(decoding: bytes, as: UTF8.self) }
        XCTAssertTrue(MainLoop.run(until: { said.contains("ready") }), "the child never started")
        XCTAssertEqual(supervisor.watched, before + 1)
        supervisor.end(child)
        MainLoop.spin(seconds: Double(ChildSupervisor.graceMilliseconds) / 2000)
        XCTAssertNil(child.ending, "ended before its grace was over")
        XCTAssertTrue(MainLoop.run(until: { child.ending != nil }), "never killed")
        XCTAssertEqual(child.ending, .signaled(SIGKILL))
        XCTAssertTrue(MainLoop.run(until: { self.supervisor.watched == before }), "still watched after its end")
    }

    func testWhatAChildStartedInASessionOfItsOwnGoesWhenItEnds() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("supervised-\(getpid())").path
        defer { unlink(file) }
        let child = try start("setsid sleep 1000 & echo $! > \"$1\"; read line", file: file)
        var grandchild: Int32?
        XCTAssertTrue(
            MainLoop.run(until: {
                grandchild = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap {
                    Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                return grandchild.map(self.isRunning) ?? false
            }), "the grandchild never started")
        let orphan = try XCTUnwrap(grandchild)
        defer { kill(orphan, SIGKILL) }
        kill(child.processID, SIGKILL)  // the child ends by itself, not by the supervisor
        XCTAssertTrue(MainLoop.run(until: { !self.isRunning(orphan) }), "what the child started outlived it")
    }

    func testAChildLetGoOfIsStillWatchedUntilItEnds() async throws {
        let before = supervisor.watched
        var pid: Int32 = 0
        do {
            let child = try start("sleep 0.3")
            pid = child.processID
        }  // nothing but the supervisor holds it now
        XCTAssertEqual(supervisor.watched, before + 1)
        XCTAssertTrue(MainLoop.run(until: { self.supervisor.watched == before }), "its end was never seen")
        XCTAssertFalse(isRunning(pid), "left a zombie")
    }
}
