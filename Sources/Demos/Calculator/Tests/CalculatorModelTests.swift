@testable import CalculatorModel
import XCTest

final class CalculatorModelTests: XCTestCase {
    // MARK: Operations

    func testPrecedenceAndRunningDisplay() {
        let table: [(String, String)] = [
            ("2+3×4=", "14"),
            ("2×3+4=", "10"),
            ("2×3+", "6"),
            ("2+3×", "3"),
            ("2+3×4+", "14"),
            ("2+3×4×", "12"),
            ("10−2×3=", "4"),
            ("8÷2÷2=", "2"),
            ("1−2−3=", "-4"),
            ("2×3×4÷6+1−5×2=", "-5"),
            ("7÷2=", "3.5"),
        ]
        for (keys, expected) in table { XCTAssertEqual(calculatorDisplay(after: keys), expected, keys) }
    }

    func testASecondOperatorReplacesTheFirst() {
        XCTAssertEqual(calculatorDisplay(after: "1+−3="), "-2")
        XCTAssertEqual(calculatorDisplay(after: "2+×3="), "6")
        XCTAssertEqual(calculatorDisplay(after: "1+2+×"), "2", "replacing + by × undoes the + first")
        XCTAssertEqual(calculatorDisplay(after: "1+2+×3="), "7")
        XCTAssertEqual(calculatorDisplay(after: "1+2×+3="), "6")
        XCTAssertEqual(calculatorDisplay(after: "6÷×÷2="), "3")
    }

    func testRepeatedEquals() {
        var model = CalculatorModel()
        XCTAssertEqual(playCalculatorKeys("5+2===", on: &model), ["7", "9", "11"])
        XCTAssertEqual(calculatorDisplay(after: "5+="), "10")
        XCTAssertEqual(calculatorDisplay(after: "5+=="), "15")
        XCTAssertEqual(calculatorDisplay(after: "2+3×4=="), "56", "the last operation is × 4")
        XCTAssertEqual(calculatorDisplay(after: "2×3+4=="), "14")
        XCTAssertEqual(calculatorDisplay(after: "10−3=="), "4")
        XCTAssertEqual(calculatorDisplay(after: "64÷2==="), "8")
        XCTAssertEqual(calculatorDisplay(after: "="), "0")
        XCTAssertEqual(calculatorDisplay(after: "7="), "7")
        XCTAssertEqual(calculatorDisplay(after: "7.50="), "7.5")
    }

    func testAfterEquals() {
        XCTAssertEqual(calculatorDisplay(after: "2+3=4"), "4", "a digit starts a new number")
        XCTAssertEqual(calculatorDisplay(after: "2+3=4+1="), "5", "and a new calculation")
        XCTAssertEqual(calculatorDisplay(after: "2+3=×2="), "10", "an operator continues from the result")
        XCTAssertEqual(calculatorDisplay(after: "2+3=.5"), "0.5")
        XCTAssertEqual(calculatorDisplay(after: "5+2=3="), "5", "= on a new number repeats the last operation")
        XCTAssertEqual(calculatorDisplay(after: "5+2=C3="), "3", "C forgets it")
    }

    func testClear() {
        XCTAssertEqual(calculatorDisplay(after: "12+3×C"), "0")
        XCTAssertEqual(calculatorDisplay(after: "12+3C4="), "4")
        var model = CalculatorModel()
        _ = playCalculatorKeys("1+2×", on: &model)
        model.press(.clear)
        XCTAssertNil(model.highlightedOperator)
        XCTAssertFalse(model.isError)
    }

    func testDivisionByZero() {
        XCTAssertEqual(calculatorDisplay(after: "5÷0="), "Error")
        XCTAssertEqual(calculatorDisplay(after: "5÷0+"), "Error")
        XCTAssertEqual(calculatorDisplay(after: "5÷0×"), "Error")
        XCTAssertEqual(calculatorDisplay(after: "2+5÷0−"), "Error", "the error shows as soon as it is known")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=+=×="), "Error", "operators and = do nothing")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=+3="), "3", "then a digit starts afresh, with nothing pending")
        XCTAssertEqual(calculatorDisplay(after: "5÷0==="), "Error")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=7"), "7", "a digit starts afresh")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=7+1="), "8", "with nothing pending")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=."), "0.")
        XCTAssertEqual(calculatorDisplay(after: "5÷0=C"), "0")
        XCTAssertEqual(calculatorDisplay(after: "0÷0="), "Error")
        XCTAssertEqual(calculatorDisplay(after: "0÷5="), "0")
        var model = CalculatorModel()
        _ = playCalculatorKeys("5÷0=", on: &model)
        XCTAssertTrue(model.isError)
        XCTAssertNil(model.copyText)
        XCTAssertFalse(model.paste("x"))
        XCTAssertTrue(model.isError, "a refused paste leaves the error")
        XCTAssertTrue(model.paste("4"))
        XCTAssertEqual(calculatorText(model), "4")
    }

    func testHighlightedOperatorStaysUntilTheNextKey() {
        var model = CalculatorModel()
        model.press(.digit(3))
        XCTAssertNil(model.highlightedOperator)
        model.press(.operation(.multiply))
        XCTAssertEqual(model.highlightedOperator, .multiply)
        model.press(.operation(.divide))
        XCTAssertEqual(model.highlightedOperator, .divide)
        model.press(.digit(2))
        XCTAssertNil(model.highlightedOperator)
        model.press(.operation(.add))
        model.press(.equals)
        XCTAssertNil(model.highlightedOperator)
        model.press(.operation(.subtract))
        model.press(.clear)
        XCTAssertNil(model.highlightedOperator)
        _ = playCalculatorKeys("1÷0+", on: &model)
        XCTAssertNil(model.highlightedOperator, "no operator is pending after an error")
    }

    // MARK: Exact arithmetic

    func testExactDecimalArithmetic() {
        let table: [(String, String)] = [
            ("0.1+0.2=", "0.3"),
            ("0.3−0.1=", "0.2"),
            ("1.1×1.1=", "1.21"),
            ("1÷3×3=", "1"),
            ("1÷3×3−1=", "0"),
            ("2÷3=", "0.666666666667"),
            ("1÷3=", "0.333333333333"),
            ("10÷4=", "2.5"),
            ("0.1×3−0.3=", "0"),
            ("100×1.1=", "110"),
            ("4.35×100=", "435"),
            ("1.15×100=", "115"),
            ("0.7+0.1=", "0.8"),
            ("1−0.9=", "0.1"),
        ]
        for (keys, expected) in table { XCTAssertEqual(calculatorDisplay(after: keys), expected, keys) }
    }

    func testPlusMinusTimesAreExactBeyondAnyFixedPrecision() {
        // A 48-digit product, plus 1, minus the same product: 1, which a
        // 38-digit decimal (or a double) loses.
        let n = "999999999999"
        XCTAssertEqual(calculatorDisplay(after: "\(n)×\(n)×\(n)×\(n)+1−\(n)×\(n)×\(n)×\(n)="), "1")
    }

    func testDivisionKeepsMoreThanThirtyDigits() {
        // 1/3 × 10¹² − 333333333333 leaves 1/3 again: digits 13 to 24 were kept…
        XCTAssertEqual(calculatorDisplay(after: "1÷3×1000000×1000000−333333333333="), "0.333333333333")
        // …and 25 to 36.
        XCTAssertEqual(
            calculatorDisplay(after: "1÷3×1000000×1000000−333333333333=×1000000×1000000−333333333333="),
            "0.333333333333")
    }

    // MARK: Display rounding

    func testDisplayRounding() {
        func shown(_ numerator: String, _ denominator: String = "1") -> String {
            DisplayFormat.string(
                ExactNumber(numerator: WholeNumber(numerator)!, denominator: WholeNumber(denominator)!)!)
        }
        let table: [(String, String, String)] = [
            ("0", "1", "0"),
            ("-5", "1", "-5"),
            ("1", "8", "0.125"),
            ("2", "3", "0.666666666667"),
            ("-2", "3", "-0.666666666667"),
            ("1234567890125", "10", "123456789013"),  // half away from zero
            ("-1234567890125", "10", "-123456789013"),
            ("1234567890124", "10", "123456789012"),
            ("9999999999995", "10", "1e12"),  // rounds up into scientific
            ("999999999999", "1", "999999999999"),
            ("1000000000000", "1", "1e12"),
            ("1500000000000", "1", "1.5e12"),
            ("-1500000000000", "1", "-1.5e12"),
            ("123456789012345", "1", "1.23456789012e14"),
            ("1", "1000000000", "0.000000001"),
            ("1", "10000000000", "1e-10"),
            ("-25", "100000000000", "-2.5e-10"),
            ("99999999999995", "100000000000000000000000", "0.000000001"),  // 9.9999999999995e-10 rounds to 1e-9: plain
            ("123456789", "1000000000000000", "0.000000123456789"),
            ("1", "3000000000", "3.33333333333e-10"),
            ("99999999999949", "100000000000000000000000", "9.99999999999e-10"),
            ("10", "1", "10"),
            ("1200", "1", "1200"),
            ("120", "100", "1.2"),
        ]
        for (n, d, expected) in table { XCTAssertEqual(shown(n, d), expected, "\(n)/\(d)") }
    }

    func testResultsBeyondTheRangeShowError() {
        let big = "999999999999"
        // (10¹²)⁸⁴ > 10¹⁰⁰⁰: Error; a smaller power is shown in scientific notation.
        var model = CalculatorModel()
        _ = playCalculatorKeys("\(big)×=", on: &model)
        XCTAssertEqual(calculatorText(model), "9.99999999998e23")
        for _ in 0..<80 { model.press(.equals) }
        XCTAssertEqual(calculatorText(model), "9.99999999918e983")
        for _ in 0..<3 { model.press(.equals) }
        XCTAssertEqual(calculatorText(model), "Error")
        model.press(.digit(1))
        XCTAssertEqual(calculatorText(model), "1")
        var tiny = CalculatorModel()
        _ = playCalculatorKeys("0.00000000001×=", on: &tiny)
        for _ in 0..<88 { tiny.press(.equals) }
        XCTAssertEqual(calculatorText(tiny), "1e-990")
        tiny.press(.equals)
        XCTAssertEqual(calculatorText(tiny), "Error", "too small to hold is an error, not a silent 0")
    }

    func testFractionsThatGrowTooLargeAreRoundedFarBelowTheDisplay() {
        // A fraction past 20,000 bits is replaced by its nearest 60-digit decimal.
        let x = ExactNumber(numerator: 1, denominator: WholeNumber(7).power(8000))!
        XCTAssertEqual(x.bounded, x, "out of range values are left to the range check")
        let y = ExactNumber(numerator: 2 * WholeNumber(7).power(7200) + 1, denominator: 3 * WholeNumber(7).power(7200))!
        let rounded = y.bounded
        XCTAssertLessThanOrEqual(rounded.denominator.bitWidth, 300, "a 60-digit decimal")
        XCTAssertEqual(DisplayFormat.string(rounded), "0.666666666667")
        let error = rounded - ExactNumber(numerator: 2, denominator: 3)!
        XCTAssertFalse(error.isZero)
        XCTAssertLessThan(
            error.numerator.magnitude * WholeNumber(10).power(60), error.denominator.magnitude,
            "within 10⁻⁶⁰ of the exact value")
    }

    // MARK: Keyboard

    func testKeyboardMapping() {
        typealias I = CalculatorInput
        for d in 0...9 { XCTAssertEqual(I(character: Character(String(d)), named: nil), .key(.digit(d))) }
        XCTAssertEqual(I(character: ".", named: nil), .key(.point))
        XCTAssertEqual(I(character: ",", named: nil), .key(.point))
        XCTAssertEqual(I(character: "+", named: nil), .key(.operation(.add)))
        XCTAssertEqual(
            I(character: "+", named: nil, shift: true), .key(.operation(.add)), "+ is Shift+= on many layouts")
        XCTAssertEqual(I(character: "-", named: nil), .key(.operation(.subtract)))
        XCTAssertEqual(I(character: "*", named: nil), .key(.operation(.multiply)))
        XCTAssertEqual(I(character: "/", named: nil), .key(.operation(.divide)))
        XCTAssertEqual(I(character: "=", named: nil), .key(.equals))
        XCTAssertEqual(I(character: nil, named: .returnKey), .key(.equals))
        XCTAssertEqual(I(character: nil, named: .keypadEnter), .key(.equals))
        XCTAssertEqual(I(character: nil, named: .escape), .key(.clear))
        XCTAssertEqual(I(character: nil, named: .delete), .key(.clear))
        XCTAssertEqual(I(character: nil, named: .backSpace), .removeLastDigit)
        XCTAssertEqual(I(character: "c", named: nil, control: true), .copy)
        XCTAssertEqual(I(character: "C", named: nil, control: true), .copy, "Caps Lock")
        XCTAssertEqual(I(character: "v", named: nil, control: true), .paste)
        XCTAssertEqual(I(character: nil, named: .insert, shift: true), .paste)
        XCTAssertNil(I(character: nil, named: .insert))
        XCTAssertNil(I(character: "w", named: nil, control: true), "Ctrl+W closes the window, not ours")
        XCTAssertNil(I(character: "q", named: nil, control: true))
        XCTAssertNil(I(character: "a", named: nil))
        XCTAssertNil(I(character: "5", named: nil, alt: true), "Alt combinations are the desktop's")
        XCTAssertNil(I(character: "٣", named: nil), "only ASCII digits")
    }

    // MARK: Layout and face

    func testLayoutScalesAndCentres() {
        let natural = CalculatorLayout(fittingWidth: 320, height: 568)
        XCTAssertEqual(natural.scale, 1)
        XCTAssertEqual(natural.rect(of: .digit(7)), .init(x: 0, y: 148, width: 80, height: 80))
        XCTAssertEqual(natural.rect(of: .equals), .init(x: 0, y: 468, width: 320, height: 80))
        XCTAssertEqual(natural.displayRect, .init(x: 0, y: 0, width: 320, height: 119))
        let wide = CalculatorLayout(fittingWidth: 1000, height: 568)
        XCTAssertEqual(wide.scale, 1)
        XCTAssertEqual(wide.contentRect.x, 340, "centred")
        let big = CalculatorLayout(fittingWidth: 640, height: 1200)
        XCTAssertEqual(big.scale, 2)
        XCTAssertEqual(big.contentRect, .init(x: 0, y: 32, width: 640, height: 1136))
        XCTAssertEqual(big.rect(of: .operation(.add)), .init(x: 480, y: 32 + 2 * (148 + 240), width: 160, height: 160))
        // Odd scales: neighbours share edges, so keys never overlap or leave gaps.
        let odd = CalculatorLayout(fittingWidth: 333, height: 700)
        for row in 0..<4 {
            let keys = Array(CalculatorKey.all[(row * 4)..<(row * 4 + 4)])
            for (a, b) in zip(keys, keys.dropFirst()) {
                XCTAssertEqual(odd.rect(of: a).x + odd.rect(of: a).width, odd.rect(of: b).x)
            }
        }
        XCTAssertFalse(natural.wants2x(deviceScale: 1))
        XCTAssertTrue(natural.wants2x(deviceScale: 2))
        XCTAssertTrue(CalculatorLayout(fittingWidth: 400, height: 800).wants2x(deviceScale: 1))
    }

    func testAllKeysAndTheirPictures() {
        XCTAssertEqual(CalculatorKey.all.count, 17)
        XCTAssertEqual(CalculatorKey.all.first, .digit(7), "7 at the top left")
        XCTAssertEqual(Set(CalculatorKey.all.map(\.imageName)).count, 17)
        XCTAssertEqual(CalculatorKey.point.pressedImageName, "Decimal-down")
        XCTAssertEqual(CalculatorKey.clear.imageName, "c")
    }

    func testFittedFontSize() {
        // A text 10 px wide per unit of size: at 50 it is 500 px.
        let measure = { (size: Double) in size * 10 }
        XCTAssertEqual(CalculatorLayout.fittedFontSize(available: 600, base: 50, measure: measure), 50)
        let fitted = CalculatorLayout.fittedFontSize(available: 250, base: 50, measure: measure)
        XCTAssertLessThanOrEqual(measure(fitted), 250)
        XCTAssertGreaterThan(fitted, 24)
        // Hinting that makes widths grow a little faster than sizes.
        let hinted = { (size: Double) in size * 10 + (size * 7).truncatingRemainder(dividingBy: 9) }
        let h = CalculatorLayout.fittedFontSize(available: 333, base: 50, measure: hinted)
        XCTAssertLessThanOrEqual(hinted(h), 333)
    }

    func testDisplayFaceChoice() {
        let dejavu = DisplayFace(family: "DejaVu Sans", faceName: "ExtraLight", weight: 200, isMonospace: false)
        let faces = [
            DisplayFace(family: "DejaVu Sans", faceName: "Book", weight: 400, isMonospace: false),
            dejavu,
            DisplayFace(family: "DejaVu Sans Mono", faceName: "Book", weight: 400, isMonospace: true),
            DisplayFace(family: "DejaVu Serif", faceName: "Book", weight: 400, isMonospace: false),
            DisplayFace(family: "Nimbus Sans", faceName: "Regular", weight: 400, isMonospace: false),
            DisplayFace(family: "URW Bookman", faceName: "Light", weight: 300, isMonospace: false),
        ]
        XCTAssertEqual(DisplayFace.choose(from: faces), dejavu, "the lightest sans, never a serif")
        let neue = DisplayFace(family: "Helvetica Neue", faceName: "Thin", weight: 100, isMonospace: false)
        XCTAssertEqual(DisplayFace.choose(from: faces + [neue]), neue)
        let thinMono = DisplayFace(family: "Fira Mono", faceName: "Thin", weight: 100, isMonospace: true)
        XCTAssertEqual(DisplayFace.choose(from: faces + [thinMono]), dejavu, "not a monospace face")
        let other = DisplayFace(family: "Other Sans", faceName: "ExtraLight", weight: 200, isMonospace: false)
        XCTAssertEqual(DisplayFace.choose(from: [other, dejavu], defaultSans: "DejaVu Sans"), dejavu)
        XCTAssertNil(DisplayFace.choose(from: []))
    }

    // MARK: GMP, as the model relies on it

    func testWholeNumbersBehaveAsTheModelAssumes() {
        let (q, r) = WholeNumber(-7).quotientAndRemainder(dividingBy: 2)
        XCTAssertEqual(q, -3, "truncates toward zero")
        XCTAssertEqual(r, -1)
        XCTAssertEqual(WholeNumber(10).power(40).description, "1" + String(repeating: "0", count: 40))
        XCTAssertEqual(WholeNumber.tenToThe(40), WholeNumber(10).power(40))
        XCTAssertEqual(WholeNumber("-120")?.description, "-120")
        XCTAssertEqual(WholeNumber("0")?.description, "0")
        for refused in ["", "-", "1 2", "+1", "1e3", "0x1", "١"] { XCTAssertNil(WholeNumber(refused), refused) }
        XCTAssertEqual(WholeNumber(0).bitWidth, 0, "as BigInt counted: no bits for zero…")
        XCTAssertEqual(WholeNumber(255).bitWidth, 9, "…and a sign bit for the others")
        XCTAssertEqual(WholeNumber(-256).bitWidth, 10)
        XCTAssertEqual(ExactNumber(numerator: 6, denominator: -4)?.description, "-3/2")
        XCTAssertEqual(
            ExactNumber(numerator: -12, denominator: 18)?.description, "-2/3", "lowest terms whatever the signs")
        XCTAssertEqual(ExactNumber(numerator: 0, denominator: -5)?.description, "0")
        XCTAssertNil(ExactNumber(numerator: 1, denominator: 0))
        XCTAssertEqual(DisplayFormat.decimalLength(WholeNumber(10).power(100)), 101)
        XCTAssertEqual(DisplayFormat.decimalLength(WholeNumber(10).power(100) - 1), 100)
        XCTAssertEqual(DisplayFormat.decimalLength(1), 1)
    }

    /// Equal values are equal and hash alike however they were reached, and a
    /// value outlives the numbers it was computed from (each owns its GMP number).
    func testExactNumbersAreValuesWithTheirOwnStorage() {
        let third = ExactNumber(numerator: 1, denominator: 3)!
        let reached = (ExactNumber(numerator: 5, denominator: 6)! - ExactNumber(numerator: 1, denominator: 2)!)
        XCTAssertEqual(third, reached)
        XCTAssertEqual(Set([third, reached, -third, ExactNumber(numerator: 2, denominator: 6)!]).count, 2)
        XCTAssertEqual(
            Set([WholeNumber(10).power(30), WholeNumber.tenToThe(30), WholeNumber(-5), WholeNumber(5)]).count, 3)
        var kept: [ExactNumber] = []
        do {
            var x = ExactNumber(1)
            for k in 2...40 {
                x = x + ExactNumber(numerator: 1, denominator: WholeNumber(k))!
                kept.append(x)
            }
        }
        XCTAssertEqual(DisplayFormat.string(kept[0]), "1.5")
        XCTAssertEqual(DisplayFormat.string(kept[38]), "4.27854303894", "H(40) = 4.278543038936…")
        XCTAssertEqual(kept[1].description, "11/6")
        XCTAssertTrue((ExactNumber(numerator: 1, denominator: 3)! / .zero) == nil)
    }
}
