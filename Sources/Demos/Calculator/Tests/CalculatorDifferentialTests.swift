import Game2048Model
import CalculatorModel
import ModelTesting
import XCTest

/// Plays thousands of seeded random key sequences on the model and on an
/// independent evaluator written here (its own fractions, its own rules for
/// typing, precedence, replacement, repetition and display), and compares
/// the display after every key.
final class CalculatorDifferentialTests: XCTestCase {
    func testRandomKeySequencesAgreeWithAnIndependentEvaluator() {
        var random = SeededRandom(seed: 0x5EED_CA1C)
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
                    XCTFail(
                        "sequence \(sequence): \(history.joined(separator: " ")) shows \(shown), expected \(oracle.display)"
                    )
                    return
                }
                XCTAssertEqual(
                    model.highlightedOperator.map { Oracle.Op($0) }, oracle.highlighted,
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

        static func random(using random: inout SeededRandom) -> Key {
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
    var expression: [(OracleFraction, Op)] = []
    var typing: String?
    var shown = OracleFraction(0)
    var lastKeyWasOperator = false
    var afterEquals = false
    var error = false
    var repeatOp: (Op, OracleFraction)?
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
            let known: OracleFraction?
            if op.isTight {
                var start = expression.count - 1
                while start > 0, expression[start - 1].1.isTight { start -= 1 }
                known = Oracle.evaluate(
                    Array(expression[start...]).map(\.0), Array(expression[start..<(expression.count - 1)]).map(\.1))
            } else {
                known = Oracle.evaluate(expression.map(\.0), expression.dropLast().map(\.1))
            }
            guard let known else { return fail() }
            shown = known
        case .equals:
            guard !error else { return }
            let x = currentValue
            var result: OracleFraction?
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
    var currentValue: OracleFraction {
        guard let typing else { return shown }
        return OracleFraction(decimal: typing)
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
    static func evaluate(_ operands: [OracleFraction], _ ops: [Op]) -> OracleFraction? {
        precondition(operands.count == ops.count + 1)
        var sums: [OracleFraction] = [], sumOps: [Op] = []
        var term = operands[0]
        for (index, op) in ops.enumerated() {
            let next = operands[index + 1]
            if op.isTight {
                guard let t = apply(op, term, next) else { return nil }
                term = t
            } else {
                sums.append(term)
                sumOps.append(op)
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

    static func apply(_ op: Op, _ a: OracleFraction, _ b: OracleFraction) -> OracleFraction? {
        let r: OracleFraction
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
