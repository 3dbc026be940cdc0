@testable import DemoValues
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// The child's side of Show Values in this process: threads logging the
/// same and different lines at full speed, through the real channel and
/// pipe, decoded by the launcher's reader. Every run is counted exactly
/// once, and each line's last value arrives, however much was coalesced.
final class ValueChannelTests: XCTestCase {
    func testThreadsLoggingAtFullSpeedAreAllCountedAndTheirLatestValuesArrive() throws {
        ValuesPipe.open()
        let threads = 4, runs = 200_000
        DispatchQueueless.concurrentPerform(iterations: threads) { thread in
            for run in 0..<runs {
                // Line 10 + thread: one line per thread; line 1: shared by all.
                _ = __builtin_log_with_id(run, "run", 0, 10 + thread, 10 + thread, 5, 8, 1, 1)
                _ = __builtin_log_with_id(thread, "thread", 0, 1, 1, 5, 11, 1, 1)
            }
            _ = __builtin_log_scope_entry(30, 30, 1, 2, 1, 1)
        }

        var counts: [Int: Int] = [:], latest: [Int: String] = [:], records = 0
        _ = ValuesPipe.read(file: 1, path: "Model/Hot.swift") { received in
            for record in received[records...] {
                counts[record.line, default: 0] += record.count
                latest[record.line] = record.description
            }
            records = received.count
            return counts.values.reduce(0, +) >= threads * runs * 2 + threads
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
enum DispatchQueueless {
    static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable (Int) -> Void
            let index: Int
            init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
                self.body = body
                self.index = index
            }
        }
        var threads: [pthread_t] = []
        for index in 0..<iterations {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box(body, index)).toOpaque()
            pthread_create(
                &thread, nil,
                { raw in
                    let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                    box.body(box.index)
                    return nil
                }, box)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
