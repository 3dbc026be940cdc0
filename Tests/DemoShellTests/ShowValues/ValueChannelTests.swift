@testable import DemoValues
@testable import ShellModel
import Glibc
import XCTest

/// The child's side of Show Values in this process: threads logging the
/// same and different lines at full speed, through the real channel and
/// pipe, decoded by the launcher's reader. Every run is counted exactly
/// once, and each line's last value arrives, however much was coalesced.
final class ValueChannelTests: XCTestCase {
    func testThreadsLoggingAtFullSpeedAreAllCountedAndTheirLatestValuesArrive() throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        var info = stat()
        fstat(ends[1], &info)
        // The channel opens on the first log, from this variable (as in an edited demo).
        setenv(valuesVariable, "\(ends[1]):\(info.st_ino)", 1)
        defer { unsetenv(valuesVariable) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)

        let threads = 4, runs = 200_000
        DispatchQueueless.concurrentPerform(iterations: threads) { thread in
            for run in 0..<runs {
                // Line 10 + thread: one line per thread; line 1: shared by all.
                _ = __builtin_log_with_id(run, "run", 0, 10 + thread, 10 + thread, 5, 8, 1, 1)
                _ = __builtin_log_with_id(thread, "thread", 0, 1, 1, 5, 11, 1, 1)
            }
            _ = __builtin_log_scope_entry(30, 30, 1, 2, 1, 1)
        }

        var wire = ValueWire(files: [1: "Model/Hot.swift"], origin: 0)
        var counts: [Int: Int] = [:], latest: [Int: String] = [:], records = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Double(time(nil)) + 120 // a failure's limit, not a measure
        while counts.values.reduce(0, +) < threads * runs * 2 + threads, Double(time(nil)) < deadline {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard count > 0 else { usleep(5000); continue }
            for record in wire.decode(Array(buffer[0..<count])) {
                counts[record.line, default: 0] += record.count
                latest[record.line] = record.description
                records += 1
            }
        }
        for thread in 0..<threads {
            XCTAssertEqual(counts[10 + thread], runs, "every run of thread \(thread)'s line counted once")
            XCTAssertEqual(latest[10 + thread], String(runs - 1), "its last value arrived")
        }
        XCTAssertEqual(counts[1], threads * runs)
        XCTAssertEqual(counts[30], threads, "function bodies entered")
        XCTAssertLessThan(records, threads * runs / 10, "coalesced: \(records) records")
    }
}

/// Threads started and joined, without Foundation's Dispatch.
private enum DispatchQueueless {
    static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable (Int) -> Void
            let index: Int
            init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) { self.body = body; self.index = index }
        }
        var threads: [pthread_t] = []
        for index in 0..<iterations {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box(body, index)).toOpaque()
            pthread_create(&thread, nil, { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body(box.index)
                return nil
            }, box)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
