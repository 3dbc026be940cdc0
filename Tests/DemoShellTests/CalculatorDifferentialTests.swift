import CalculatorModel
import XCTest

/// Plays thousands of seeded random key sequences on the model and on an
/// independent evaluator written here (its own fractions, its own rules for
/// typing, precedence, replacement, repetition and display), and compares
/// the display after every key.
final class CalculatorDifferentialTests: XCTestCase {
    func testRandomKeySequencesAgreeWithAnIndependentEvaluator() {
        var random = SplitMix64(seed: 0x5EED_CA1C)
        var keysPlayed = 0, errors = 0, repeats = 0
        for sequence in 0..<PropertyCases.count(2000) {
            var model = CalculatorModel()
            var oracle = Oracle()
            var history: [String] = []
            let length = 4 + Int(random.next() % 40)
            for _ in 0..<length {
                let key = Oracle.Key.random(using: &random)
                history.append(key.symbol)
                switch key {
                case .digit(let d): model.press(.digit(d))
                case .point: model.press(.point)
                case .op(let op): model.press(.operation(op.model))
                case .equals: model.press(.equals)
                case .clear: model.press(.clear)
                case .backspace: model.removeLastDigit()
                }
                oracle.press(key)
                keysPlayed += 1
                let shown: String
                switch model.display {
                case .number(let text): shown = text
                case .error: shown = "Error"
                }
                guard shown == oracle.display else {
                    XCTFail("sequence \(sequence): \(history.joined(separator: " ")) shows \(shown), expected \(oracle.display)")
                    return
                }
                XCTAssertEqual(model.highlightedOperator.map { Oracle.Op($0) }, oracle.highlighted,
                               "sequence \(sequence): \(history.joined(separator: " "))")
            }
            if oracle.display == "Error" { errors += 1 }
            if oracle.repeatedAtLeastOnce { repeats += 1 }
        }
        // The sequences exercise what they should.
        XCTAssertGreaterThan(keysPlayed, 40_000)
        XCTAssertGreaterThan(errors, 20)
        XCTAssertGreaterThan(repeats, 100)
    }

    func testTheEvaluatorItselfOnKnownCases() {
        func run(_ keys: [Oracle.Key]) -> String {
            var oracle = Oracle()
            for key in keys { oracle.press(key) }
            return oracle.display
        }
        XCTAssertEqual(run([.digit(2), .op(.add), .digit(3), .op(.mul), .digit(4), .equals]), "14")
        XCTAssertEqual(run([.digit(1), .op(.div), .digit(3), .equals]), "0.333333333333")
        XCTAssertEqual(run([.digit(5), .op(.add), .equals, .equals]), "15")
        XCTAssertEqual(run([.digit(1), .op(.div), .digit(0), .equals]), "Error")
        XCTAssertEqual(run([.digit(2), .op(.mul), .digit(3), .op(.add)]), "6")
    }
}

/// The reference calculator: keeps the whole expression as a list of
/// numbers and operators and evaluates it from scratch with the usual
/// precedence, over its own exact fractions.
private struct Oracle {
    enum Op: Equatable {
        case add, sub, mul, div
        init(_ op: Operator) {
            switch op {
            case .add: self = .add
            case .subtract: self = .sub
            case .multiply: self = .mul
            case .divide: self = .div
            }
        }
        var model: Operator {
            switch self {
            case .add: .add
            case .sub: .subtract
            case .mul: .multiply
            case .div: .divide
            }
        }
        var isTight: Bool { self == .mul || self == .div }
    }

    enum Key {
        case digit(Int), point, op(Op), equals, clear, backspace

        var symbol: String {
            switch self {
            case .digit(let d): String(d)
            case .point: "."
            case .op(.add): "+"
            case .op(.sub): "−"
            case .op(.mul): "×"
            case .op(.div): "÷"
            case .equals: "="
            case .clear: "C"
            case .backspace: "⌫"
            }
        }

        static func random(using random: inout SplitMix64) -> Key {
            let roll = random.next() % 100
            switch roll {
            case 0..<52:
                // Zeros often, to divide by zero and to test leading zeros.
                return .digit(random.next() % 4 == 0 ? 0 : Int(random.next() % 10))
            case 52..<58: return .point
            case 58..<83: return .op([Op.add, .sub, .mul, .div][Int(random.next() % 4)])
            case 83..<95: return .equals
            case 95..<97: return .clear
            default: return .backspace
            }
        }
    }

    /// (left operand, operator) pairs typed so far.
    var expression: [(Frac, Op)] = []
    var typing: String?
    var shown = Frac(0)
    var lastKeyWasOperator = false
    var afterEquals = false
    var error = false
    var repeatOp: (Op, Frac)?
    var repeatedAtLeastOnce = false

    var highlighted: Op? { lastKeyWasOperator && !error ? expression.last?.1 : nil }

    var display: String {
        if error { return "Error" }
        if let typing { return typing }
        return shown.displayString
    }

    /// Digits typed so far; the 0 of "0." was not typed.
    var typedDigits: Int { typing!.filter(\.isNumber).count - (typing!.hasPrefix("0.") ? 1 : 0) }

    mutating func reset() { self = Oracle(repeatedAtLeastOnce: repeatedAtLeastOnce) }

    init(repeatedAtLeastOnce: Bool = false) { self.repeatedAtLeastOnce = repeatedAtLeastOnce }

    mutating func press(_ key: Key) {
        switch key {
        case .clear:
            reset()
        case .digit(let d):
            beginTyping()
            if typing == "0" { typing = String(d) } else if typedDigits < 12 { typing! += String(d) }
            lastKeyWasOperator = false
        case .point:
            beginTyping()
            if !typing!.contains("."), typedDigits < 12 { typing! += "." }
            lastKeyWasOperator = false
        case .backspace:
            guard !error, typing != nil else { return }
            typing!.removeLast()
            if typing!.isEmpty { typing = "0" }
        case .op(let op):
            guard !error else { return }
            if lastKeyWasOperator {
                expression[expression.count - 1].1 = op
            } else {
                expression.append((currentValue, op))
                typing = nil
            }
            lastKeyWasOperator = true
            afterEquals = false
            // Shown: the value known so far: the last × ÷ run, or everything.
            let known: Frac?
            if op.isTight {
                var start = expression.count - 1
                while start > 0, expression[start - 1].1.isTight { start -= 1 }
                known = Oracle.evaluate(Array(expression[start...]).map(\.0), Array(expression[start..<(expression.count - 1)]).map(\.1))
            } else {
                known = Oracle.evaluate(expression.map(\.0), expression.dropLast().map(\.1))
            }
            guard let known else { return fail() }
            shown = known
        case .equals:
            guard !error else { return }
            let x = currentValue
            var result: Frac?
            if !expression.isEmpty {
                // Right after an operator x is the value shown (5 + = is 5 + 5).
                let operands = expression.map(\.0) + [x], ops = expression.map(\.1)
                result = Oracle.evaluate(operands, ops)
                repeatOp = (ops.last!, x)
            } else if let (op, operand) = repeatOp {
                result = Oracle.apply(op, x, operand)
                repeatedAtLeastOnce = true
            } else {
                result = x
            }
            expression = []
            typing = nil
            lastKeyWasOperator = false
            afterEquals = true
            guard let result else { return fail() }
            shown = result
        }
    }

    /// The number the next operator or = takes: typed, else shown.
    var currentValue: Frac {
        guard let typing else { return shown }
        return Frac(decimal: typing)
    }

    mutating func beginTyping() {
        if error { reset() }
        if typing == nil {
            if afterEquals { expression = [] }
            typing = "0"
            afterEquals = false
        }
    }

    mutating func fail() {
        reset()
        error = true
    }

    /// Left to right with × ÷ first; nil on a division by zero or a value
    /// out of range at any step.
    static func evaluate(_ operands: [Frac], _ ops: [Op]) -> Frac? {
        precondition(operands.count == ops.count + 1)
        var sums: [Frac] = [], sumOps: [Op] = []
        var term = operands[0]
        for (index, op) in ops.enumerated() {
            let next = operands[index + 1]
            if op.isTight {
                guard let t = apply(op, term, next) else { return nil }
                term = t
            } else {
                sums.append(term); sumOps.append(op)
                term = next
            }
        }
        sums.append(term)
        var total = sums[0]
        for (index, op) in sumOps.enumerated() {
            guard let t = apply(op, total, sums[index + 1]) else { return nil }
            total = t
        }
        return total
    }

    static func apply(_ op: Op, _ a: Frac, _ b: Frac) -> Frac? {
        let r: Frac
        switch op {
        case .add: r = a + b
        case .sub: r = a - b
        case .mul: r = a * b
        case .div:
            guard !b.n.isZero else { return nil }
            r = a / b
        }
        return r.inRange ? r : nil
    }
}

/// A fraction, written again here so the test shares no arithmetic with the
/// model: its own whole numbers (`Decimal9`), not GMP's, not reduced.
private struct Frac {
    var negative = false
    var n: Decimal9
    var d: Decimal9

    init(_ value: Int) {
        negative = value < 0
        n = Decimal9(digits: String(value.magnitude))
        d = Decimal9(digits: "1")
    }

    init(negative: Bool, _ numerator: Decimal9, _ denominator: Decimal9) {
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
        self.init(negative: text.hasPrefix("-"), Decimal9(digits: whole + fraction), Decimal9(digits: "1").shifted(fraction.count))
    }

    static func + (a: Frac, b: Frac) -> Frac {
        let left = a.n * b.d, right = b.n * a.d
        if a.negative == b.negative { return Frac(negative: a.negative, left + right, a.d * b.d) }
        // Opposite signs: the larger magnitude keeps its sign.
        return left >= right ? Frac(negative: a.negative, left - right, a.d * b.d)
                             : Frac(negative: b.negative, right - left, a.d * b.d)
    }

    static func - (a: Frac, b: Frac) -> Frac { a + Frac(negative: !b.negative, b.n, b.d) }
    static func * (a: Frac, b: Frac) -> Frac { Frac(negative: a.negative != b.negative, a.n * b.n, a.d * b.d) }
    static func / (a: Frac, b: Frac) -> Frac { Frac(negative: a.negative != b.negative, a.n * b.d, a.d * b.n) }

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
            var q = 0 // r < 10 × unit: at most 9 subtractions
            while r >= unit { r = r - unit; q += 1 }
            digits.append(q)
            r = r.shifted(1)
        }
        // r / unit is now 10 × the rest; round half away from zero.
        if r >= unit * Decimal9(digits: "5") {
            var i = 11
            while i >= 0 {
                digits[i] += 1
                if digits[i] < 10 { break }
                digits[i] = 0
                i -= 1
            }
            if i < 0 { digits.insert(1, at: 0); digits.removeLast(); e += 1 }
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
private struct Decimal9: Comparable {
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
    func shifted(_ k: Int) -> Decimal9 {
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
        return Decimal9(limbs: result)
    }

    static func + (a: Decimal9, b: Decimal9) -> Decimal9 {
        var result: [UInt32] = [], carry: UInt64 = 0
        for i in 0..<max(a.limbs.count, b.limbs.count) {
            let x = UInt64(i < a.limbs.count ? a.limbs[i] : 0) + UInt64(i < b.limbs.count ? b.limbs[i] : 0) + carry
            result.append(UInt32(x % base))
            carry = x / base
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return Decimal9(limbs: result)
    }

    /// a − b, for a ≥ b.
    static func - (a: Decimal9, b: Decimal9) -> Decimal9 {
        precondition(a >= b)
        var result: [UInt32] = [], borrow: Int64 = 0
        for i in 0..<a.limbs.count {
            var x = Int64(a.limbs[i]) - Int64(i < b.limbs.count ? b.limbs[i] : 0) - borrow
            borrow = x < 0 ? 1 : 0
            if x < 0 { x += Int64(base) }
            result.append(UInt32(x))
        }
        return Decimal9(limbs: result)
    }

    static func * (a: Decimal9, b: Decimal9) -> Decimal9 {
        guard !a.isZero, !b.isZero else { return Decimal9(limbs: []) }
        var result = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let t = result[i + j] + UInt64(x) * UInt64(y) + carry // < 10¹⁸ + 2 × 10⁹
                result[i + j] = t % base
                carry = t / base
            }
            result[i + b.limbs.count] += carry
        }
        return Decimal9(limbs: result.map { UInt32($0) })
    }

    static func < (a: Decimal9, b: Decimal9) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for i in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
            return a.limbs[i] < b.limbs[i]
        }
        return false
    }
}
