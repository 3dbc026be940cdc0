/// Makes passwords from the operating system's secure random source.
///
/// Every chosen set appears at least once; the other characters are drawn
/// from the union of the chosen sets; then the whole is shuffled, so the
/// guaranteed characters can be anywhere. Each draw is uniform: no modulo
/// bias (see `uniformIndex`).
public enum PasswordGenerator {
    public enum Failure: Error, Equatable, Sendable {
        /// No character set is chosen: there is nothing to draw from.
        case noCharacterSet
    }

    /// A password for `options`, drawn from `SystemRandomNumberGenerator`
    /// (`getrandom(2)` on Linux: the kernel's CSPRNG).
    public static func generate(_ options: PasswordOptions) throws(Failure) -> String {
        var random = SystemRandomNumberGenerator()
        return try generate(options, using: &random)
    }

    /// A password for `options` drawn from `random` (tests pass a seeded one).
    public static func generate<R: RandomNumberGenerator>(
        _ options: PasswordOptions,
        using random: inout R
    ) throws(Failure) -> String {
        let sets = options.chosenSets
        guard !sets.isEmpty else { throw .noCharacterSet }
        let alphabet = sets.flatMap { $0 }
        var characters: [Character] = []
        characters.reserveCapacity(options.length)
        // lengthRange starts at 4, so there is always room for one of each set.
        for set in sets { characters.append(set[uniformIndex(below: set.count, using: &random)]) }
        while characters.count < options.length {
            characters.append(alphabet[uniformIndex(below: alphabet.count, using: &random)])
        }
        shuffle(&characters, using: &random)
        return String(characters)
    }

    /// A uniformly distributed index in `0..<bound`.
    ///
    /// `random.next() % bound` would favour small results whenever 2⁶⁴ is not
    /// a multiple of `bound`. Instead the lowest `2⁶⁴ mod bound` values are
    /// rejected and drawn again, so the accepted range holds every remainder
    /// equally often (at most one draw in 2⁶⁰ is rejected for a bound of 72).
    public static func uniformIndex<R: RandomNumberGenerator>(below bound: Int, using random: inout R) -> Int {
        precondition(bound > 0, "uniformIndex needs a positive bound")
        let n = UInt64(bound)
        let threshold = (0 &- n) % n  // 2⁶⁴ mod n
        while true {
            let value = random.next()
            if value >= threshold { return Int(value % n) }
        }
    }

    /// Fisher–Yates: each of the n! orders is equally likely.
    public static func shuffle<T, R: RandomNumberGenerator>(_ items: inout [T], using random: inout R) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = uniformIndex(below: i + 1, using: &random)
            if i != j { items.swapAt(i, j) }
        }
    }
}
