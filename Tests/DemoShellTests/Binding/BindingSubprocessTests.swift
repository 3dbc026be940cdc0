import DemoShellKit
import DemoKitTesting
import Glibc
import TestSupport
import XCTest

/// `Subprocess.ended()`: a process awaited from main-actor code, its end
/// told after the last of its output, and a cancelled wait that kills it.
@MainActor
final class BindingSubprocessTests: GtkTestCase {
    private func start(_ script: String) throws -> Subprocess {
        try Subprocess.start(["/bin/sh", "-c", script]).get()
    }

    func testEndedComesAfterTheLastOutput() async throws {
        let process = try start("echo one; echo two >&2; exit 3")
        var output = ""
        process.onOutput { _, bytes in output += String(decoding: bytes, as: UTF8.self) }
        var ending: Subprocess.Ending?
        var outputWhenEnded = ""
        Task {
            ending = await process.ended()
            outputWhenEnded = output
        }
        XCTAssertTrue(MainLoop.run(until: { ending != nil }, timeout: 30))
        XCTAssertEqual(ending, .exited(3))
        XCTAssertEqual(outputWhenEnded.split(separator: "\n").sorted(), ["one", "two"])
        let again = await process.ended()
        XCTAssertEqual(again, .exited(3), "an ended process answers at once")
    }

    func testCancellingTheWaitKillsTheProcessAtOnce() async throws {
        let process = try start("exec /bin/sleep 1000")
        var waiting = false
        var ended: Subprocess.Ending?? = .none
        let task = Task {
            waiting = true
            ended = .some(await process.ended())
        }
        XCTAssertTrue(MainLoop.run(until: { waiting }, timeout: 30))
        XCTAssertTrue(Self.isRunning(process.processID))
        task.cancel()
        // Killed within cancel(), on the main thread: it ends while the main
        // loop does not run (a kill left to a later main-actor job would not).
        XCTAssertTrue(
            Self.waitWithoutTheMainLoop { !Self.isRunning(process.processID) }, "still running after cancel()")
        XCTAssertTrue(MainLoop.run(until: { ended != nil }, timeout: 30))
        XCTAssertEqual(ended, .some(nil), "a cancelled wait tells no ending")
        let after = await process.ended()
        XCTAssertNil(after, "abandoned before it ended")
    }

    func testAbandonResumesEveryWaiter() async throws {
        let process = try start("exec /bin/sleep 1000")
        var answers: [Subprocess.Ending?] = []
        var waiting = 0
        for _ in 0..<2 {
            Task {
                waiting += 1
                answers.append(await process.ended())
            }
        }
        XCTAssertTrue(MainLoop.run(until: { waiting == 2 }, timeout: 30))
        process.abandon()
        XCTAssertTrue(MainLoop.run(until: { answers.count == 2 }, timeout: 30))
        XCTAssertEqual(answers, [nil, nil])
    }

    /// Running, and not a zombie waiting to be reaped.
    nonisolated static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = FileSystem.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Polls `condition` without running the main loop, for ten seconds at
    /// most (a safety net, not a limit).
    static func waitWithoutTheMainLoop(_ condition: () -> Bool) -> Bool {
        Poll.until(timeout: 10, interval: 0.001, condition)
    }
}
