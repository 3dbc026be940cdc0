import Game2048Model
import Foundation
import SayHelloModel
import ModelTesting
import XCTest
import TextBounds

final class SayHelloModelTests: XCTestCase {
    let model = SayHelloModel()

    func testNormalNameIsGreeted() {
        XCTAssertEqual(model.greet("Ada"), .greet(name: "Ada"))
    }

    func testACopiedGreetingLeavesTheIsolatesOut() {
        let shown = "Hello, " + SayHelloModel.isolated("שלום Ada") + "!"
        XCTAssertNotEqual(shown, "Hello, שלום Ada!")
        XCTAssertEqual(SayHelloModel.copiedText(shown), "Hello, שלום Ada!")
        XCTAssertEqual(SayHelloModel.copiedText("你好，\u{2068}宝玉\u{2069}！"), "你好，宝玉！")
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

    func testTheLengthLimitIsToldWhenItCutsAndOnlyThen() {
        XCTAssertFalse(model.isCutByLength("p", into: "Abcdefghijklmno"), "the 16th character fits")
        XCTAssertTrue(model.isCutByLength("q", into: "Abcdefghijklmnop"), "a 17th does not")
        XCTAssertTrue(model.isCutByLength("pqr", into: "Abcdefghijklmn"), "a paste that does not all fit")
        XCTAssertFalse(model.isCutByLength("\u{7}", into: "Abc"), "a control character refused is no cut")
        XCTAssertFalse(model.isCutByLength("宝玉", into: "Abcdefghijklmn"), "two characters, however many bytes")
        XCTAssertTrue(model.hasRoom("Abcdefghijklmno"))
        XCTAssertFalse(model.hasRoom("Abcdefghijklmnop"))
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

    func testInsertionBoundsCharactersScalarsAndRoom() {
        let model = SayHelloModel()
        XCTAssertEqual(model.insertion("a\nb\tc", into: ""), .init(text: "a b c", refusedSomething: false))
        XCTAssertEqual(model.insertion("a\u{0}b", into: ""), .init(text: "ab", refusedSomething: true))
        XCTAssertEqual(model.insertion("\u{202E}x\u{200B}", into: ""), .init(text: "x", refusedSomething: true))
        XCTAssertEqual(
            model.insertion("xyz", into: String(repeating: "a", count: 15)), .init(text: "x", refusedSomething: true))
        XCTAssertEqual(
            model.insertion("x", into: String(repeating: "a", count: 16)), .init(text: "", refusedSomething: true))
        let accents = model.insertion("e" + String(repeating: "\u{301}", count: 50_000), into: "")
        XCTAssertEqual(accents.text.unicodeScalars.count, SayHelloModel.maximumScalarsPerCharacter)
        XCTAssertTrue(accents.refusedSomething)
        XCTAssertEqual(model.normalized("e" + String(repeating: "\u{301}", count: 40)).unicodeScalars.count, 16)
        XCTAssertEqual(SayHelloModel.isolated("عمر"), "\u{2068}عمر\u{2069}")
    }

    /// Names of any Unicode (a seeded generator): whatever is offered, the
    /// field ends within both bounds, with no control or bidi characters.
    func testRandomUnicodeInsertionsStayWithinBounds() {
        let model = SayHelloModel()
        var random = SeededRandom(seed: 13)
        let pools: [ClosedRange<UInt32>] = [
            0x0...0x7F, 0x300...0x36F, 0x590...0x6FF, 0x200B...0x206F, 0x1F300...0x1FAFF, 0x4E00...0x9FFF,
        ]
        let cases = PropertyCases.count(2_000)
        for _ in 0..<cases {
            var field = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var offered = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    let pool = pools.randomElement(using: &random)!
                    if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) { offered.append(scalar) }
                }
                let insertion = model.insertion(String(offered), into: field)
                field = model.normalized(field + insertion.text)
                // Invisible format characters (joiners, invisible operators) do
                // not count toward the limit; the scalars in all are bounded.
                XCTAssertLessThanOrEqual(TextLimit.visibleCount(field), SayHelloModel.maximumNameLength)
                XCTAssertLessThanOrEqual(field.unicodeScalars.count, SayHelloModel.limit.maximumScalars)
                XCTAssertTrue(field.allSatisfy { $0.unicodeScalars.count <= SayHelloModel.maximumScalarsPerCharacter })
                XCTAssertFalse(
                    field.unicodeScalars.contains {
                        $0.properties.generalCategory == .control || (0x202A...0x202E).contains($0.value)
                    })
            }
        }
    }
}
