@testable import CalculatorModel
import Game2048Model
import ModelTesting
import XCTest

/// Typing, BackSpace, copy and paste: whatever the display shows, Ctrl+C then
/// Ctrl+V gives back exactly that value; a pasted number is taken exactly or
/// refused, never changed.
final class CalculatorEntryTests: XCTestCase {
    // MARK: Typing

    func testTyping() {
        let table: [(String, String)] = [
            ("", "0"),
            ("7", "7"),
            ("000", "0"),
            ("007", "7"),
            ("0.5", "0.5"),
            (".", "0."),
            (".5", "0.5"),
            ("1.2.3", "1.23"),
            ("1..", "1."),
            ("1.50", "1.50"),
            ("0.000", "0.000"),
            ("123456789012", "123456789012"),
            ("1234567890123", "123456789012"),
            ("12345678901.23", "12345678901.2"),
            // The lone 0 before the point is no typed digit: 12 follow it.
            ("0.12345678901234", "0.123456789012"),
            ("0.6666666666667", "0.666666666666"),
            ("0.666666666667", "0.666666666667"),
            ("0.000000000001", "0.000000000001"),
            ("0.0000000000001", "0.000000000000"),
            ("123456789012.", "123456789012"),
            ("12⌫", "1"),
            ("1⌫", "0"),
            ("1.5⌫", "1."),
            ("1.5⌫⌫", "1"),
            ("1.5⌫⌫⌫⌫", "0"),
        ]
        for (keys, expected) in table {
            XCTAssertEqual(calculatorDisplay(after: keys), expected, "typing \(keys)")
        }
    }

    func testBackSpaceOnlyWhileTyping() {
        XCTAssertEqual(calculatorDisplay(after: "12+⌫"), "12")
        XCTAssertEqual(calculatorDisplay(after: "12+3=⌫"), "15")
        XCTAssertEqual(calculatorDisplay(after: "1÷0=⌫"), "Error")
        var model = CalculatorModel()
        _ = playCalculatorKeys("12+", on: &model)
        model.removeLastDigit()
        XCTAssertEqual(model.highlightedOperator, .add, "an ignored key leaves the pending operator lit")
    }

    func testBackSpaceKeepsTheSign() {
        var model = CalculatorModel()
        XCTAssertTrue(model.paste("-0.5"))
        model.removeLastDigit()
        XCTAssertEqual(calculatorText(model), "-0.")
        XCTAssertEqual(playCalculatorKeys("7+1=", on: &model), ["0.3"], "-0.7 + 1")

        XCTAssertTrue(model.paste("-15"))
        XCTAssertEqual(playCalculatorKeys("⌫", on: &model), [])
        XCTAssertEqual(calculatorText(model), "-1")
        _ = playCalculatorKeys("⌫", on: &model)
        XCTAssertEqual(calculatorText(model), "-0", "the sign stays for the next digit")
        XCTAssertEqual(model.copyText, "0", "minus zero copies as zero")
        _ = playCalculatorKeys("4", on: &model)
        XCTAssertEqual(calculatorText(model), "-4")
        _ = playCalculatorKeys("⌫⌫", on: &model)
        XCTAssertEqual(calculatorText(model), "0", "BackSpace on -0 removes the sign")
        _ = playCalculatorKeys("⌫", on: &model)
        XCTAssertEqual(calculatorText(model), "0")
    }

    // MARK: Paste

    func testPasteTakesANumberExactlyOrRefusesIt() {
        let table: [(String, String?)] = [
            ("42", "42"),
            ("-3.5", "-3.5"),
            ("+7", "7"),
            ("3,25", "3.25"),
            ("0,125", "0.125"),
            (" 12.5\n", "12.5"),
            ("0007", "7"),
            (".5", "0.5"),
            ("5.", "5."),
            ("−4", "-4"),
            ("-0", "0"),
            ("-0.00", "0.00"),
            ("0.666666666667", "0.666666666667"),
            ("-0.666666666667", "-0.666666666667"),
            ("123456789012", "123456789012"),
            // Exact, though not as typed: shown as a result would be.
            ("1e12", "1e12"),
            ("1E12", "1e12"),
            ("1e+12", "1e12"),
            ("1e5", "100000"),
            ("2.5e-10", "2.5e-10"),
            ("-2.5E−10", "-2.5e-10"),
            ("9.99999999998e23", "9.99999999998e23"),
            ("1.5e0012", "1.5e12"),
            ("0.0000000000001", "1e-13"),
            ("1000000000000", "1e12"),
            ("1.50000000000000000000", "1.5"),
            ("0.00000000123456789012", "0.00000000123456789012"),
            ("1e999", "1e999"),
            ("-1e-999", "-1e-999"),
            ("0e5", "0"),
            // More digits than the display shows: rounding them would change the number.
            ("0.1234567890123", nil),
            ("123456789012.75", nil),
            ("1234567890123", nil),
            ("3.14159265358979", nil),
            ("1.234567890123e5", nil),
            // Beyond the calculator's range.
            ("1e1000", "1e1000"),  // the largest value in range shows as that
            ("1.00000000001e1000", nil),
            ("1e-1000", nil),
            ("9.99999999999e999", "9.99999999999e999"),
            ("1e123456", nil),
            ("0e123456", nil),
            // Not a number, or not one number.
            ("", nil),
            ("-", nil),
            (".", nil),
            ("e5", nil),
            ("1e", nil),
            ("1e-", nil),
            ("1e5.5", nil),
            ("1e5e5", nil),
            ("1.2.3", nil),
            ("1,234.5", nil),
            ("1,000", nil),  // a thousand or one: ambiguous
            ("12a", nil),
            ("٣", nil),
            ("１２", nil),
            ("1 000", nil),
            ("--1", nil),
            ("1\u{202E}2", nil),
            (String(repeating: "1", count: 10_000), nil),
        ]
        for (pasted, expected) in table {
            var model = CalculatorModel()
            _ = playCalculatorKeys("9+", on: &model)
            let accepted = model.paste(pasted)
            if let expected {
                XCTAssertTrue(accepted, "paste \(pasted.debugDescription)")
                XCTAssertEqual(calculatorText(model), expected, "paste \(pasted.debugDescription)")
                XCTAssertEqual(model.shownValue, Self.exactValue(of: expected), "paste \(pasted.debugDescription)")
            } else {
                XCTAssertFalse(accepted, "paste \(pasted.debugDescription)")
                XCTAssertEqual(calculatorText(model), "9", "a refused paste leaves the display")
                XCTAssertEqual(model.highlightedOperator, .add, "and the pending operator")
            }
        }
    }

    func testAPastedNumberIsTheCurrentNumber() {
        var model = CalculatorModel()
        _ = playCalculatorKeys("9+", on: &model)
        XCTAssertTrue(model.paste("-2.5"))
        model.press(.digit(5))
        XCTAssertEqual(calculatorText(model), "-2.55", "a plain number goes on being typed")
        model.press(.equals)
        XCTAssertEqual(calculatorText(model), "6.45")
        XCTAssertTrue(model.paste("10"))
        XCTAssertEqual(playCalculatorKeys("×2=", on: &model), ["20"], "after = a paste starts a new calculation")

        XCTAssertTrue(model.paste("1e12"))
        XCTAssertEqual(playCalculatorKeys("+1=", on: &model), ["1e12"], "1,000,000,000,001 to 12 digits")
        model = CalculatorModel()
        _ = playCalculatorKeys("3×", on: &model)
        XCTAssertTrue(model.paste("0.0000000000001"))
        XCTAssertEqual(calculatorText(model), "1e-13")
        XCTAssertFalse(model.canRemoveLastDigit, "a number shown as a result is not being typed")
        model.removeLastDigit()
        XCTAssertEqual(calculatorText(model), "1e-13")
        XCTAssertEqual(playCalculatorKeys("=", on: &model), ["3e-13"], "the value was taken exactly")
        XCTAssertTrue(model.paste("2.5e-10"))
        XCTAssertEqual(playCalculatorKeys("7", on: &model), [])
        XCTAssertEqual(calculatorText(model), "7", "a digit starts a new number")
    }

    // MARK: Copy, then paste

    func testCopyText() {
        var model = CalculatorModel()
        XCTAssertEqual(model.copyText, "0")
        _ = playCalculatorKeys("12.", on: &model)
        XCTAssertEqual(model.copyText, "12")
        _ = playCalculatorKeys("×100000000000=", on: &model)
        XCTAssertEqual(model.copyText, "1.2e12")
    }

    /// The cases: results the calculator showed and then refused,
    /// cut or changed when pasted back.
    func testTheCalculatorTakesBackWhatItShows() {
        let cases: [(keys: String, shown: String)] = [
            ("999999999999+1=", "1e12"),
            ("999999999999×999999999999=", "9.99999999998e23"),
            ("2÷3=", "0.666666666667"),
            ("1÷300000000000÷100=", "3.33333333333e-14"),
            ("0.000000000001÷10=", "1e-13"),
            ("0.000000001×3=", "0.000000003"),
            ("1÷7÷1000000000=", "1.42857142857e-10"),
            ("0.666666666667", "0.666666666667"),
            ("5−7=", "-2"),
        ]
        var largest = CalculatorModel()
        XCTAssertTrue(largest.paste("9.99999999999e999"))
        _ = playCalculatorKeys("+", on: &largest)
        XCTAssertTrue(largest.paste("9e987"))
        _ = playCalculatorKeys("=", on: &largest)
        XCTAssertEqual(calculatorText(largest), "1e1000", "just below the limit, rounded up")
        assertRoundTrip(of: largest, "9.99999999999e999 + 9e987")
        for (keys, shown) in cases {
            var model = CalculatorModel()
            _ = playCalculatorKeys(keys, on: &model)
            XCTAssertEqual(calculatorText(model), shown, keys)
            assertRoundTrip(of: model, keys)
        }
    }

    /// Random calculations at every magnitude: after each key, what Ctrl+C
    /// copies pastes back as exactly the value on the display.
    func testCopyThenPasteGivesBackEveryDisplayedValue() {
        var random = SeededRandom(seed: 0xC0_B1E5)
        let keys = Array("0123456789.+−×÷=⌫") + ["×", "×", "÷", "÷"]
        var checked = 0, scientific = 0
        for _ in 0..<PropertyCases.count(400) {
            var model = CalculatorModel()
            var played = ""
            for _ in 0..<(4 + Int(random.next() % 30)) {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                // Long runs of digits, so products and quotients reach far.
                let run = key.isNumber ? String(repeating: key, count: 1 + Int(random.next() % 12)) : String(key)
                played += run
                _ = playCalculatorKeys(run, on: &model)
                guard !model.isError else { break }
                assertRoundTrip(of: model, played)
                checked += 1
                if calculatorText(model).contains("e") { scientific += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 2000)
        XCTAssertGreaterThan(scientific, 200, "the sequences reach scientific notation")

        // Values of any size and precision, as the display writes them.
        for _ in 0..<PropertyCases.count(2000) {
            let digits =
                WholeNumber(Int(random.next() % 1_000_000_000_000))
                * WholeNumber(Int(random.next() % 1_000_000_000_000 + 1))
            let power = Int(random.next() % 1990) - 995
            var value = ExactNumber(numerator: digits, denominator: 1)!.shifted(byPowerOfTen: power - 20)
            if random.next() % 2 == 0 { value = -value }
            guard value.isInRange, !value.isZero else { continue }
            let text = DisplayFormat.string(value)
            var model = CalculatorModel()
            XCTAssertTrue(model.paste(text), "paste \(text)")
            XCTAssertEqual(calculatorText(model), text)
            XCTAssertEqual(model.shownValue, Self.exactValue(of: text), text)
        }
    }

    private func assertRoundTrip(
        of model: CalculatorModel, _ keys: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let copied = model.copyText else { return XCTFail("\(keys): nothing to copy", file: file, line: line) }
        let shown = calculatorText(model)
        XCTAssertEqual(
            Self.exactValue(of: copied), Self.exactValue(of: shown.hasSuffix(".") ? String(shown.dropLast()) : shown),
            "\(keys): copies \(copied) for \(shown)", file: file, line: line)
        for before in ["", "9+", "1+2=", "1÷0="] {
            var other = CalculatorModel()
            _ = playCalculatorKeys(before, on: &other)
            XCTAssertTrue(other.paste(copied), "\(keys): \(copied) refused after \(before)", file: file, line: line)
            XCTAssertEqual(
                calculatorText(other), copied, "\(keys): \(copied) pasted after \(before)", file: file, line: line)
            XCTAssertEqual(other.shownValue, Self.exactValue(of: copied), "\(keys): \(copied)", file: file, line: line)
        }
    }

    /// The exact value of a number as the display writes it ("-1.5e-12"),
    /// read independently of the paste parser.
    static func exactValue(of text: String) -> ExactNumber? {
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        guard let mantissa = ExactNumber(decimal: String(parts[0])) else { return nil }
        guard parts.count == 2 else { return parts.count == 1 ? mantissa : nil }
        guard let power = Int(parts[1]) else { return nil }
        return mantissa.shifted(byPowerOfTen: power)
    }
}
