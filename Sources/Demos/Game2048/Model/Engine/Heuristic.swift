import Glibc

/// How the engine values a position it stops searching at: a sum over every
/// row and column of terms the 2048 literature agrees on (free cells,
/// pairs ready to merge, tiles falling steadily toward one side, and a cost
/// for the tiles' mass, which pushes the search to merge early).
///
/// The weights live here and nowhere else; `game2048-bench --ai --tune`
/// plays seeded games to compare sets of them.
public struct HeuristicWeights: Sendable, Equatable {
    /// A bonus every line earns, so that any position still in play scores
    /// above a lost one (which scores 0).
    public var alive: Float
    public var emptyCell: Float
    public var merge: Float
    /// Cost of each step against monotonic order, on exponents raised to `monotonicityPower`.
    public var monotonicity: Float
    public var monotonicityPower: Float
    /// Cost of the tiles themselves, on exponents raised to `sumPower`.
    public var sum: Float
    public var sumPower: Float

    public init(
        alive: Float, emptyCell: Float, merge: Float, monotonicity: Float,
        monotonicityPower: Float, sum: Float, sumPower: Float
    ) {
        self.alive = alive
        self.emptyCell = emptyCell
        self.merge = merge
        self.monotonicity = monotonicity
        self.monotonicityPower = monotonicityPower
        self.sum = sum
        self.sumPower = sumPower
    }

    /// The weights the demo plays with, chosen by seeded runs of
    /// `game2048-bench --ai --weights …` (40 games of 4 × 4 at 1 ms a move,
    /// seed 1, one change at a time from the literature's usual set
    /// 200000,270,700,47,4,11,3.5): a free cell worth 500 and a merge 1400,
    /// with a milder cost of disorder (30), reached 8192 and 16384 more often.
    public static let standard = HeuristicWeights(
        alive: 200_000, emptyCell: 500, merge: 1_400, monotonicity: 30,
        monotonicityPower: 4, sum: 11, sumPower: 3.5)
}

/// A line's score under some weights, with the powers of every exponent
/// computed once.
struct LineScorer: Sendable {
    let weights: HeuristicWeights
    private let monotonicityPowers: [Float]
    private let sumPowers: [Float]

    init(weights: HeuristicWeights) {
        self.weights = weights
        let exponents = 0...Int(Board.maximumExponent) + 1
        monotonicityPowers = exponents.map { Float.power(Float($0), weights.monotonicityPower) }
        sumPowers = exponents.map { Float.power(Float($0), weights.sumPower) }
    }

    /// The score of one row or column of exponents (0 for an empty cell), read in either order.
    func score(_ line: UnsafeBufferPointer<UInt8>) -> Float {
        var empty = 0
        var merges = 0
        var previous: UInt8 = 0
        var run = 0
        var mass: Float = 0
        for e in line {
            mass += sumPowers[Int(e)]
            if e == 0 {
                empty += 1
                continue
            }
            if e == previous {
                run += 1
            } else {
                if run > 0 { merges += 1 + run }
                run = 0
            }
            previous = e
        }
        if run > 0 { merges += 1 + run }
        // Steps that rise toward the right, and steps that rise toward the
        // left: a monotonic line pays only one of the two.
        var towardLeft: Float = 0
        var towardRight: Float = 0
        for i in 1..<line.count {
            let a = monotonicityPowers[Int(line[i - 1])], b = monotonicityPowers[Int(line[i])]
            if a > b { towardLeft += a - b } else { towardRight += b - a }
        }
        return weights.alive + weights.emptyCell * Float(empty) + weights.merge * Float(merges)
            - weights.monotonicity * min(towardLeft, towardRight) - weights.sum * mass
    }
}

extension Float {
    /// `base` to the power `exponent`, for the small tables above.
    static func power(_ base: Float, _ exponent: Float) -> Float { powf(base, exponent) }
}
