@testable import CalculatorModel
import XCTest

/// Plays `keys` ("12 + 3 × 4 =", "C", "⌫" for BackSpace) and returns the
/// display after each "=" and at the end.
func playCalculatorKeys(_ keys: String, on model: inout CalculatorModel) -> [String] {
    var shown: [String] = []
    for c in keys where c != " " {
        switch c {
        case "0"..."9": model.press(.digit(c.wholeNumberValue!))
        case ".": model.press(.point)
        case "+": model.press(.operation(.add))
        case "−", "-": model.press(.operation(.subtract))
        case "×", "*": model.press(.operation(.multiply))
        case "÷", "/": model.press(.operation(.divide))
        case "C": model.press(.clear)
        case "⌫": model.removeLastDigit()
        case "=":
            model.press(.equals)
            shown.append(calculatorText(model))
        default: XCTFail("unknown key \(c)")
        }
    }
    return shown
}

func calculatorText(_ model: CalculatorModel) -> String {
    switch model.display {
    case .number(let s): s
    case .error: "Error"
    }
}

/// The display after playing `keys` from a fresh calculator.
func calculatorDisplay(after keys: String) -> String {
    var model = CalculatorModel()
    _ = playCalculatorKeys(keys, on: &model)
    return calculatorText(model)
}
