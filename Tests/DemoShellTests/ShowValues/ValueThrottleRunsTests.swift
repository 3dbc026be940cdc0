@testable import DemoValues
import TestSupport
import XCTest

/// A thread's own coalesced runs, offered with one run, and taken back for a later record.
final class ValueThrottleRunsTests: XCTestCase {
    func testRunsCoalescedElsewhereAreCountedOnceInTheNextRecord() {
        var throttle = ValueThrottle()
        XCTAssertEqual(throttle.offer(2, now: 0, runs: 5), .send(count: 5))
        XCTAssertEqual(throttle.offer(2, now: 0, room: false, runs: 3), .coalesce)
        XCTAssertEqual(throttle.offer(2, now: 0, runs: 2), .send(count: 5), "the 3 coalesced and these 2")
        XCTAssertEqual(throttle.offer(2, now: 0, room: false, runs: 4), .coalesce)
        XCTAssertEqual(throttle.take(2), 4, "taken for a record sent with a later value")
        XCTAssertEqual(throttle.take(2), 0)
        XCTAssertEqual(throttle.due(now: 1).count, 0, "and no longer due")
    }
}
