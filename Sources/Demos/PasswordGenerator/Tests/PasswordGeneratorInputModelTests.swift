import PasswordGeneratorModel
import XCTest

/// The length field's rules, the strength of the password shown and the
/// layout of a long one: no display needed.
final class PasswordGeneratorInputModelTests: XCTestCase {
    func testTheLengthFieldTakesWholeNumbersOnly() {
        for refused in [
            "4.5", "1e2", "-5", "+5", "12a", "1 2", "٣", "\u{202E}12", "1\u{0}2", String(repeating: "1", count: 5000),
        ] {
            let answer = PasswordOptions.lengthText(refused, "8")
            XCTAssertEqual(answer.text, "", "“\(refused)” is refused whole")
            XCTAssertTrue(answer.refused, refused)
        }
        XCTAssertEqual(PasswordOptions.lengthText("42", "").text, "42")
        XCTAssertEqual(PasswordOptions.lengthText(" 42\n", "").text, "42", "spaces around a paste go")
        XCTAssertEqual(PasswordOptions.lengthText("１２８", "").text, "128", "full-width digits")
        XCTAssertEqual(
            PasswordOptions.lengthText("000123456", "").text, "1234", "past 128 whatever it is: four digits do")
        XCTAssertEqual(
            PasswordOptions.lengthText(String(repeating: "9", count: 40), "").text, "9999",
            "a long whole number is not refused")
        XCTAssertFalse(PasswordOptions.lengthText("", "8").refused)
    }

    func testTheFieldsNumberIsClampedNotRefused() {
        XCTAssertNil(PasswordOptions.length(fromText: ""), "empty: the length stays")
        XCTAssertEqual(PasswordOptions.length(fromText: "1"), 4)
        XCTAssertEqual(PasswordOptions.length(fromText: "0"), 4)
        XCTAssertEqual(PasswordOptions.length(fromText: "45"), 45)
        XCTAssertEqual(PasswordOptions.length(fromText: "129"), 128)
        XCTAssertEqual(PasswordOptions.length(fromText: "1000"), 128)
        XCTAssertEqual(PasswordOptions.length(fromText: String(repeating: "9", count: 40)), 128)
        XCTAssertEqual(PasswordOptions.length(fromText: "0012"), 12)
        // What the field shows: above 128 at once, below 4 only once left.
        XCTAssertEqual(PasswordOptions.fieldText("129"), "128")
        XCTAssertEqual(PasswordOptions.fieldText("1000"), "128")
        XCTAssertEqual(PasswordOptions.fieldText("007"), "7")
        XCTAssertNil(PasswordOptions.fieldText("1"), "a 1 on its way to 12 stays")
        XCTAssertNil(PasswordOptions.fieldText("128"))
        XCTAssertNil(PasswordOptions.fieldText(""))
    }

    func testTheShownPasswordKeepsTheStrengthItWasDrawnWith() {
        var options = PasswordOptions(length: 8)
        let shown = ShownPassword(password: "MGG3wj*N", phonetic: "", options: options)
        options.length = 128
        XCTAssertEqual(shown.strength, Strength(bits: 49), "8 × log₂ 72, not the 789 bits 128 would give")
        XCTAssertFalse(shown.matches(options), "another length: draw anew")
        options.length = 8
        options.showsPhonetics.toggle()
        XCTAssertTrue(shown.matches(options), "the spelling shown does not change the password")
        options.avoidsLookAlikes = true
        XCTAssertFalse(shown.matches(options))
        options.avoidsLookAlikes = false
        options.includesNumbers = false
        XCTAssertFalse(shown.matches(options))
    }

    func testLongPasswordsWrapInEvenLines() {
        XCTAssertEqual(PasswordLayout.lineLength(for: 8), 8)
        XCTAssertEqual(PasswordLayout.lineLength(for: 24), 24)
        XCTAssertEqual(PasswordLayout.lineLength(for: 25), 13, "two lines of 13 and 12, not 24 and 1")
        XCTAssertEqual(PasswordLayout.lineLength(for: 128), 22)
        let password = String(repeating: "x", count: 128)
        XCTAssertEqual(PasswordLayout.lines(of: password).map(\.count), [22, 22, 22, 22, 22, 18])
        for length in PasswordOptions.lengthRange {
            let counts = PasswordLayout.lines(of: String(repeating: "a", count: length)).map(\.count)
            XCTAssertEqual(counts.reduce(0, +), length)
            XCTAssertLessThanOrEqual(counts.max() ?? 0, PasswordLayout.maximumLineLength)
            XCTAssertLessThanOrEqual(
                (counts.max() ?? 0) - (counts.last ?? 0), counts.count, "length \(length): \(counts)")
        }
    }
}
