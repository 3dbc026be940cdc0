/// What a key on the computer's keyboard does in the calculator.
public enum CalculatorInput: Equatable, Sendable {
    /// The same as pressing this calculator key (its picture shows pressed).
    case key(CalculatorKey)
    /// BackSpace: remove the last typed digit.
    case removeLastDigit
    /// Ctrl+C.
    case copy
    /// Ctrl+V or Shift+Insert.
    case paste

    /// Keys that have no character, named as the view reads them from GDK.
    public enum NamedKey: Sendable {
        case returnKey, keypadEnter, escape, delete, backSpace, insert
    }

    /// The input for a key press: `character` is what the key types (the
    /// keypad's digits and operators type the same characters as the main
    /// row), `named` a key without one. Nil: not the calculator's key.
    public init?(character: Character?, named: NamedKey?, control: Bool = false, shift: Bool = false, alt: Bool = false)
    {
        guard !alt else { return nil }
        if control {
            guard !shift else { return nil }
            switch character?.lowercased() {
            case "c": self = .copy
            case "v": self = .paste
            default: return nil
            }
            return
        }
        if let named {
            switch named {
            case .returnKey, .keypadEnter: self = .key(.equals)
            case .escape, .delete: self = .key(.clear)
            case .backSpace: self = .removeLastDigit
            case .insert:
                guard shift else { return nil }
                self = .paste
            }
            return
        }
        guard let character else { return nil }
        if let digit = character.wholeNumberValue, character.isASCII {
            self = .key(.digit(digit))
            return
        }
        switch character {
        case ".", ",": self = .key(.point)
        case "+": self = .key(.operation(.add))
        case "-", "\u{2212}": self = .key(.operation(.subtract))
        case "*", "×": self = .key(.operation(.multiply))
        case "/", "÷": self = .key(.operation(.divide))
        case "=": self = .key(.equals)
        default: return nil
        }
    }
}
