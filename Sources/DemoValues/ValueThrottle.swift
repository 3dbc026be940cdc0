/// How many records a line may send: a hot loop (2048's engine runs
/// millions of moves a second) must not flood the pipe nor the launcher,
/// yet the line's count stays true and its latest value still arrives.
///
/// Each line (a slot: 0, 1, 2…, as the caller numbers them, so that a hot
/// line costs an array index, not a lookup) has a bucket of `perLine`
/// records a second (`burst` at once),
/// and all lines share one of `total` a second: a run that finds no token
/// is coalesced, counted in the line's next record, and a line left with
/// coalesced runs is flushed (`due`) once they have waited `flushAfter`
/// seconds. Time is given (`now`, in seconds), never read here, so the
/// rules replay exactly in a test.
package struct ValueThrottle {
    package struct Rates: Sendable {
        package var perLine: Double = 200
        package var burst: Double = 40
        package var total: Double = 2_000
        package var totalBurst: Double = 400
        package var flushAfter: Double = 0.1
        package init() {}
    }

    /// What to do with one run of a line.
    package enum Decision: Equatable {
        /// Send it, standing for `count` runs (this one and those coalesced before).
        case send(count: Int)
        /// Coalesce it: only its count is kept (and its value, as the line's latest).
        case coalesce
    }

    struct Line {
        var tokens: Double
        var refilled: Double
        /// Runs coalesced since the line last sent, and when the first of them was.
        var pending = 0
        var pendingSince = 0.0
    }

    package let rates: Rates
    private var lines: [Line] = []
    private var tokens: Double
    private var refilled: Double?
    /// Lines with coalesced runs, for `due` to look at only those.
    private var waiting: Set<Int> = []

    package init(rates: Rates = Rates()) {
        self.rates = rates
        tokens = rates.totalBurst
    }

    /// One run of line `key` (its slot) at `now`, standing for `runs` runs
    /// (those a logging thread coalesced on its own); `room` false (the pipe
    /// is behind) coalesces it whatever the tokens.
    package mutating func offer(_ key: Int, now: Double, room: Bool = true, runs: Int = 1) -> Decision {
        refillTotal(now)
        while lines.count <= key { lines.append(Line(tokens: rates.burst, refilled: now)) }
        var line = lines[key]
        line.tokens = min(rates.burst, line.tokens + max(0, now - line.refilled) * rates.perLine)
        line.refilled = max(line.refilled, now)
        let decision: Decision
        if room, line.tokens >= 1, tokens >= 1 {
            line.tokens -= 1
            tokens -= 1
            decision = .send(count: line.pending + runs)
            line.pending = 0
            waiting.remove(key)
        } else {
            if line.pending == 0 {
                line.pendingSince = now
                waiting.insert(key)
            }
            line.pending += runs
            decision = .coalesce
        }
        lines[key] = line
        return decision
    }

    /// Lines whose coalesced runs have waited `flushAfter`: each is to send
    /// its latest value now, standing for `count` runs. They are taken off.
    package mutating func due(now: Double) -> [(key: Int, count: Int)] {
        var found: [(key: Int, count: Int)] = []
        for key in waiting {
            guard lines.indices.contains(key) else { continue }
            var line = lines[key]
            guard line.pending > 0, now - line.pendingSince >= rates.flushAfter else { continue }
            found.append((key, line.pending))
            line.pending = 0
            lines[key] = line
        }
        for entry in found { waiting.remove(entry.key) }
        return found.sorted { $0.key < $1.key }
    }

    /// Takes line `key`'s coalesced runs off, to be counted in a record
    /// sent now with a later value (a logging thread's own coalesced runs).
    package mutating func take(_ key: Int) -> Int {
        guard lines.indices.contains(key), lines[key].pending > 0 else { return 0 }
        let pending = lines[key].pending
        lines[key].pending = 0
        waiting.remove(key)
        return pending
    }

    private mutating func refillTotal(_ now: Double) {
        // Threads read the clock before they queue for the lock: a moment
        // given out of order refills nothing.
        if let refilled { tokens = min(rates.totalBurst, tokens + max(0, now - refilled) * rates.total) }
        refilled = max(refilled ?? now, now)
    }
}
