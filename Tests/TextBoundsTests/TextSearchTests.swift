import TextBounds
import XCTest

/// The string search every target uses instead of the regular-expression
/// module's (which no target imports: it would load with every start).
final class TextSearchTests: XCTestCase {
    func testContainsTextComparesCharacters() {
        XCTAssertTrue("DejaVu Sans Mono".lowercased().containsText("mono"))
        XCTAssertTrue("abc".containsText(""))
        XCTAssertFalse("abc".containsText("abcd"))
        XCTAssertTrue("aab".containsText("ab"), "a false start is not the end of the search")
        XCTAssertFalse("e\u{301}".containsText("e"), "é written with a combining accent is one character")
        XCTAssertTrue("caf\u{E9}!".containsText("cafe\u{301}"), "canonically equal text matches")
    }

    func testTextComponentsSplitAroundEverySeparator() {
        XCTAssertEqual("Leaves out {characters}".textComponents(separatedBy: "{characters}"), ["Leaves out ", ""])
        XCTAssertEqual("{x}a{x}{x}b".textComponents(separatedBy: "{x}"), ["", "a", "", "b"])
        XCTAssertEqual("no separator".textComponents(separatedBy: "{x}"), ["no separator"])
        XCTAssertEqual("{{x}".textComponents(separatedBy: "{x}"), ["{", ""])
        XCTAssertEqual("abc".textComponents(separatedBy: ""), ["abc"])
    }
}
