import Game2048Model
import PasswordGeneratorModel
import XCTest

/// The generator's randomness, measured: frequencies, positions and orders
/// against the chi-square rule, with seeded and system sources.
final class PasswordGeneratorStatisticsTests: XCTestCase {

    /// Character frequencies over 20 000 passwords of 16 against what the rule
    /// predicts: one draw from each chosen set plus 12 from the union.
    func testCharacterFrequenciesFitTheRule() throws {
        var random = SeededRandom(seed: 0x5EED_0009)
        try checkFrequencies(PasswordOptions(length: 16), passwords: 20_000, using: &random)
        var avoiding = PasswordOptions(length: 9)
        avoiding.avoidsLookAlikes = true
        avoiding.includesPunctuation = false
        try checkFrequencies(avoiding, passwords: 20_000, using: &random)
    }

    /// The same on the operating system's source, at a looser threshold
    /// (one false alarm in a million runs).
    func testSystemSourceFrequenciesFitTheRule() throws {
        var random = SystemRandomNumberGenerator()
        try checkFrequencies(PasswordOptions(length: 16), passwords: 10_000, using: &random, z: 4.75)
    }

    private func checkFrequencies<R: RandomNumberGenerator>(
        _ options: PasswordOptions, passwords: Int,
        using random: inout R, z: Double = 3.09
    ) throws {
        var counts: [Character: Int] = [:]
        for _ in 0..<passwords {
            for c in try PasswordGenerator.generate(options, using: &random) { counts[c, default: 0] += 1 }
        }
        let sets = options.chosenSets
        let union = Double(options.alphabet.count)
        let free = Double(options.length - sets.count)
        var observed: [Int] = [], expected: [Double] = []
        for set in sets {
            for c in set {
                observed.append(counts[c] ?? 0)
                expected.append(Double(passwords) * (1 / Double(set.count) + free / union))
            }
        }
        let chi = chiSquare(observed, expected)
        let limit = chiSquareCritical(degrees: observed.count - 1, z: z)
        XCTAssertLessThan(chi, limit, "character frequencies do not fit (χ² \(chi), \(observed.count - 1) df)")
    }

    /// Which set each position's character comes from: after the shuffle every
    /// position must look alike (the guaranteed characters are not up front).
    func testPositionsAreShuffled() throws {
        var random = SeededRandom(seed: 0xF15E_4ABE)
        let options = PasswordOptions(length: 8)
        let sets = options.chosenSets
        let trials = 30_000
        var table = Array(repeating: Array(repeating: 0, count: sets.count), count: options.length)
        for _ in 0..<trials {
            for (position, c) in try PasswordGenerator.generate(options, using: &random).enumerated() {
                table[position][sets.firstIndex { $0.contains(c) }!] += 1
            }
        }
        let union = Double(options.alphabet.count)
        let free = Double(options.length - sets.count)
        var observed: [Int] = [], expected: [Double] = []
        for position in 0..<options.length {
            for (index, set) in sets.enumerated() {
                observed.append(table[position][index])
                // The share of a password's characters that come from this set.
                expected.append(Double(trials) * (1 + free * Double(set.count) / union) / Double(options.length))
            }
        }
        let chi = chiSquare(observed, expected)
        let degrees = options.length * (sets.count - 1)
        XCTAssertLessThan(
            chi, chiSquareCritical(degrees: degrees, z: 3.09), "positions differ (χ² \(chi), \(degrees) df)")
    }

    func testFisherYatesMakesEveryOrderEquallyLikely() {
        var random = SeededRandom(seed: 42)
        var counts: [[Int]: Int] = [:]
        let trials = 48_000
        for _ in 0..<trials {
            var items = [0, 1, 2, 3]
            PasswordGenerator.shuffle(&items, using: &random)
            counts[items, default: 0] += 1
        }
        XCTAssertEqual(counts.count, 24)
        let chi = chiSquare(Array(counts.values), Array(repeating: Double(trials) / 24, count: 24))
        XCTAssertLessThan(chi, chiSquareCritical(degrees: 23, z: 3.09))
    }

    /// The statistics above can fail: the same test flags `next() % n` on a
    /// source of bytes (256 is no multiple of 72), the original's bug.
    func testTheChiSquareCheckCatchesModuloBias() {
        var random = SeededRandom(seed: 7)
        var counts = Array(repeating: 0, count: 72)
        let draws = 72 * 1000
        for _ in 0..<draws { counts[Int(random.next() & 0xFF) % 72] += 1 }
        let chi = chiSquare(counts, Array(repeating: Double(draws) / 72, count: 72))
        XCTAssertGreaterThan(chi, chiSquareCritical(degrees: 71, z: 3.09))

        var fair = Array(repeating: 0, count: 72)
        for _ in 0..<draws { fair[PasswordGenerator.uniformIndex(below: 72, using: &random)] += 1 }
        XCTAssertLessThan(
            chiSquare(fair, Array(repeating: Double(draws) / 72, count: 72)),
            chiSquareCritical(degrees: 71, z: 3.09))
    }
}
