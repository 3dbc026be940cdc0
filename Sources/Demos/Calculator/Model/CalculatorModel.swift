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
    /// The most digits a typed number may have (a lone 0 before the point
    /// does not count: 0.666666666667 is 12 digits), and the most
    /// significant digits a pasted one may have.
    public static let maximumDigits = 12

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

    /// The text Ctrl+C copies: the number shown, which `paste` takes back
    /// exactly ("12." copies as "12", "-0" as "0"); nil while showing Error.
    public var copyText: String? {
        guard case .number(var text) = display else { return nil }
        if text.hasSuffix(".") { text.removeLast() }
        if shownValue?.isZero == true, text.hasPrefix("-") { text.removeFirst() }
        return text
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

    /// BackSpace: removes the last typed character while typing, the sign
    /// last ("-0.5", "-0.", "-0", "0"); does nothing otherwise.
    public mutating func removeLastDigit() {
        guard case .typing(var entry) = phase else { return }
        entry.removeLast()
        phase = .typing(entry)
    }

    /// Pastes `text` as the current number when the calculator can take it
    /// exactly (`PastedNumber`): a plain number it could have typed stays
    /// editable; another (1e12, 0.0000000000001) is shown as a result is.
    /// Returns false, changing nothing, for anything else.
    @discardableResult
    public mutating func paste(_ text: String) -> Bool {
        guard let pasted = PastedNumber(text) else { return false }
        startTyping()
        if let entry = pasted.entry { phase = .typing(entry) } else { phase = .showing(pasted.value) }
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
}
