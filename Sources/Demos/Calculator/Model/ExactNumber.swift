import BigInt

/// A number the calculator holds exactly: a fraction of two whole numbers of
/// any size (BigInt), always in lowest terms with a positive denominator.
///
/// So + − × and ÷ are all exact: 0.1 + 0.2 is 3/10, and 1 ÷ 3 × 3 is 1, not
/// 0.999…. Only the display rounds (`DisplayFormat`). Two limits keep every
/// key press quick whatever is typed:
/// - a value must lie within `range` (10⁻⁹⁹⁹ ≤ |x| < 10¹⁰⁰⁰, or be 0):
///   beyond it the calculator shows "Error";
/// - a fraction whose parts grow past `maximumBits` (≈ 6,000 digits, which
///   only a long run of divisions by awkward numbers reaches) is replaced by
///   the nearest decimal with `fallbackDigits` (60) significant digits —
///   still twice the 30 the display needs, and far below what it shows.
public struct ExactNumber: Hashable, Sendable, CustomStringConvertible {
    public let numerator: BigInt
    /// Always positive.
    public let denominator: BigInt

    public static let zero = ExactNumber(unchecked: 0, 1)
    static let maximumBits = 20_000
    static let fallbackDigits = 60
    /// 10¹⁰⁰⁰: no value may reach it.
    static let upperLimit = BigInt(10).power(1000)
    /// 10⁹⁹⁹: no non-zero value may be smaller than its inverse.
    static let lowerLimitInverse = BigInt(10).power(999)

    private init(unchecked numerator: BigInt, _ denominator: BigInt) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `numerator / denominator` in lowest terms; nil when `denominator` is 0.
    public init?(numerator: BigInt, denominator: BigInt) {
        guard !denominator.isZero else { return nil }
        var n = numerator, d = denominator
        if d.sign == .minus { n = -n; d = -d }
        let g = n.greatestCommonDivisor(with: d)
        if g > 1 { n /= g; d /= g }
        if n.isZero { d = 1 }
        self.init(unchecked: n, d)
    }

    public init(_ value: Int) { self.init(unchecked: BigInt(value), 1) }

    /// A plain decimal such as "12", "-0.5", "3." or ".25" (ASCII digits, an
    /// optional leading "-", at most one "."); nil for anything else.
    public init?(decimal text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if scalars.first == "-" { negative = true; scalars = scalars.dropFirst() }
        var digits = "", fractionCount = 0, seenPoint = false
        for scalar in scalars {
            if scalar == "." {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
                if seenPoint { fractionCount += 1 }
            } else {
                return nil
            }
        }
        guard !digits.isEmpty, let magnitude = BigInt(digits) else { return nil }
        self.init(numerator: negative ? -magnitude : magnitude, denominator: BigInt(10).power(fractionCount))
    }

    public var isZero: Bool { numerator.isZero }
    public var isNegative: Bool { numerator.sign == .minus && !numerator.isZero }

    /// Whether the value is one the calculator may show (0, or 10⁻⁹⁹⁹ ≤ |x| < 10¹⁰⁰⁰).
    public var isInRange: Bool {
        if isZero { return true }
        let n = numerator.magnitude, d = denominator.magnitude
        return n < BigUInt(Self.upperLimit.magnitude) * d && n * BigUInt(Self.lowerLimitInverse.magnitude) >= d
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    // MARK: Arithmetic (nil: division by zero)

    public static func + (a: ExactNumber, b: ExactNumber) -> ExactNumber {
        if a.denominator == b.denominator {
            return ExactNumber(numerator: a.numerator + b.numerator, denominator: a.denominator)!.bounded
        }
        return ExactNumber(numerator: a.numerator * b.denominator + b.numerator * a.denominator,
                           denominator: a.denominator * b.denominator)!.bounded
    }

    public static prefix func - (a: ExactNumber) -> ExactNumber { ExactNumber(unchecked: -a.numerator, a.denominator) }

    public static func - (a: ExactNumber, b: ExactNumber) -> ExactNumber { a + (-b) }

    public static func * (a: ExactNumber, b: ExactNumber) -> ExactNumber {
        ExactNumber(numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator)!.bounded
    }

    public static func / (a: ExactNumber, b: ExactNumber) -> ExactNumber? {
        guard !b.isZero else { return nil }
        return ExactNumber(numerator: a.numerator * b.denominator, denominator: a.denominator * b.numerator)!.bounded
    }

    /// Self, or its nearest 60-digit decimal when the fraction grew too large.
    var bounded: ExactNumber {
        guard numerator.bitWidth > Self.maximumBits || denominator.bitWidth > Self.maximumBits, isInRange else { return self }
        let rounded = DisplayFormat.round(self, significantDigits: Self.fallbackDigits)
        return ExactNumber(numerator: rounded.negative ? -rounded.digits : rounded.digits,
                           denominator: 1)!.shifted(byPowerOfTen: rounded.exponent)
    }

    /// Self × 10^power.
    func shifted(byPowerOfTen power: Int) -> ExactNumber {
        if power >= 0 { return ExactNumber(numerator: numerator * BigInt(10).power(power), denominator: denominator)! }
        return ExactNumber(numerator: numerator, denominator: denominator * BigInt(10).power(-power))!
    }
}
