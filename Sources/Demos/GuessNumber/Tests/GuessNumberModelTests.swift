import Game2048Model
import GuessNumberModel
import XCTest

final class GuessNumberModelTests: XCTestCase {
    /// Every number the picker offers: each tens digit with each of its units.
    private func offered(_ game: GuessNumberGame) -> [Int] {
        game.tens.flatMap { tens in game.units(forTens: tens).map { tens * 10 + $0 } }
    }

    /// A game whose possible range is `range`, reached by playing.
    private func game(reaching range: ClosedRange<Int>) -> GuessNumberGame {
        var game = GuessNumberGame(secret: range.lowerBound)
        if range.lowerBound > 0 { XCTAssertEqual(game.guess(range.lowerBound - 1), .tooSmall(attempt: 1)) }
        if range.upperBound < 99 { _ = game.guess(range.upperBound + 1) }
        return game
    }

    func testAWrongGuessNarrowsTheRange() {
        var game = GuessNumberGame(secret: 42)
        XCTAssertEqual(game.guess(57), .tooBig(attempt: 1))
        XCTAssertEqual(game.possible, 0...56)
        XCTAssertEqual(game.guess(20), .tooSmall(attempt: 2))
        XCTAssertEqual(game.possible, 21...56)
        XCTAssertEqual(game.guess(42), .correct(attempts: 3))
        XCTAssertEqual(game.attempts, 3)
    }

    func testTheIssuesExample() {
        var game = GuessNumberGame(secret: 30)
        _ = game.guess(57)
        _ = game.guess(20)
        XCTAssertEqual(game.tens, [2, 3, 4, 5])
        XCTAssertEqual(game.units(forTens: 2), Array(1...9))
        XCTAssertEqual(game.units(forTens: 3), Array(0...9))
        XCTAssertEqual(game.units(forTens: 5), Array(0...6))
        XCTAssertEqual(game.units(forTens: 6), [], "a tens digit not offered has no units")
        XCTAssertTrue(game.firstChoice == (2, 1))
    }

    func testANumberOutsideTheRangeIsNotAGuess() {
        var game = GuessNumberGame(secret: 42)
        _ = game.guess(57)
        XCTAssertEqual(game.guess(57), .notPossible)
        XCTAssertEqual(game.guess(100), .notPossible)
        XCTAssertEqual(game.guess(-1), .notPossible)
        XCTAssertEqual(game.attempts, 1, "refused guesses do not count")
    }

    func testThePickerOffersExactlyEveryReachableRange() {
        var checked = 0
        for low in 0...99 {
            for high in low...99 {
                let game = game(reaching: low...high)
                XCTAssertEqual(game.possible, low...high)
                let numbers = offered(game)
                XCTAssertEqual(numbers, Array(low...high), "range \(low)…\(high)")
                XCTAssertTrue(
                    game.tens.allSatisfy { !game.units(forTens: $0).isEmpty }, "no empty tens in \(low)…\(high)")
                let first = game.firstChoice
                XCTAssertEqual(first.tens * 10 + first.units, low, "the first entries pick the lowest number")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 5050)
    }

    func testChangingTheTensKeepsTheUnitsWhenPossible() {
        var game = GuessNumberGame(secret: 30)
        _ = game.guess(57)
        _ = game.guess(20)
        XCTAssertEqual(game.units(afterChoosingTens: 3, keeping: 5), 5)
        XCTAssertEqual(game.units(afterChoosingTens: 5, keeping: 8), 6, "nearest offered")
        XCTAssertEqual(game.units(afterChoosingTens: 2, keeping: 0), 1)
        XCTAssertNil(game.units(afterChoosingTens: 9, keeping: 0))
    }

    func testSteppingStaysInTheColumn() {
        XCTAssertEqual(GuessNumberGame.step(from: 3, by: 1, in: [1, 2, 3]), 3)
        XCTAssertEqual(GuessNumberGame.step(from: 1, by: -1, in: [1, 2, 3]), 1)
        XCTAssertEqual(GuessNumberGame.step(from: 2, by: 1, in: [1, 2, 3]), 3)
        XCTAssertEqual(
            GuessNumberGame.step(from: 9, by: 1, in: [1, 2, 3]), 1, "a digit no longer offered goes to the first")
    }

    func testBinarySearchThroughThePickerAlwaysWinsWithinSevenGuesses() {
        var worst = 0
        for secret in GuessNumberGame.numbers {
            var game = GuessNumberGame(secret: secret)
            var outcome = GuessOutcome.notPossible
            while true {
                let numbers = offered(game)
                outcome = game.guess(numbers[numbers.count / 2])
                if case .correct = outcome { break }
                XCTAssertLessThan(game.attempts, 7, "secret \(secret)")
                if game.attempts >= 7 { break }
            }
            XCTAssertEqual(outcome, .correct(attempts: game.attempts))
            worst = max(worst, game.attempts)
        }
        XCTAssertEqual(worst, 7, "⌈log2 101⌉: some secret needs all seven")
    }

    func testVerdicts() {
        XCTAssertEqual(
            (1...12).map(Verdict.init(attempts:)),
            [.rare, .rare, .rare, .normal, .normal, .normal, .normal, .silly, .silly, .silly, .silly, .silly])
    }

    func testTheSecretComesFromTheGivenSource() {
        // A deterministic source, so two games from one seed agree.
        var first = SeededRandom(seed: 2024), second = SeededRandom(seed: 2024)
        let secrets = (0..<50).map { _ in GuessNumberGame(using: &first).secret }
        XCTAssertEqual(secrets, (0..<50).map { _ in GuessNumberGame(using: &second).secret })
        XCTAssertTrue(secrets.allSatisfy(GuessNumberGame.numbers.contains))
        XCTAssertGreaterThan(Set(secrets).count, 10)
    }

    /// The secret is uniform over 0…99: Pearson's chi-square over 100 000
    /// games from the system's secure source (no seed), 99 degrees of
    /// freedom, significance 0.001 (critical value 148.23). A fair source
    /// fails this one run in a thousand; a biased one (say `% 100` over a
    /// byte) fails every time.
    func testTheSecretIsUniform() {
        let games = 100_000
        var counts = [Int](repeating: 0, count: 100)
        for _ in 0..<games { counts[GuessNumberGame().secret] += 1 }
        let expected = Double(games) / 100
        let chiSquare = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        XCTAssertLessThan(chiSquare, 148.23, "counts \(counts)")
        // The same statistic rejects a biased source, so the test can fail.
        var biased = [Int](repeating: 0, count: 100)
        var source = SystemRandomNumberGenerator()
        for _ in 0..<games { biased[Int(UInt8.random(in: 0...255, using: &source)) % 100] += 1 }
        let biasedChiSquare = biased.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        XCTAssertGreaterThan(biasedChiSquare, 148.23)
    }
}
