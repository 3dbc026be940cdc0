@testable import DemoValues
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// A value whose `description` and `deinit` are themselves logged, as a
/// learner's model is under Show Values (the calculator froze
/// when `WholeNumber.Box`'s `deinit` logged while the logger released it).
private final class Chatty: CustomStringConvertible {
    static let file = 2
    let number: Int
    init(_ number: Int) { self.number = number }

    var description: String {
        _ = __builtin_log_with_id(number, "number", 0, 21, 21, 9, 15, 1, Self.file)
        return "Chatty(\(number))"
    }

    deinit {
        _ = __builtin_log_scope_entry(25, 25, 5, 6, 1, Self.file)
        _ = __builtin_log_with_id(number, "number", 0, 26, 26, 9, 15, 1, Self.file)
    }
}

/// The logger never waits on itself: what runs inside it (a description,
/// a deinit of a value it lets go, on a logging thread or on its writer)
/// and logs is dropped, and every thread runs on.
final class ValueChannelReentryTests: XCTestCase {
    func testValuesWhoseDescriptionAndDeinitLogNeverBlockTheLogger() throws {
        ValuesPipe.open()
        let threads = 3, runs = 20_000
        let finished = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        finished.initialize(to: 0)
        let worker = Thread {
            DispatchQueueless.concurrentPerform(iterations: threads) { thread in
                for run in 0..<runs {
                    // A new object each run: the one logged before is let go inside the logger.
                    _ = __builtin_log_with_id(Chatty(run), "chatty", 0, 10 + thread, 10 + thread, 5, 11, 1, Chatty.file)
                    _ = __builtin_log_scope_entry(30, 30, 1, 2, 1, Chatty.file)
                }
            }
            finished.pointee = 1
        }
        worker.start()
        let records = ValuesPipe.read(file: Chatty.file, path: "Model/Chatty.swift", seconds: 60) { received in
            (0..<threads).allSatisfy { thread in
                received.filter { $0.line == 10 + thread }.reduce(0) { $0 + $1.count } == runs
            } && received.filter { $0.line == 30 }.reduce(0) { $0 + $1.count } == threads * runs
        }
        guard finished.pointee == 1 else {
            // A thread waits on the logger's own lock, for ever: so would this process's exit (it sends what is left).
            XCTFail("a logging thread never ran to its end: the logger waits on itself")
            print("ValueChannelReentryTests: the logger deadlocked; ending the test process")
            fflush(stdout)
            _exit(1)
        }
        for thread in 0..<threads {
            let line = records.filter { $0.line == 10 + thread }
            XCTAssertEqual(line.reduce(0) { $0 + $1.count }, runs, "every run of thread \(thread)'s line counted")
            // Described through its own `description` (which logs, dropped) on the logging thread.
            XCTAssertTrue(
                line.contains { $0.description.hasPrefix("Chatty(") }, "described: \(line.prefix(3).map(\.description))"
            )
        }
        // Deinits run outside the logger (a value the demo itself let go) are logged as any line.
        XCTAssertTrue(records.contains { $0.line == 25 }, "a deinit run by the demo's own code is logged")
    }
}

/// A thread of its own, started and left to run (the test waits on the pipe, not on it).
private final class Thread: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, box)
        pthread_detach(thread)
    }
}
