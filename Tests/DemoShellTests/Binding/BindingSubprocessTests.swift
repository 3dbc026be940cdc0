import DemoKit
import Glibc
import XCTest

/// The binding's one way to start a process: `spawn`, for a caller that
/// waits itself (the plugin checker), gives the child exactly the
/// descriptors it is given, a session of its own and the environment asked for.
@MainActor
final class BindingSubprocessTests: GtkTestCase {
    func testSpawnGivesTheChildItsDescriptorsItsOwnSessionAndTheEnvironmentAskedFor() async throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        // Above the child's descriptors, as `Descriptor.copy` asks.
        let readFD = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeFD = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        defer { close(readFD) }
        let script = """
            echo noise; echo noise >&2
            read -r stat < /proc/$$/stat; set -- $stat
            echo "$$ $6 $SPAWN_TEST_VALUE${HOME:+ home}" >&3
            """
        let started = Subprocess.spawn(["/bin/sh", "-c", script], environment: ["SPAWN_TEST_VALUE": "asked", "HOME": nil],
                                       descriptors: [.null, .null, .null, .copy(of: writeFD)])
        close(writeFD)
        let pid = try started.get()
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid, "the caller waits for it, not GLib")
        XCTAssertEqual(status, 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(readFD, &buffer, buffer.count)
        let fields = String(decoding: buffer[0..<max(0, count)], as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(fields, ["\(pid)", "\(pid)", "asked"], "its answer on fd 3, a session of its own, HOME removed")
    }

    func testAProgramThatCannotBeStartedSaysWhy() async {
        switch Subprocess.spawn(["/nonexistent/program"], descriptors: [.null, .null, .null]) {
        case .success(let pid): XCTFail("started \(pid)")
        case .failure(let error): XCTAssertEqual(error.message, String(cString: strerror(ENOENT)))
        }
    }
}
