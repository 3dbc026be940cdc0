import Glibc
import Synchronization

/// How long the engine may think about one move.
public struct SearchLimit: Sendable, Equatable {
    /// Which clock a time budget is measured on.
    public enum Clock: Sendable, Equatable {
        /// Wall-clock time: what a person waiting for a hint feels.
        case monotonic
        /// The searching thread's CPU time: the same search on a busy or an
        /// idle machine (the benchmark's choice).
        case threadCPU
    }

    /// The time budget in milliseconds; nil searches to `maximumDepth` whatever it takes.
    public var milliseconds: Double?
    /// The deepest search, in moves ahead (each a move and a new tile).
    public var maximumDepth: Int
    public var clock: Clock

    /// Searches deeper while the budget lasts.
    public static func time(_ milliseconds: Double, clock: Clock = .monotonic) -> SearchLimit {
        SearchLimit(milliseconds: milliseconds, maximumDepth: 12, clock: clock)
    }

    /// Searches exactly this deep: the same board always gets the same answer.
    public static func depth(_ depth: Int) -> SearchLimit {
        SearchLimit(milliseconds: nil, maximumDepth: depth, clock: .monotonic)
    }
}

/// Tells a running search to give up: the hint's board changed, or the
/// window closed. Safe to call from any thread.
public final class SearchCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// Seconds on a clock, read often enough to stop a search within a fraction of a millisecond.
struct SearchClock {
    let clock: SearchLimit.Clock

    func now() -> Double {
        var time = timespec()
        clock_gettime(clock == .monotonic ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

extension SearchLimit {
    /// What the Hint button allows: an arrow well within 100 ms of the
    /// press, however busy the board (`make bench` reports the p99).
    public static let hint = SearchLimit.time(40)
}
