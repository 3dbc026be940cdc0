#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How hard a password of the chosen kind is to guess: the entropy of a
/// uniformly random password, `length × log₂(alphabet size)` bits.
public struct Strength: Equatable, Sendable {
    public enum Rating: CaseIterable, Sendable {
        /// Below 40 bits.
        case poor
        /// Below 75 bits.
        case weak
        /// Below 100 bits.
        case good
        /// 100 bits and more.
        case excellent

        public init(bits: Int) {
            switch bits {
            case ..<40: self = .poor
            case ..<75: self = .weak
            case ..<100: self = .good
            default: self = .excellent
            }
        }
    }

    /// Rounded down.
    public let bits: Int
    public var rating: Rating { Rating(bits: bits) }

    public init(bits: Int) { self.bits = bits }

    /// The strength of `length` characters drawn from `alphabetSize`.
    ///
    /// log₂ of a power of two is exact in binary floating point; for any
    /// other size `length × log₂(size)` is irrational, never within rounding
    /// error of a whole number at these sizes (the tests check every case
    /// against exact integer arithmetic).
    public init(length: Int, alphabetSize: Int) {
        precondition(length >= 0 && alphabetSize >= 1)
        bits = Int((Double(length) * log2(Double(alphabetSize))).rounded(.down))
    }

    /// The strength of the passwords `options` make; nil when no set is chosen.
    public init?(_ options: PasswordOptions) {
        let size = options.alphabet.count
        guard size > 0 else { return nil }
        self.init(length: options.length, alphabetSize: size)
    }
}
