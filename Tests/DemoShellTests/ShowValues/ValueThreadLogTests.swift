@testable import DemoValues
import TestSupport
import XCTest

/// A logging thread's own counts of its coalesced lines (the hot path that
/// takes no shared lock): runs stay there while the line's gate is closed,
/// go with the line's next run to the channel, and what a line leaves
/// there, or loses to another line sharing its entry, is never lost.
final class ValueThreadLogTests: XCTestCase {
    func testRunsStayWhileTheGateIsClosedAndGoWithTheNextRun() {
        let log = ValueThreadLog.make()
        var now: UInt64 = 10
        XCTAssertFalse(
            log.pointee.coalesce(42, value: 1, storesValue: true) { now }, "a line never seen goes to the channel")
        log.pointee.close(42, slot: 3, until: 100)
        now = 20
        for run in 0..<ValueThreadLog.clockEvery {
            XCTAssertTrue(log.pointee.coalesce(42, value: run, storesValue: true) { now })
        }
        now = 100
        XCTAssertFalse(
            log.pointee.coalesce(42, value: 6, storesValue: true) { now },
            "open again at its gate, seen at the next reading")
        XCTAssertEqual(log.pointee.take(42).runs, ValueThreadLog.clockEvery, "the runs counted here go with this one")
        XCTAssertEqual(log.pointee.take(42).runs, 0, "once")
        log.pointee.close(42, slot: 3, until: 0)
        XCTAssertFalse(
            log.pointee.coalesce(42, value: 7, storesValue: true) { now }, "a line that may send is not held")
    }

    /// The clock costs a hot line more than the rest of its run: read on its first run here, then every `clockEvery`.
    func testTheClockIsReadOnlyEveryFewRuns() {
        let log = ValueThreadLog.make()
        var readings = 0
        log.pointee.close(1, slot: 0, until: 1_000_000)
        for run in 0..<(ValueThreadLog.clockEvery * 10) {
            XCTAssertTrue(
                log.pointee.coalesce(1, value: run, storesValue: true) {
                    readings += 1
                    return 5
                })
        }
        XCTAssertEqual(readings, 10)
    }

    func testWhatALineLeavesIsTakenByTheWriterAfterTheInterval() throws {
        let log = ValueThreadLog.make()
        log.pointee.close(9, slot: 1, until: 1_000_000)
        XCTAssertTrue(log.pointee.coalesce(9, value: "a", storesValue: true) { 1_000 })
        XCTAssertTrue(log.pointee.coalesce(9, value: "b", storesValue: true) { 2_000 })
        XCTAssertEqual(log.pointee.leftovers(now: 50_000, flushAfter: 100_000, all: false).count, 0, "not yet")
        let left = try XCTUnwrap(log.pointee.leftovers(now: 101_000, flushAfter: 100_000, all: false).first)
        XCTAssertEqual(left.slot, 1)
        XCTAssertEqual(left.runs, 2)
        XCTAssertEqual(left.latest as? String, "b", "the latest value")
        XCTAssertEqual(left.time, 1_000, "the time the clock was last read")
        XCTAssertEqual(log.pointee.leftovers(now: 200_000, flushAfter: 100_000, all: false).count, 0, "taken once")
        XCTAssertTrue(log.pointee.coalesce(9, value: "c", storesValue: true) { 300_000 })
        XCTAssertEqual(
            log.pointee.leftovers(now: 300_000, flushAfter: 100_000, all: true).map(\.runs), [1], "all of it, at exit")
    }

    private struct Small: Equatable { var a = 1, b = 2.5, c: Int8 = 3 }
    private struct Large: Equatable { var a = 1, b = 2, c = 3, d = 4, e = 5 }

    /// Plain values kept as bytes, others boxed, whichever came last is the latest.
    func testTheLatestValueIsKeptWhateverItsType() throws {
        let log = ValueThreadLog.make()
        log.pointee.close(4, slot: 2, until: 1_000_000)
        func latest<T>(after value: T) throws -> Any? {
            XCTAssertTrue(log.pointee.coalesce(4, value: value, storesValue: true) { 10 })
            return try XCTUnwrap(log.pointee.leftovers(now: 10, flushAfter: 0, all: true).first).latest
        }
        XCTAssertEqual(try latest(after: 7) as? Int, 7)
        XCTAssertEqual(try latest(after: Small(a: 9)) as? Small, Small(a: 9))
        XCTAssertEqual(try latest(after: "text") as? String, "text")
        XCTAssertEqual(try latest(after: Large(e: 50)) as? Large, Large(e: 50), "too large for the bytes: boxed")
        XCTAssertEqual(try latest(after: [1, 2]) as? [Int], [1, 2])
        XCTAssertTrue(log.pointee.coalesce(4, value: "boxed", storesValue: true) { 10 })
        XCTAssertTrue(log.pointee.coalesce(4, value: 8.5, storesValue: true) { 10 })
        XCTAssertEqual(
            try XCTUnwrap(log.pointee.leftovers(now: 10, flushAfter: 0, all: true).first).latest as? Double, 8.5,
            "the bytes after a box")
        XCTAssertTrue(log.pointee.coalesce(4, value: 8, storesValue: true) { 10 })
        XCTAssertTrue(log.pointee.coalesce(4, value: "last", storesValue: true) { 10 })
        XCTAssertEqual(
            try XCTUnwrap(log.pointee.leftovers(now: 10, flushAfter: 0, all: true).first).latest as? String, "last",
            "a box after the bytes")
    }

    func testALineSharingTheEntryHandsOverWhatTheOtherLeft() throws {
        let log = ValueThreadLog.make()
        let first = 5
        let second = try XCTUnwrap((6..<1_000_000).first { ValueThreadLog.index($0) == ValueThreadLog.index(first) })
        log.pointee.close(first, slot: 0, until: 1_000)
        XCTAssertTrue(log.pointee.coalesce(first, value: 1, storesValue: true) { 10 })
        XCTAssertFalse(log.pointee.coalesce(second, value: 2, storesValue: true) { 20 })
        let taken = log.pointee.take(second)
        XCTAssertEqual(taken.runs, 0)
        let evicted = try XCTUnwrap(taken.evicted, "the other line's run is handed to the channel")
        XCTAssertEqual(evicted.slot, 0)
        XCTAssertEqual(evicted.runs, 1)
        XCTAssertEqual(evicted.latest as? Int, 1)
    }
}
