@testable import DemoValues
import XCTest

/// A logging thread's own counts of its coalesced lines (the hot path that
/// takes no shared lock): runs stay there while the line's gate is closed,
/// go with the line's next run to the channel, and what a line leaves
/// there, or loses to another line sharing its entry, is never lost.
final class ValueThreadLogTests: XCTestCase {
    func testRunsStayWhileTheGateIsClosedAndGoWithTheNextRun() {
        let log = ValueThreadLog.make()
        XCTAssertFalse(log.pointee.coalesce(42, value: 1, storesValue: true, now: 10), "a line never seen goes to the channel")
        log.pointee.close(42, slot: 3, until: 100)
        for run in 2...5 { XCTAssertTrue(log.pointee.coalesce(42, value: run, storesValue: true, now: 20)) }
        XCTAssertFalse(log.pointee.coalesce(42, value: 6, storesValue: true, now: 100), "open again at its gate")
        XCTAssertEqual(log.pointee.take(42).runs, 4, "the runs counted here go with this one")
        XCTAssertEqual(log.pointee.take(42).runs, 0, "once")
        log.pointee.close(42, slot: 3, until: 0)
        XCTAssertFalse(log.pointee.coalesce(42, value: 7, storesValue: true, now: 101), "a line that may send is not held")
    }

    func testWhatALineLeavesIsTakenByTheWriterAfterTheInterval() throws {
        let log = ValueThreadLog.make()
        log.pointee.close(9, slot: 1, until: 1_000_000)
        XCTAssertTrue(log.pointee.coalesce(9, value: "a", storesValue: true, now: 1_000))
        XCTAssertTrue(log.pointee.coalesce(9, value: "b", storesValue: true, now: 2_000))
        XCTAssertEqual(log.pointee.leftovers(now: 50_000, flushAfter: 100_000, all: false).count, 0, "not yet")
        let left = try XCTUnwrap(log.pointee.leftovers(now: 101_000, flushAfter: 100_000, all: false).first)
        XCTAssertEqual(left.slot, 1)
        XCTAssertEqual(left.runs, 2)
        XCTAssertEqual(left.latest as? String, "b", "the latest value")
        XCTAssertEqual(left.time, 2_000)
        XCTAssertEqual(log.pointee.leftovers(now: 200_000, flushAfter: 100_000, all: false).count, 0, "taken once")
        XCTAssertTrue(log.pointee.coalesce(9, value: "c", storesValue: true, now: 300_000))
        XCTAssertEqual(log.pointee.leftovers(now: 300_000, flushAfter: 100_000, all: true).map(\.runs), [1], "all of it, at exit")
    }

    func testALineSharingTheEntryHandsOverWhatTheOtherLeft() throws {
        let log = ValueThreadLog.make()
        let first = 5
        let second = try XCTUnwrap((6..<1_000_000).first { ValueThreadLog.index($0) == ValueThreadLog.index(first) })
        log.pointee.close(first, slot: 0, until: 1_000)
        XCTAssertTrue(log.pointee.coalesce(first, value: 1, storesValue: true, now: 10))
        XCTAssertFalse(log.pointee.coalesce(second, value: 2, storesValue: true, now: 20))
        let taken = log.pointee.take(second)
        XCTAssertEqual(taken.runs, 0)
        let evicted = try XCTUnwrap(taken.evicted, "the other line's run is handed to the channel")
        XCTAssertEqual(evicted.slot, 0)
        XCTAssertEqual(evicted.runs, 1)
        XCTAssertEqual(evicted.latest as? Int, 1)
    }
}
