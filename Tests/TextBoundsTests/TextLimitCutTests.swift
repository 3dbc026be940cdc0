import TextBounds
import XCTest

/// `TextLimit.cut`: a field's bounds applied to text its filter already let
/// in and the model then reshaped (Say Hello's capitals).
final class TextLimitCutTests: XCTestCase {
    let limit = TextLimit(characters: 4, scalarsPerCharacter: 3)

    func testTextStopsAtTheLimitCountedAsAPersonCounts() {
        XCTAssertEqual(limit.cut("abcdef"), "abcd")
        XCTAssertEqual(limit.cut("宝玉宝玉宝"), "宝玉宝玉")
        XCTAssertEqual(limit.cut("👋🏽👋🏽👋🏽👋🏽👋🏽"), "👋🏽👋🏽👋🏽👋🏽", "an emoji with a skin tone is one character")
        XCTAssertEqual(limit.cut("ab"), "ab")
        XCTAssertEqual(limit.cut(""), "")
    }

    func testLongCharactersAreCutToTheirFirstScalars() {
        let accented = "e" + String(repeating: "\u{301}", count: 40)
        XCTAssertEqual(limit.cut(accented + "x").unicodeScalars.map(\.value), [0x65, 0x301, 0x301, 0x78])
    }

    func testInvisibleCharactersDoNotCountAndNothingElseIsLeftOut() {
        XCTAssertEqual(limit.cut("a\u{AD}b\u{AD}cd"), "a\u{AD}b\u{AD}cd", "soft hyphens show nothing and do not count")
        XCTAssertEqual(
            limit.cut("abcd\u{AD}e"), "abcd\u{AD}", "the text stops before the first character that does not fit")
        XCTAssertEqual(limit.cut("a\u{7}b"), "a\u{7}b", "leaving characters out is the filter's work, not the cut's")
    }
}
