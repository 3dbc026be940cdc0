internal import CGMP

/// A number the calculator holds exactly: a fraction of two whole numbers of
/// any size, GMP's `mpq_t` (as GNOME Calculator's), always in lowest terms
/// with a positive denominator.
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
///
/// Immutable, like `WholeNumber`: each result is a new rational in a new box.
public struct ExactNumber: Hashable, Sendable, CustomStringConvertible {
    /// Owns one initialised `mpq_t`; frees it with the box.
    final class Box: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<__mpq_struct>

        init() {
            pointer = .allocate(capacity: 1)
            cgmp_q_init(pointer)
        }

        deinit {
            cgmp_q_clear(pointer)
            pointer.deallocate()
        }
    }

    private let box: Box
    private var pointer: UnsafePointer<__mpq_struct> { UnsafePointer(box.pointer) }

    /// A new rational that `fill` writes, in lowest terms, into its initialised `mpq_t`.
    private init(filling fill: (UnsafeMutablePointer<__mpq_struct>) -> Void) {
        box = Box()
        fill(box.pointer)
    }

    public var numerator: WholeNumber { WholeNumber(copying: cgmp_q_num(pointer)) }
    /// Always positive.
    public var denominator: WholeNumber { WholeNumber(copying: cgmp_q_den(pointer)) }

    public static let zero = ExactNumber(0)
    static let maximumBits = 20_000
    static let fallbackDigits = 60
    /// 10¹⁰⁰⁰: no value may reach it (and −10¹⁰⁰⁰, for negative values).
    private static let upperLimit = ExactNumber(numerator: .tenToThe(1000), denominator: 1)!
    private static let negativeUpperLimit = -upperLimit
    /// 10⁻⁹⁹⁹: no non-zero value may be smaller.
    private static let lowerLimit = ExactNumber(numerator: 1, denominator: .tenToThe(999))!
    private static let negativeLowerLimit = -lowerLimit

    /// `numerator / denominator` in lowest terms; nil when `denominator` is 0.
    public init?(numerator: WholeNumber, denominator: WholeNumber) {
        guard !denominator.isZero else { return nil }
        self.init { cgmp_q_set_fraction($0, numerator.pointer, denominator.pointer) }
    }

    public init(_ value: Int) { self.init { cgmp_q_set_si($0, value) } }

    /// A plain decimal such as "12", "-0.5", "3." or ".25" (ASCII digits, an
    /// optional leading "-", at most one "."); nil for anything else.
    public init?(decimal text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if scalars.first == "-" {
            negative = true
            scalars = scalars.dropFirst()
        }
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
        guard !digits.isEmpty, let magnitude = WholeNumber(digits) else { return nil }
        self.init(numerator: negative ? -magnitude : magnitude, denominator: .tenToThe(fractionCount))
    }

    public var isZero: Bool { cgmp_q_sgn(pointer) == 0 }
    public var isNegative: Bool { cgmp_q_sgn(pointer) < 0 }

    /// Whether the value is one the calculator may show (0, or 10⁻⁹⁹⁹ ≤ |x| < 10¹⁰⁰⁰).
    public var isInRange: Bool {
        switch cgmp_q_sgn(pointer) {
        case 0: true
        case 1...: cgmp_q_cmp(pointer, Self.upperLimit.pointer) < 0 && cgmp_q_cmp(pointer, Self.lowerLimit.pointer) >= 0
        default:
            cgmp_q_cmp(pointer, Self.negativeUpperLimit.pointer) > 0
                && cgmp_q_cmp(pointer, Self.negativeLowerLimit.pointer) <= 0
        }
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    public static func == (a: ExactNumber, b: ExactNumber) -> Bool { cgmp_q_equal(a.pointer, b.pointer) != 0 }

    /// Lowest terms make equal values' parts equal, limb for limb.
    public func hash(into hasher: inout Hasher) {
        WholeNumber.hashLimbs(of: cgmp_q_num(pointer), into: &hasher)
        WholeNumber.hashLimbs(of: cgmp_q_den(pointer), into: &hasher)
    }

    // MARK: Arithmetic (nil: division by zero)

    public static func + (a: ExactNumber, b: ExactNumber) -> ExactNumber {
        ExactNumber { cgmp_q_add($0, a.pointer, b.pointer) }.bounded
    }

    public static prefix func - (a: ExactNumber) -> ExactNumber { ExactNumber { cgmp_q_neg($0, a.pointer) } }

    public static func - (a: ExactNumber, b: ExactNumber) -> ExactNumber {
        ExactNumber { cgmp_q_sub($0, a.pointer, b.pointer) }.bounded
    }

    public static func * (a: ExactNumber, b: ExactNumber) -> ExactNumber {
        ExactNumber { cgmp_q_mul($0, a.pointer, b.pointer) }.bounded
    }

    public static func / (a: ExactNumber, b: ExactNumber) -> ExactNumber? {
        guard !b.isZero else { return nil }
        return ExactNumber { cgmp_q_div($0, a.pointer, b.pointer) }.bounded
    }

    /// Self, or its nearest 60-digit decimal when the fraction grew too large.
    var bounded: ExactNumber {
        guard
            Self.bitWidth(cgmp_q_num(pointer)) > Self.maximumBits
                || Self.bitWidth(cgmp_q_den(pointer)) > Self.maximumBits,
            isInRange
        else { return self }
        let rounded = DisplayFormat.round(self, significantDigits: Self.fallbackDigits)
        return ExactNumber(
            numerator: rounded.negative ? -rounded.digits : rounded.digits,
            denominator: 1)!.shifted(byPowerOfTen: rounded.exponent)
    }

    /// A part's `WholeNumber.bitWidth`, without copying it.
    private static func bitWidth(_ part: UnsafePointer<__mpz_struct>) -> Int {
        cgmp_z_sgn(part) == 0 ? 0 : Int(cgmp_z_bits(part)) + 1
    }

    /// Self × 10^power.
    func shifted(byPowerOfTen power: Int) -> ExactNumber {
        let scale = WholeNumber.tenToThe(abs(power))
        return power >= 0
            ? ExactNumber(numerator: numerator * scale, denominator: denominator)!
            : ExactNumber(numerator: numerator, denominator: denominator * scale)!
    }
}
