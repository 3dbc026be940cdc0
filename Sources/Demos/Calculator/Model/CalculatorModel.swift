/// The four operations.
public enum Operator: String, Sendable, CaseIterable {
    case add, subtract, multiply, divide

    /// × and ÷ bind tighter than + and −.
    public var bindsTightly: Bool { self == .multiply || self == .divide }

    /// `a op b`; nil for a division by zero or a result out of range.
    func apply(_ a: ExactNumber, _ b: ExactNumber) -> ExactNumber? {
        let result: ExactNumber?
        switch self {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide: result = a / b
        }
        guard let result, result.isInRange else { return nil }
        return result
    }
}

/// A key of the calculator.
public enum CalculatorKey: Hashable, Sendable {
    case digit(Int)
    case point
    case operation(Operator)
    case equals
    case clear

    /// The 17 keys, as the keypad lays them out (row by row, `=` last).
    public static let all: [CalculatorKey] = [
        .digit(7), .digit(8), .digit(9), .operation(.divide),
        .digit(4), .digit(5), .digit(6), .operation(.multiply),
        .digit(1), .digit(2), .digit(3), .operation(.subtract),
        .digit(0), .point, .clear, .operation(.add),
        .equals,
    ]

    /// The picture's name under `Resources/calculator/` (without ".png"):
    /// the original's names, with "-down" for the pressed picture.
    public var imageName: String {
        switch self {
        case .digit(let d): String(d)
        case .point: "Decimal"
        case .clear: "c"
        case .equals: "Equals"
        case .operation(.add): "Plus"
        case .operation(.subtract): "Minus"
        case .operation(.multiply): "Multiply"
        case .operation(.divide): "Divide"
        }
    }

    public var pressedImageName: String { imageName + "-down" }
}

/// What the display shows.
public enum CalculatorDisplay: Equatable, Sendable {
    /// A number as typed ("0.50", "12.") or as a result ("0.3", "1.5e12").
    case number(String)
    /// A division by zero or a result beyond what the arithmetic holds.
    case error
}

/// The calculator's rules, free of GTK: what each key does to the display.
///
/// × and ÷ bind tighter than + and − (2 + 3 × 4 = 14); after an operator the
/// display shows the value known so far; a second operator replaces the first;
/// `=` repeated repeats the last operation; arithmetic is exact
/// (`ExactNumber`) and only the display rounds (`DisplayFormat`).
public struct CalculatorModel: Sendable {
    /// The most digits one number may have, as typed or pasted.
    public static let maximumDigits = 12

    /// A number being typed.
    struct Entry: Equatable, Sendable {
        var negative = false
        var integer = "0"
        var fraction: String?

        var text: String { (negative ? "-" : "") + integer + (fraction.map { "." + $0 } ?? "") }
        var digitCount: Int { integer.count + (fraction?.count ?? 0) }
        var value: ExactNumber { ExactNumber(decimal: text.hasSuffix(".") ? String(text.dropLast()) : text)! }

        mutating func append(digit: Int) {
            guard digitCount < CalculatorModel.maximumDigits || (fraction == nil && integer == "0") else { return }
            if fraction != nil {
                fraction! += String(digit)
            } else if integer == "0" {
                integer = String(digit) // leading zeros collapse
            } else {
                integer += String(digit)
            }
        }

        mutating func appendPoint() {
            guard fraction == nil, digitCount < CalculatorModel.maximumDigits else { return }
            fraction = ""
        }

        mutating func removeLast() {
            if let f = fraction {
                fraction = f.isEmpty ? nil : String(f.dropLast())
            } else {
                integer.removeLast()
                if integer.isEmpty { integer = "0" }
            }
            normalizeSign()
        }

        /// "-0" and "-0.00" are just zero.
        mutating func normalizeSign() {
            if negative, integer.allSatisfy({ $0 == "0" }), (fraction ?? "").allSatisfy({ $0 == "0" }) { negative = false }
        }
    }

    /// Operations waiting for their right-hand side.
    struct Pending: Equatable, Sendable {
        /// A + or − with its left-hand side.
        var additive: (ExactNumber, Operator)?
        /// A × or ÷ with its left-hand side (its result becomes the + or −'s right-hand side).
        var multiplicative: (ExactNumber, Operator)?

        var isEmpty: Bool { additive == nil && multiplicative == nil }
        /// The operator pressed last of those waiting.
        var lastOperator: Operator? { multiplicative?.1 ?? additive?.1 }

        static func == (a: Pending, b: Pending) -> Bool {
            a.additive?.0 == b.additive?.0 && a.additive?.1 == b.additive?.1
                && a.multiplicative?.0 == b.multiplicative?.0 && a.multiplicative?.1 == b.multiplicative?.1
        }

        /// Adds `op` with right-hand side `x`: what can be worked out now is,
        /// and its value is what the display shows. Nil on an error.
        func adding(_ op: Operator, after x: ExactNumber) -> (Pending, shown: ExactNumber)? {
            var term = x
            if let (left, mop) = multiplicative {
                guard let product = mop.apply(left, x) else { return nil }
                term = product
            }
            if op.bindsTightly {
                return (Pending(additive: additive, multiplicative: (term, op)), term)
            }
            var sum = term
            if let (left, aop) = additive {
                guard let value = aop.apply(left, term) else { return nil }
                sum = value
            }
            return (Pending(additive: (sum, op), multiplicative: nil), sum)
        }

        /// The value of everything waiting, with `x` as the last right-hand side.
        func evaluate(with x: ExactNumber) -> ExactNumber? {
            var term = x
            if let (left, mop) = multiplicative {
                guard let product = mop.apply(left, x) else { return nil }
                term = product
            }
            guard let (left, aop) = additive else { return term }
            return aop.apply(left, term)
        }
    }

    enum Phase: Equatable, Sendable {
        /// Showing `value` (0 at start, a result after `=`); a digit starts a new number.
        case showing(ExactNumber)
        /// Typing a number.
        case typing(Entry)
        /// Just pressed an operator; `before` and `operand` let a second operator replace it.
        case afterOperator(Operator, before: Pending, operand: ExactNumber, shown: ExactNumber)
        case error
    }

    private(set) var phase: Phase = .showing(.zero)
    private(set) var pending = Pending()
    /// What `=` repeats: the last operator and its right-hand side.
    private(set) var repeated: (Operator, ExactNumber)?
    /// Whether the value shown came from `=` (a digit then starts afresh).
    private var showsResult = false

    public init() {}

    // MARK: What is shown

    public var display: CalculatorDisplay {
        switch phase {
        case .error: .error
        case .typing(let entry): .number(entry.text)
        case .showing(let value), .afterOperator(_, _, _, let value): .number(DisplayFormat.string(value))
        }
    }

    /// The operator whose key stays down: the one last pressed, until the next key.
    public var highlightedOperator: Operator? {
        if case .afterOperator(let op, _, _, _) = phase { return op }
        return nil
    }

    public var isError: Bool { phase == .error }

    /// The text Ctrl+C copies: the number shown; nil while showing Error.
    public var copyText: String? {
        if case .number(let text) = display { return text.hasSuffix(".") ? String(text.dropLast()) : text }
        return nil
    }

    /// Whether BackSpace would remove a digit now.
    public var canRemoveLastDigit: Bool {
        if case .typing = phase { return true }
        return false
    }

    /// The value shown (the exact one behind the rounded text).
    var shownValue: ExactNumber? {
        switch phase {
        case .error: nil
        case .typing(let entry): entry.value
        case .showing(let value), .afterOperator(_, _, _, let value): value
        }
    }

    // MARK: Keys

    public mutating func press(_ key: CalculatorKey) {
        switch key {
        case .digit(let d): type { $0.append(digit: max(0, min(9, d))) }
        case .point: type { $0.appendPoint() }
        case .operation(let op): operate(op)
        case .equals: equals()
        case .clear: self = CalculatorModel()
        }
    }

    /// Presses each key in turn (for tests and scripts).
    public mutating func press(_ keys: [CalculatorKey]) { for key in keys { press(key) } }

    /// BackSpace: removes the last typed digit (or point) while typing; does
    /// nothing otherwise.
    public mutating func removeLastDigit() {
        guard case .typing(var entry) = phase else { return }
        entry.removeLast()
        phase = .typing(entry)
    }

    /// Pastes `text` as the current number if it is a plain decimal number
    /// (optional sign, digits, one point or comma; spaces around it are
    /// ignored), cut to 12 digits. Returns false, changing nothing, otherwise.
    @discardableResult
    public mutating func paste(_ text: String) -> Bool {
        guard let entry = Self.parsePaste(text) else { return false }
        startTyping()
        phase = .typing(entry)
        return true
    }

    private mutating func type(_ edit: (inout Entry) -> Void) {
        var entry: Entry
        if case .typing(let current) = phase {
            entry = current
        } else {
            startTyping()
            entry = Entry()
        }
        edit(&entry)
        phase = .typing(entry)
    }

    /// A new number begins: after Error or `=` that is a new calculation.
    private mutating func startTyping() {
        switch phase {
        case .error:
            self = CalculatorModel()
        case .showing:
            if showsResult { pending = Pending() }
        case .typing, .afterOperator:
            break
        }
        showsResult = false
    }

    private mutating func operate(_ op: Operator) {
        let base: Pending, operand: ExactNumber
        switch phase {
        case .error:
            return
        case .afterOperator(_, let before, let x, _):
            // A second operator right after another replaces it.
            base = before
            operand = x
        case .typing(let entry):
            base = pending
            operand = entry.value
        case .showing(let value):
            base = pending
            operand = value
        }
        guard let (next, shown) = base.adding(op, after: operand) else { return fail() }
        pending = next
        showsResult = false
        phase = .afterOperator(op, before: base, operand: operand, shown: shown)
    }

    private mutating func equals() {
        guard let x = shownValue else { return }
        let result: ExactNumber?
        if let op = pending.lastOperator {
            // The operand is the number shown: typed, or the value known so
            // far right after an operator (5 + = gives 10).
            result = pending.evaluate(with: x)
            repeated = (op, x)
        } else if let (op, operand) = repeated {
            result = op.apply(x, operand)
        } else {
            result = x
        }
        guard let result else { return fail() }
        pending = Pending()
        phase = .showing(result)
        showsResult = true
    }

    private mutating func fail() {
        self = CalculatorModel()
        phase = .error
    }

    // MARK: Paste

    /// The entry a pasted text gives, or nil when it is not a plain number.
    static func parsePaste(_ text: String) -> Entry? {
        // Hostile text: a long paste is no number we accept, so stop early.
        guard text.utf8.count <= 256 else { return nil }
        var scalars = Substring(text).unicodeScalars[...]
        let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{A0}"]
        while let first = scalars.first, blanks.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, blanks.contains(last) { scalars.removeLast() }
        var entry = Entry()
        if let first = scalars.first, first == "-" || first == "+" || first == "\u{2212}" {
            entry.negative = first != "+"
            scalars.removeFirst()
        }
        var integer = "", fraction: String?
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                if fraction != nil { fraction!.unicodeScalars.append(scalar) } else { integer.unicodeScalars.append(scalar) }
            case ".", ",":
                guard fraction == nil else { return nil }
                fraction = ""
            default:
                return nil
            }
        }
        guard !integer.isEmpty || !(fraction ?? "").isEmpty else { return nil }
        while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
        if integer.isEmpty { integer = "0" }
        // Cutting whole-number digits would change the number's size, not its precision.
        guard integer.count <= maximumDigits else { return nil }
        entry.integer = integer
        if let f = fraction {
            let room = maximumDigits - integer.count
            entry.fraction = room > 0 ? String(f.prefix(room)) : nil
        }
        entry.normalizeSign()
        return entry
    }
}
