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
    /// When set, deepening stops once a search this deep for the position
    /// has finished, even with time left (`TimeBank` keeps what is saved).
    public var enoughDepth: EnoughDepth?
    /// Deepening goes on past `enoughDepth` until this much time is spent:
    /// time that could not be saved anyway (`TimeBank.unbankable`).
    public var minimumMilliseconds: Double = 0

    /// Searches deeper while the budget lasts.
    public static func time(
        _ milliseconds: Double, clock: Clock = .monotonic,
        enoughDepth: EnoughDepth? = nil, spendingAtLeast minimum: Double = 0
    ) -> SearchLimit {
        SearchLimit(
            milliseconds: milliseconds, maximumDepth: 12, clock: clock, enoughDepth: enoughDepth,
            minimumMilliseconds: minimum)
    }

    /// Searches exactly this deep: the same board always gets the same answer.
    public static func depth(_ depth: Int) -> SearchLimit {
        SearchLimit(milliseconds: nil, maximumDepth: depth, clock: .monotonic, enoughDepth: nil)
    }
}

/// How deep a position deserves to be searched: deeper the more distinct
/// tiles it holds. A board of few kinds of tile has room and many ways
/// out, and a shallow search plays it as well as a deep one; a board of
/// many is where a game is lost, and where time is worth spending.
public struct EnoughDepth: Sendable, Equatable {
    public var minimum: Int
    /// Enough depth is the count of distinct tiles less this.
    public var belowDistinctTiles: Int
    /// A board with at most this many empty cells is searched at least
    /// `crowdedMinimum` deep, however few kinds of tile it holds: an early
    /// board of few kinds can still be one tile from lost. (A later board,
    /// of many kinds, deserves that depth anyway.)
    public var crowdedEmptyCells: Int
    public var crowdedMinimum: Int

    public init(minimum: Int, belowDistinctTiles: Int, crowdedEmptyCells: Int = -1, crowdedMinimum: Int = 0) {
        self.minimum = minimum
        self.belowDistinctTiles = belowDistinctTiles
        self.crowdedEmptyCells = crowdedEmptyCells
        self.crowdedMinimum = crowdedMinimum
    }

    func depth(distinctTiles: Int, emptyCells: Int) -> Int {
        max(emptyCells <= crowdedEmptyCells ? crowdedMinimum : minimum, distinctTiles - belowDistinctTiles)
    }

    /// A board of many kinds of tile needs a deeper look than one of few;
    /// a move that needs less saves its time for a harder one. A crowded
    /// board is searched at least 4 deep: searching it shallowly to save
    /// time lost games early, with time left that was never used. The
    /// numbers were chosen by seeded `game2048-bench --ai` runs, by how
    /// often games reached 8192 and 16384 (docs/benchmarks.md, "How 2048's
    /// search limits were chosen").
    public static let standard = EnoughDepth(minimum: 2, belowDistinctTiles: 4, crowdedEmptyCells: 2, crowdedMinimum: 4)
}

/// Thinking time as a player with a chess clock spends it: a budget per
/// move on average, where a move that needed less (`EnoughDepth`) leaves
/// the rest for a harder one later, up to `maximumBalance`.
public struct TimeBank: Sendable {
    public let millisecondsPerMove: Double
    public let maximumBalance: Double
    public private(set) var balance: Double = 0

    public init(millisecondsPerMove: Double, maximumBalance: Double? = nil) {
        self.millisecondsPerMove = millisecondsPerMove
        self.maximumBalance =
            maximumBalance ?? millisecondsPerMove * Self.standardBudgets(millisecondsPerMove: millisecondsPerMove)
    }

    /// How many moves' budgets the bank keeps at most, unless told otherwise:
    /// too small a bank fills and loses what a move saved, so a game uses
    /// less of its time; a longer budget a move saves more, so it needs a
    /// larger bank (the runs that chose these are in docs/benchmarks.md).
    public static func standardBudgets(millisecondsPerMove: Double) -> Double {
        millisecondsPerMove >= 5 ? 200 : 50
    }

    /// The time the next move may take: its own share and what was saved.
    public var allowance: Double { millisecondsPerMove + balance }

    /// What the next move would lose if it took no time: the part of its
    /// share that a full bank cannot keep. A move spends at least this.
    public var unbankable: Double { max(0, balance + millisecondsPerMove - maximumBalance) }

    /// Books a move that took `milliseconds` (of its allowance).
    public mutating func spend(_ milliseconds: Double) {
        balance = min(maximumBalance, max(0, balance + millisecondsPerMove - milliseconds))
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
    /// log2 of the slots a 4 × 4 search's transposition table should have.
    /// 2^16 slots sit beside the move tables in a core's cache, which is
    /// what a search of a millisecond or two needs; a longer one stores far
    /// more positions, which would overwrite each other there, so it gets
    /// 2^20 (docs/benchmarks.md has the runs that showed it).
    public var tableCapacityLog2: Int {
        guard let milliseconds, milliseconds >= 5 else { return 16 }
        return 20
    }

    /// What the Hint button allows: an arrow well within 100 ms of the
    /// press, however busy the board (`make bench` reports the p99).
    public static let hint = SearchLimit.time(40)
}
