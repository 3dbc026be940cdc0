// The differential test's own exact numbers: no GMP, no package, nothing
// shared with the model, so agreement means something.

/// A fraction, written again here so the test shares no arithmetic with the
/// model: its own whole numbers (`OracleWhole`), not GMP's, not reduced.
struct OracleFraction {
    var negative = false
    var n: OracleWhole
    var d: OracleWhole

    init(_ value: Int) {
        negative = value < 0
        n = OracleWhole(digits: String(value.magnitude))
        d = OracleWhole(digits: "1")
    }

    init(negative: Bool, _ numerator: OracleWhole, _ denominator: OracleWhole) {
        // Not reduced: equality and display do not need lowest terms.
        self.negative = negative && !numerator.isZero
        n = numerator
        d = denominator
    }

    /// "12", "0.50", "3.", "-0.5" → exact value.
    init(decimal text: String) {
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        self.init(
            negative: text.hasPrefix("-"), OracleWhole(digits: whole + fraction),
            OracleWhole(digits: "1").shifted(fraction.count))
    }

    static func + (a: OracleFraction, b: OracleFraction) -> OracleFraction {
        let left = a.n * b.d, right = b.n * a.d
        if a.negative == b.negative { return OracleFraction(negative: a.negative, left + right, a.d * b.d) }
        // Opposite signs: the larger magnitude keeps its sign.
        return left >= right
            ? OracleFraction(negative: a.negative, left - right, a.d * b.d)
            : OracleFraction(negative: b.negative, right - left, a.d * b.d)
    }

    static func - (a: OracleFraction, b: OracleFraction) -> OracleFraction {
        a + OracleFraction(negative: !b.negative, b.n, b.d)
    }
    static func * (a: OracleFraction, b: OracleFraction) -> OracleFraction {
        OracleFraction(negative: a.negative != b.negative, a.n * b.n, a.d * b.d)
    }
    static func / (a: OracleFraction, b: OracleFraction) -> OracleFraction {
        OracleFraction(negative: a.negative != b.negative, a.n * b.d, a.d * b.n)
    }

    /// 10⁻⁹⁹⁹ ≤ |x| < 10¹⁰⁰⁰, or 0.
    var inRange: Bool { n.isZero || (n < d.shifted(1000) && n.shifted(999) >= d) }

    /// Long division, digit by digit, to 13 significant digits, then the
    /// 13th decides (half away from zero, looking at the remainder too).
    var displayString: String {
        if n.isZero { return "0" }
        let a = n, b = d
        // Position of the first digit: the largest e with b × 10^e ≤ a.
        var e = 0
        while (e >= 0 ? b.shifted(e) : b) > (e >= 0 ? a : a.shifted(-e)) { e -= 1 }
        while (e + 1 >= 0 ? b.shifted(e + 1) : b) <= (e + 1 >= 0 ? a : a.shifted(-(e + 1))) { e += 1 }
        // Digits: remainder r over unit, scaled so the first digit comes out.
        var r = e >= 0 ? a : a.shifted(-e)
        let unit = e >= 0 ? b.shifted(e) : b
        var digits: [Int] = []
        for _ in 0..<12 {
            var q = 0  // r < 10 × unit: at most 9 subtractions
            while r >= unit {
                r = r - unit
                q += 1
            }
            digits.append(q)
            r = r.shifted(1)
        }
        // r / unit is now 10 × the rest; round half away from zero.
        if r >= unit * OracleWhole(digits: "5") {
            var i = 11
            while i >= 0 {
                digits[i] += 1
                if digits[i] < 10 { break }
                digits[i] = 0
                i -= 1
            }
            if i < 0 {
                digits.insert(1, at: 0)
                digits.removeLast()
                e += 1
            }
        }
        while digits.count > 1, digits.last == 0 { digits.removeLast() }
        let text = digits.map(String.init).joined()
        let sign = negative ? "-" : ""
        if e >= 12 || e < -9 {
            return sign + (text.count > 1 ? "\(text.first!).\(text.dropFirst())" : text) + "e\(e)"
        }
        if e < 0 { return sign + "0." + String(repeating: "0", count: -e - 1) + text }
        let padded = text.count <= e + 1 ? text + String(repeating: "0", count: e + 1 - text.count) : text
        let whole = padded.prefix(e + 1), rest = padded.dropFirst(e + 1)
        return sign + whole + (rest.isEmpty ? "" : "." + rest)
    }
}

/// A whole number ≥ 0 in base 10⁹, least significant limb first, no zero
/// limb on top: the schoolbook arithmetic the oracle needs, and no more.
struct OracleWhole: Comparable {
    static let base: UInt64 = 1_000_000_000
    var limbs: [UInt32] = []

    var isZero: Bool { limbs.isEmpty }

    init(limbs: [UInt32]) {
        self.limbs = limbs
        while self.limbs.last == 0 { self.limbs.removeLast() }
    }

    /// ASCII digits, leading zeros allowed.
    init(digits: String) {
        var limbs: [UInt32] = [], end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -9, limitedBy: digits.startIndex) ?? digits.startIndex
            limbs.append(UInt32(digits[start..<end])!)
            end = start
        }
        self.init(limbs: limbs)
    }

    /// Self × 10^k, k ≥ 0.
    func shifted(_ k: Int) -> OracleWhole {
        guard !isZero else { return self }
        var small: UInt64 = 1
        for _ in 0..<(k % 9) { small *= 10 }
        var result = [UInt32](repeating: 0, count: k / 9)
        var carry: UInt64 = 0
        for limb in limbs {
            let x = UInt64(limb) * small + carry
            result.append(UInt32(x % Self.base))
            carry = x / Self.base
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return OracleWhole(limbs: result)
    }

    static func + (a: OracleWhole, b: OracleWhole) -> OracleWhole {
        var result: [UInt32] = [], carry: UInt64 = 0
        for i in 0..<max(a.limbs.count, b.limbs.count) {
            let x = UInt64(i < a.limbs.count ? a.limbs[i] : 0) + UInt64(i < b.limbs.count ? b.limbs[i] : 0) + carry
            result.append(UInt32(x % base))
            carry = x / base
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return OracleWhole(limbs: result)
    }

    /// a − b, for a ≥ b.
    static func - (a: OracleWhole, b: OracleWhole) -> OracleWhole {
        precondition(a >= b)
        var result: [UInt32] = [], borrow: Int64 = 0
        for i in 0..<a.limbs.count {
            var x = Int64(a.limbs[i]) - Int64(i < b.limbs.count ? b.limbs[i] : 0) - borrow
            borrow = x < 0 ? 1 : 0
            if x < 0 { x += Int64(base) }
            result.append(UInt32(x))
        }
        return OracleWhole(limbs: result)
    }

    static func * (a: OracleWhole, b: OracleWhole) -> OracleWhole {
        guard !a.isZero, !b.isZero else { return OracleWhole(limbs: []) }
        var result = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let t = result[i + j] + UInt64(x) * UInt64(y) + carry  // < 10¹⁸ + 2 × 10⁹
                result[i + j] = t % base
                carry = t / base
            }
            result[i + b.limbs.count] += carry
        }
        return OracleWhole(limbs: result.map { UInt32($0) })
    }

    static func < (a: OracleWhole, b: OracleWhole) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for i in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
            return a.limbs[i] < b.limbs[i]
        }
        return false
    }
}
