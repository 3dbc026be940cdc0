/// Guess the Number's rules, free of GTK: the secret, the range still
/// possible, what the two-column picker may offer, and what a guess says.

/// What a guess tells the player.
public enum GuessOutcome: Equatable, Sendable {
    /// Wrong: the secret is smaller. `attempt` is this guess's number (1, 2, …).
    case tooBig(attempt: Int)
    /// Wrong: the secret is bigger.
    case tooSmall(attempt: Int)
    /// Right, after `attempts` guesses in all.
    case correct(attempts: Int)
    /// The number is outside the range still possible (the picker never
    /// offers one); nothing changes and it does not count.
    case notPossible
}

/// How the dialog teases the winner, by the number of guesses.
public enum Verdict: Equatable, Sendable {
    /// Fewer than 4 guesses.
    case rare
    /// 4 to 7 guesses.
    case normal
    /// 8 or more.
    case silly

    public init(attempts: Int) {
        switch attempts {
        case ..<4: self = .rare
        case ..<8: self = .normal
        default: self = .silly
        }
    }
}

/// One game: a secret from 0 to 99 and what the player has learnt so far.
public struct GuessNumberGame: Sendable {
    /// Every number a game can pick.
    public static let numbers = 0...99

    /// The number to find.
    public private(set) var secret: Int
    /// The numbers still possible after the guesses so far.
    public private(set) var possible: ClosedRange<Int> = numbers
    /// Wrong and right guesses made so far.
    public private(set) var attempts = 0

    /// A new game whose secret comes from the system's secure random source.
    public init() {
        var source = SystemRandomNumberGenerator()
        self.init(using: &source)
    }

    /// A new game whose secret comes from `source`; `Int.random(in:using:)`
    /// is unbiased over the range.
    public init<Source: RandomNumberGenerator>(using source: inout Source) {
        secret = Int.random(in: Self.numbers, using: &source)
    }

    /// A game with a known secret (tests, replays).
    public init(secret: Int) {
        precondition(Self.numbers.contains(secret), "secret \(secret) is outside \(Self.numbers)")
        self.secret = secret
    }

    /// Guesses `number`: a wrong guess narrows `possible` to the side the
    /// secret is on.
    public mutating func guess(_ number: Int) -> GuessOutcome {
        guard possible.contains(number) else { return .notPossible }
        attempts += 1
        if number == secret {
            possible = number...number
            return .correct(attempts: attempts)
        }
        if number > secret {
            possible = possible.lowerBound...(number - 1)
            return .tooBig(attempt: attempts)
        }
        possible = (number + 1)...possible.upperBound
        return .tooSmall(attempt: attempts)
    }

    // MARK: The picker

    /// The tens digits the left column offers: those of the possible range.
    public var tens: [Int] { Array((possible.lowerBound / 10)...(possible.upperBound / 10)) }

    /// The units digits the right column offers when `tens` is selected:
    /// those making a possible number (range 21–56: tens 2 offers 1–9, tens 5
    /// offers 0–6). Empty for a tens digit the left column does not offer.
    public func units(forTens tens: Int) -> [Int] {
        let low = max(possible.lowerBound, tens * 10)
        let high = min(possible.upperBound, tens * 10 + 9)
        guard low <= high else { return [] }
        return Array((low % 10)...(high % 10))
    }

    /// What both columns select after a guess or a restart: their first entries.
    public var firstChoice: (tens: Int, units: Int) {
        let first = possible.lowerBound
        return (first / 10, first % 10)
    }

    /// The units digit to select when the tens column changes to `tens`
    /// while `units` was selected: the same digit if still offered, else the
    /// nearest one offered (so the column never shows a hole).
    public func units(afterChoosingTens tens: Int, keeping current: Int) -> Int? {
        let offered = units(forTens: tens)
        guard let first = offered.first, let last = offered.last else { return nil }
        return min(max(current, first), last)
    }

    /// The digit one step up (`by: -1`) or down (`by: 1`) from `digit` in a
    /// column offering `offered`; at either end it stays put.
    public static func step(from digit: Int, by delta: Int, in offered: [Int]) -> Int? {
        guard let index = offered.firstIndex(of: digit) else { return offered.first }
        return offered[min(max(index + delta, 0), offered.count - 1)]
    }
}
