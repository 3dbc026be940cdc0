/// How the display writes a number: at most 12 significant digits, rounded
/// half away from zero, trailing zeros dropped; plain notation for 0 and for
/// 10⁻⁹ ≤ |x| < 10¹², scientific otherwise ("1.5e12", "-2.5e-10"). The minus
/// sign is "-" and the point ".", whatever the language, so a copied result
/// pastes anywhere.
public enum DisplayFormat {
    public static let significantDigits = 12

    public static func string(_ value: ExactNumber) -> String {
        if value.isZero { return "0" }
        let rounded = round(value, significantDigits: significantDigits)
        var digits = String(rounded.digits)
        var exponent = rounded.exponent
        while digits.count > 1, digits.hasSuffix("0") {
            digits.removeLast()
            exponent += 1
        }
        // The value is 0.d₁d₂… × 10^(magnitude + 1), i.e. d₁.d₂… × 10^magnitude.
        let magnitude = exponent + digits.count - 1
        let sign = rounded.negative ? "-" : ""
        if magnitude >= 12 || magnitude < -9 {
            let mantissa = digits.count == 1 ? digits : "\(digits.first!).\(digits.dropFirst())"
            return "\(sign)\(mantissa)e\(magnitude)"
        }
        if exponent >= 0 { return sign + digits + String(repeating: "0", count: exponent) }
        let pointAt = digits.count + exponent  // digits before the point
        if pointAt > 0 {
            return "\(sign)\(digits.prefix(pointAt)).\(digits.dropFirst(pointAt))"
        }
        return "\(sign)0.\(String(repeating: "0", count: -pointAt))\(digits)"
    }

    /// `value` rounded half away from zero to `significantDigits` digits:
    /// |value| ≈ digits × 10^exponent with 10^(p−1) ≤ digits < 10^p.
    /// `value` must not be zero.
    static func round(_ value: ExactNumber, significantDigits p: Int) -> (
        negative: Bool, digits: WholeNumber, exponent: Int
    ) {
        let n = value.numerator.magnitude, d = value.denominator
        // k with 10^k ≤ n/d < 10^(k+1): one of two candidates from the lengths.
        var k = decimalLength(n) - decimalLength(d)
        if compare(n, d, timesPowerOfTen: k) < 0 { k -= 1 }
        // digits = round(n/d × 10^(p−1−k))
        let shift = p - 1 - k
        var num = n, den = d
        if shift >= 0 { num *= WholeNumber.tenToThe(shift) } else { den *= WholeNumber.tenToThe(-shift) }
        var (q, r) = num.quotientAndRemainder(dividingBy: den)
        if r * 2 >= den { q += 1 }
        var exponent = -shift
        if q == WholeNumber.tenToThe(p) {
            q /= 10
            exponent += 1
        }
        return (value.isNegative, q, exponent)
    }

    /// The number of decimal digits of a positive whole number.
    static func decimalLength(_ x: WholeNumber) -> Int {
        // bits × log10(2) is within one of the answer; settle it exactly.
        let bits = max(0, x.magnitude.bitWidth - 1)  // without the sign bit
        var length = max(1, Int(Double(bits - 1) * 0.30102999566398120) + 1)
        if x < WholeNumber.tenToThe(length - 1) { length -= 1 }
        if x >= WholeNumber.tenToThe(length) { length += 1 }
        return length
    }

    /// The sign of a − b × 10^k.
    static func compare(_ a: WholeNumber, _ b: WholeNumber, timesPowerOfTen k: Int) -> Int {
        let left = k >= 0 ? a : a * WholeNumber.tenToThe(-k)
        let right = k >= 0 ? b * WholeNumber.tenToThe(k) : b
        return left < right ? -1 : (left == right ? 0 : 1)
    }
}
