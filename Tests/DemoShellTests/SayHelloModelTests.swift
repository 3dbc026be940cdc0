import SayHelloModel
import XCTest

final class SayHelloModelTests: XCTestCase {
    let model = SayHelloModel()

    func testNormalNameIsGreeted() {
        XCTAssertEqual(model.greet("Ada"), .greet(name: "Ada"))
    }

    func testEmptyNameAsksForOne() {
        XCTAssertEqual(model.greet(""), .emptyName)
    }

    func testOnlySpacesIsEmpty() {
        XCTAssertEqual(model.greet("   \t "), .emptyName)
    }

    func testSurroundingSpacesAreTrimmed() {
        XCTAssertEqual(model.greet("  Grace Hopper  "), .greet(name: "Grace Hopper"))
    }

    func testSixteenCharactersAreKept() {
        let name = "Abcdefghijklmnop"
        XCTAssertEqual(name.count, 16)
        XCTAssertEqual(model.normalized(name), name)
        XCTAssertEqual(model.greet(name), .greet(name: name))
    }

    func testSeventeenCharactersAreCutToSixteen() {
        XCTAssertEqual(model.normalized("Abcdefghijklmnopq"), "Abcdefghijklmnop")
    }

    func testTwentyCharactersAreCutToSixteen() {
        let pasted = "Abcdefghijklmnopqrst"
        XCTAssertEqual(model.normalized(pasted).count, 16)
        XCTAssertEqual(model.greet(pasted), .greet(name: "Abcdefghijklmnop"))
    }

    func testChineseCountsCharactersNotBytes() {
        XCTAssertEqual(model.greet("宝玉"), .greet(name: "宝玉"))
        let long = String(repeating: "宝", count: 20)
        XCTAssertEqual(model.normalized(long), String(repeating: "宝", count: 16))
    }

    func testEmojiWithSkinToneIsOneCharacter() {
        let wave = "👋🏽"
        XCTAssertEqual(wave.unicodeScalars.count, 2)
        let name = String(repeating: wave, count: 17)
        XCTAssertEqual(model.normalized(name), String(repeating: wave, count: 16))
        XCTAssertEqual(model.greet("Ada 👋🏽"), .greet(name: "Ada 👋🏽"))
    }

    func testWordsAreCapitalisedAsTyped() {
        XCTAssertEqual(model.normalized("grace hopper"), "Grace Hopper")
        XCTAssertEqual(model.normalized("mcDonald"), "McDonald")
        XCTAssertEqual(model.normalized("straße"), "Straße")
        XCTAssertEqual(model.normalized("ßa"), "ßa", "a capital that is two letters is left alone")
    }
}
