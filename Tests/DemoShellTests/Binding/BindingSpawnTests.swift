import DemoKitTesting
import DemoShellKit
import Foundation
import Glibc
import TestSupport
import XCTest

/// The binding's one way to start a process: `spawn`, for a caller that
/// waits itself (the plugin checker), gives the child exactly the
/// descriptors it is given, a session of its own and the environment asked
/// for; `terminate` finds by its mark what a process started in a session
/// of its own before it ended.
@MainActor
final class BindingSpawnTests: GtkTestCase {
    func testSpawnGivesTheChildItsDescriptorsItsOwnSessionAndTheEnvironmentAskedFor() async throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        // Above the child's descriptors, as `Descriptor.copy` asks.
        let readFD = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeFD = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
        defer { close(readFD) }
        let script = """
            echo noise; echo noise >&2
            read -r stat < /proc/$$/stat; set -- $stat
            echo "$$ $6 $SPAWN_TEST_VALUE${HOME:+ home}" >&3
            """
        let started = Subprocess.spawn(
            ["/bin/sh", "-c", script], environment: ["SPAWN_TEST_VALUE": "asked", "HOME": nil],
            descriptors: [.null, .null, .null, .copy(of: writeFD)])
        close(writeFD)
        let pid = try started.get()
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid, "the caller waits for it, not GLib")
        XCTAssertEqual(status, 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(readFD, &buffer, buffer.count)
        let fields = String(decoding: buffer[0..<max(0, count)], as: UTF8.self).split(whereSeparator: \.isWhitespace)
            .map(String.init)
        XCTAssertEqual(fields, ["\(pid)", "\(pid)", "asked"], "its answer on fd 3, a session of its own, HOME removed")
    }

    func testAProgramThatCannotBeStartedSaysWhy() async {
        switch Subprocess.spawn(["/nonexistent/program"], descriptors: [.null, .null, .null]) {
        case .success(let pid): XCTFail("started \(pid)")
        case .failure(let error): XCTAssertEqual(error.message, String(cString: strerror(ENOENT)))
        }
    }

    /// `setsid sleep 1000 &`, then the shell exits: the sleep is nobody's
    /// descendant any more, and in a session of its own; its environment
    /// still says whose it is.
    func testTerminateAfterTheEndFindsWhatLeftTheSessionByItsMark() async throws {
        Subprocess.adoptOrphans()
        let process = try Subprocess.start(["/bin/sh", "-c", "setsid /bin/sleep 1000 & echo $!"]).get()
        var output = ""
        var ended = false
        process.onOutput { _, bytes in output += String(decoding: bytes, as: UTF8.self) }
        process.onExit { _ in ended = true }
        XCTAssertTrue(MainLoop.run(until: { ended }, timeout: 30))
        let sleeper = try XCTUnwrap(Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)), output)
        defer { if ProcessDescriptors.isRunning(sleeper) { kill(sleeper, SIGKILL) } }
        XCTAssertTrue(
            MainLoop.run(
                until: { FileSystem.read("/proc/\(sleeper)/stat")?.contains("(sleep) ") == true }, timeout: 10),
            "it became the sleep, in its own session")
        XCTAssertTrue(ProcessDescriptors.isRunning(sleeper))
        process.terminate(signal: SIGKILL)
        // Ended, and reaped here (this process adopted it).
        XCTAssertTrue(
            MainLoop.run(until: { !FileSystem.exists("/proc/\(sleeper)") }, timeout: 10),
            "it outlived its starter's terminate (running: \(ProcessDescriptors.isRunning(sleeper)))")
    }
}
