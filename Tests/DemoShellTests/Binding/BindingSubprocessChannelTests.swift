import DemoShellKit
import DemoKitTesting
import Glibc
import TestSupport
import XCTest

/// `Subprocess.start(channel:)`: a pipe of the child's own beside its
/// output (Show Values' records), named in its environment with its inode,
/// read in bounded pieces and to its end before the end is told.
@MainActor
final class BindingSubprocessChannelTests: GtkTestCase {
    func testTheChannelIsNamedItsDataComesApartFromTheOutputAndBeforeTheEnd() async throws {
        let script = "echo \"$CHANNEL\"; stat -L -c %i /proc/$$/fd/3; printf 'records' >&3; echo done"
        let process = try Subprocess.start(["/bin/sh", "-c", script], channel: "CHANNEL").get()
        var output = "", channel = ""
        process.onOutput { _, bytes in output += String(decoding: bytes, as: UTF8.self) }
        process.onChannel { bytes in channel += String(decoding: bytes, as: UTF8.self) }
        var channelWhenEnded: String?
        Task {
            _ = await process.ended()
            channelWhenEnded = channel
        }
        XCTAssertTrue(MainLoop.run(until: { channelWhenEnded != nil }, timeout: 30))
        XCTAssertEqual(channelWhenEnded, "records", "all of it, before the end is told")
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, output)
        XCTAssertEqual(
            lines.first, "\(Subprocess.channelDescriptor):\(lines.dropFirst().first ?? "?")", "descriptor and inode")
        XCTAssertFalse(output.contains("records"))
    }

    /// A child that writes as fast as it can: every byte arrives, never more
    /// than `channelReadLimit` of it in one turn of the main loop.
    func testAFloodIsReadWhollyInBoundedPieces() async throws {
        let size = 3_000_000
        let process = try Subprocess.start(["/bin/sh", "-c", "head -c \(size) /dev/zero >&3"], channel: "CHANNEL").get()
        var total = 0, largest = 0, pieces = 0
        process.onChannel { bytes in
            total += bytes.count
            largest = max(largest, bytes.count)
            pieces += 1
        }
        var ended = false
        Task {
            _ = await process.ended()
            ended = true
        }
        var mostInOneTurn = 0
        while !ended {
            let before = total
            MainLoop.iterate(blocking: true)
            // The turn that sees the end reads what the pipe still holds.
            if process.ending == nil { mostInOneTurn = max(mostInOneTurn, total - before) }
        }
        XCTAssertLessThanOrEqual(mostInOneTurn, Subprocess.channelReadLimit)
        XCTAssertEqual(total, size)
        XCTAssertLessThanOrEqual(largest, Subprocess.channelReadLimit)
        XCTAssertGreaterThanOrEqual(pieces, size / Subprocess.channelReadLimit)
    }
}
