@testable import DemoValues
import TestSupport
import XCTest

/// How many records a hot line sends, on a clock the test gives: a few
/// hundred a second at most, the rest counted in the next record, and a
/// line that stops still sends its latest after `flushAfter`.
final class ValueThrottleTests: XCTestCase {
    private func sent(_ decisions: [ValueThrottle.Decision]) -> Int {
        decisions.filter { if case .send = $0 { true } else { false } }.count
    }

    func testAHotLineSendsAtItsRateAndCountsTheRest() {
        var throttle = ValueThrottle()
        let rates = throttle.rates
        // A million runs in one second, evenly spread.
        var decisions: [ValueThrottle.Decision] = []
        var counted = 0
        for run in 0..<1_000_000 {
            let decision = throttle.offer(1, now: Double(run) / 1_000_000)
            if case .send(let count) = decision { counted += count }
            if run % 1000 == 0 { decisions.append(decision) }
            if case .send = decision, run % 1000 != 0 { decisions.append(decision) }
        }
        let sends = sent(decisions)
        XCTAssertLessThanOrEqual(Double(sends), rates.burst + rates.perLine + 1)
        XCTAssertGreaterThanOrEqual(Double(sends), rates.perLine - 1, "and still sends at its rate, not once")
        let due = throttle.due(now: 1.0 + rates.flushAfter)
        XCTAssertEqual(counted + due.reduce(0) { $0 + $1.count }, 1_000_000, "every run is counted once")
    }

    func testALineThatStopsSendsItsLatestAfterTheInterval() {
        var throttle = ValueThrottle()
        let burst = Int(throttle.rates.burst)
        for _ in 0..<burst { XCTAssertEqual(throttle.offer(7, now: 0), .send(count: 1)) }
        XCTAssertEqual(throttle.offer(7, now: 0), .coalesce)
        XCTAssertEqual(throttle.offer(7, now: 0), .coalesce)
        XCTAssertEqual(throttle.due(now: 0.05).count, 0, "not yet")
        XCTAssertEqual(throttle.due(now: 0.1).map(\.key), [7])
        XCTAssertEqual(throttle.due(now: 0.1).map(\.count), [], "taken once")
        // Coalesced again, then a token comes back: the next send carries the count.
        XCTAssertEqual(throttle.offer(7, now: 0.1), .send(count: 1), "refilled meanwhile")
    }

    func testTheNextSendCarriesTheCoalescedRuns() {
        var throttle = ValueThrottle()
        for _ in 0..<Int(throttle.rates.burst) { _ = throttle.offer(1, now: 0) }
        for _ in 0..<5 { XCTAssertEqual(throttle.offer(1, now: 0), .coalesce) }
        XCTAssertEqual(throttle.offer(1, now: 1 / throttle.rates.perLine), .send(count: 6))
        XCTAssertEqual(throttle.due(now: 10).count, 0, "nothing left to flush")
    }

    func testLinesShareAWholeBudgetAndAFullPipeCoalesces() {
        var throttle = ValueThrottle()
        let rates = throttle.rates
        var sends = 0
        for line in 0..<1000 {
            for _ in 0..<10 { if case .send = throttle.offer(line, now: 0) { sends += 1 } }
        }
        XCTAssertEqual(Double(sends), rates.totalBurst, "a thousand lines at once: the shared bucket")
        XCTAssertEqual(
            throttle.due(now: rates.flushAfter).count, 1000 - Int(rates.totalBurst / 10), "each flushed, once, later")
        XCTAssertEqual(throttle.offer(5000, now: 100, room: false), .coalesce, "the pipe is behind")
        XCTAssertEqual(throttle.offer(5000, now: 100), .send(count: 2))
    }

    func testAClockReadOutOfOrderNeverAddsTokens() {
        var throttle = ValueThrottle()
        for _ in 0..<Int(throttle.rates.burst) { _ = throttle.offer(1, now: 5) }
        XCTAssertEqual(throttle.offer(1, now: 4), .coalesce)
        XCTAssertEqual(throttle.offer(1, now: 5), .coalesce)
    }
}
