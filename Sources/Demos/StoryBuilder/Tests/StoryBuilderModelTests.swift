import StoryBuilderModel
import XCTest

final class StoryBuilderModelTests: XCTestCase {
    private let all: [StoryField: String] = [.place: "beach", .verb: "dance", .number: "7"]

    private func story(_ template: String, _ values: [StoryField: String]) -> String? {
        if case .story(let text) = StoryRules.generate(template: template, values: values) { return text }
        return nil
    }

    func testEveryPlaceholderIsReplaced() {
        XCTAssertEqual(
            story("At the <place>, <number> cats <verb>; the <place> sleeps.", all),
            "At the beach, 7 cats dance; the beach sleeps.")
    }

    func testTheOriginalChineseTemplate() {
        let template = "大海 <place>小海 <verb> 海里<number> 太平洋 <place> 大西洋"
        XCTAssertEqual(
            story(template, [.place: "北京", .verb: "游泳", .number: "3"]),
            "大海 北京小海 游泳 海里3 太平洋 北京 大西洋")
    }

    func testTypedTextIsInsertedLiterallyInOnePass() {
        // The original replaced <place> first, then <verb> in the result, so a
        // Place of "<verb>" became the verb.
        XCTAssertEqual(
            story("<place> and <verb> and <number>", [.place: "<verb>", .verb: "<number>", .number: "1"]),
            "<verb> and <number> and 1")
        XCTAssertEqual(story("<verb>", [.place: "x", .verb: "<verb><place>", .number: "1"]), "<verb><place>")
    }

    func testUnknownPlaceholdersAndLoneBracketsStay() {
        XCTAssertEqual(story("<name> <<place>> a < b > c <plac <place", all), "<name> <beach> a < b > c <plac <place")
        XCTAssertEqual(story("<PLACE> <Place>", all), "<PLACE> <Place>", "placeholders are lower case")
        XCTAssertEqual(story("", all), "")
        XCTAssertEqual(story("no placeholders", [:]), "no placeholders", "unused fields may be empty")
    }

    func testEmptyFieldsTheTemplateUsesAreNamedInFormOrder() {
        XCTAssertEqual(
            StoryRules.generate(template: "<number> <verb> <place>", values: [.verb: "go"]),
            .missing([.place, .number]))
        XCTAssertEqual(
            StoryRules.generate(template: "<verb>", values: [.verb: "   "]), .missing([.verb]),
            "only spaces is empty")
        XCTAssertEqual(
            StoryRules.generate(template: "<verb>", values: [.verb: "go"]), .story("go"),
            "an empty field the template does not use is fine")
    }

    func testSurroundingSpacesAreTrimmed() {
        XCTAssertEqual(story("[<place>]", [.place: "  the sea \t"]), "[the sea]")
    }

    func testRightToLeftTextIsIsolated() {
        XCTAssertEqual(story("Go to <place>, 3 times.", [.place: "القاهرة"]), "Go to \u{2068}القاهرة\u{2069}, 3 times.")
        XCTAssertEqual(story("<place>!", [.place: "שלום 2"]), "\u{2068}שלום 2\u{2069}!")
        XCTAssertEqual(story("<place>!", [.place: "Zürich 北京"]), "Zürich 北京!", "left-to-right text is left alone")
    }

    func testFieldsUsed() {
        XCTAssertEqual(StoryRules.fieldsUsed(by: "<number><place>"), [.place, .number])
        XCTAssertEqual(StoryRules.fieldsUsed(by: "<verb >"), [])
    }

    // MARK: Input

    func testNumberKeepsOnlyDigits() {
        XCTAssertEqual(
            StoryRules.insertion("a1b2-3", into: .number, holding: ""), Insertion(text: "123", refusedSomething: true))
        XCTAssertEqual(
            StoryRules.insertion("x", into: .number, holding: "12"), Insertion(text: "", refusedSomething: true))
        XCTAssertEqual(
            StoryRules.insertion("42", into: .number, holding: "1"), Insertion(text: "42", refusedSomething: false))
        XCTAssertEqual(
            StoryRules.insertion("１２", into: .number, holding: ""), Insertion(text: "12", refusedSomething: false),
            "full-width digits from an input method are digits")
        XCTAssertEqual(
            StoryRules.insertion("٣", into: .number, holding: ""), Insertion(text: "", refusedSomething: true))
        XCTAssertTrue(StoryRules.accepts("7", in: .number))
        XCTAssertFalse(StoryRules.accepts("a", in: .number))
        XCTAssertFalse(StoryRules.accepts("-", in: .number))
        XCTAssertTrue(StoryRules.accepts("a", in: .place))
    }

    func testFieldsStopAtTheirLength() {
        let full = String(repeating: "9", count: StoryRules.maximumNumberLength)
        XCTAssertEqual(
            StoryRules.insertion("1", into: .number, holding: full), Insertion(text: "", refusedSomething: true))
        XCTAssertEqual(
            StoryRules.insertion("1", into: .number, holding: full, replacing: 1),
            Insertion(text: "1", refusedSomething: false))
    }

    /// Cut short, a number is another number: digits that do not all fit are
    /// refused together, and the view is told how many there were.
    func testANumberTooLongIsRefusedWholeNotCut() {
        let full = String(repeating: "9", count: StoryRules.maximumNumberLength)
        let pasted = String(repeating: "1", count: 26)
        XCTAssertEqual(
            StoryRules.insertion(pasted, into: .number, holding: ""), Insertion(text: "", refusedSomething: true))
        XCTAssertEqual(StoryRules.digitsThatDoNotFit(pasted, holding: ""), 26)
        XCTAssertEqual(
            StoryRules.insertion("12", into: .number, holding: full, replacing: 1),
            Insertion(text: "", refusedSomething: true))
        XCTAssertEqual(StoryRules.digitsThatDoNotFit("12", holding: String(full.dropLast())), 2)
        XCTAssertEqual(StoryRules.digitsThatDoNotFit("1 2", holding: "1234"), nil, "what fits is taken")
        XCTAssertEqual(
            StoryRules.insertion(String(pasted.prefix(18)), into: .number, holding: "").text, String(pasted.prefix(18)))
        XCTAssertEqual(
            StoryRules.restored(pasted, for: .number), "", "a settings file's over-long number is not cut either")
        let word = String(repeating: "é", count: StoryRules.maximumWordLength - 2)
        XCTAssertEqual(
            StoryRules.insertion("👋🏽👋🏽👋🏽", into: .place, holding: word).text, "👋🏽👋🏽",
            "characters are counted as a person counts them")
    }

    func testWordsRefuseControlAndBidiCharacters() {
        XCTAssertEqual(StoryRules.insertion("a\u{7}b\u{202E}c\u{2066}d", into: .verb, holding: "").text, "abcd")
        XCTAssertEqual(StoryRules.insertion("two\nlines\tand tab", into: .place, holding: "").text, "two lines and tab")
        let zalgo = "a" + String(repeating: "\u{0301}", count: 50)
        XCTAssertEqual(
            StoryRules.insertion(zalgo, into: .place, holding: "").text.unicodeScalars.count,
            StoryRules.maximumScalarsPerCharacter)
        let family = "👨‍👩‍👧‍👦"
        XCTAssertEqual(StoryRules.insertion(family, into: .place, holding: "").text, family, "emoji sequences survive")
    }

    func testTemplateKeepsLinesAndDropsControls() {
        XCTAssertEqual(StoryRules.template("a\r\nb\u{0}c\td\u{202E}"), "a\nbc\td")
        XCTAssertEqual(StoryRules.template(String(repeating: "x", count: 5000)).count, StoryRules.maximumTemplateLength)
        XCTAssertEqual(
            StoryRules.templateInsertion(
                "abc", holding: String(repeating: "x", count: StoryRules.maximumTemplateLength - 1)),
            Insertion(text: "a", refusedSomething: true))
    }

    func testSettingsAreReadWithTheSameRules() {
        XCTAssertEqual(StoryRules.restored("12ab3", for: .number), "123")
        XCTAssertEqual(StoryRules.restored(nil, for: .place), "")
        XCTAssertEqual(
            StoryRules.restored(String(repeating: "z", count: 500), for: .verb).count, StoryRules.maximumWordLength)
    }
}
