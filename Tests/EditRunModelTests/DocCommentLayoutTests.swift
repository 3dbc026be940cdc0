@testable import EditRunModel
import XCTest

/// Quick Help's reading of a doc comment: the SDK's comments (Markdown with
/// examples) and hostile ones a learner may write.
final class DocCommentLayoutTests: XCTestCase {
    func testAnSDKCommentWithAnExampleIsTextThenCode() {
        let comment = """
            A `GtkLabel`: text a demo shows.

            ```swift
            let greeting = Label()
            greeting.text = "Hello"
            ```
            """
        XCTAssertEqual(
            DocCommentLayout.blocks(of: comment),
            [
                .paragraph("A <tt>GtkLabel</tt>: text a demo shows."),
                .code("let greeting = Label()\ngreeting.text = \"Hello\""),
            ])
    }

    func testParagraphsJoinTheirLinesAndBlankLinesPartThem() {
        XCTAssertEqual(
            DocCommentLayout.blocks(of: "One line\nand its second.\n\nAnother."),
            [.paragraph("One line and its second."), .paragraph("Another.")])
    }

    func testCalloutsAndListsAreItemsWithTheirKeywordInBold() {
        let comment = """
            Moves the tiles.

            - Parameter direction: Where they go,
              all at once.
            - Returns: Whether anything moved.
            - a plain item with **strong** words
            """
        XCTAssertEqual(
            DocCommentLayout.blocks(of: comment),
            [
                .paragraph("Moves the tiles."),
                .item("<b>Parameter direction:</b> Where they go, all at once."),
                .item("<b>Returns:</b> Whether anything moved."),
                .item("a plain item with <b>strong</b> words"),
            ])
    }

    func testIndentedCodeIsCodeAndItsIndentationIsKeptRelative() {
        XCTAssertEqual(
            DocCommentLayout.blocks(of: "Example:\n\n    if ready {\n        go()\n    }\n\nAfter."),
            [.paragraph("Example:"), .code("if ready {\n    go()\n}"), .paragraph("After.")])
    }

    func testEmphasisLinksAndHeadings() {
        XCTAssertEqual(
            DocCommentLayout.blocks(of: "# Use\nSee *the guide* at [the site](https://example.org), snake_case stays."),
            [.paragraph("<b>Use</b>"), .paragraph("See <i>the guide</i> at the site, snake_case stays.")])
    }

    /// A comment cannot inject markup: every character it holds is escaped,
    /// an unclosed emphasis is closed, an unclosed fence is still code.
    func testHostileCommentsStayText() {
        XCTAssertEqual(
            DocCommentLayout.blocks(of: "<span size=\"99999\">big</span> & 'q' **open *both"),
            [
                .paragraph(
                    "&lt;span size=&quot;99999&quot;&gt;big&lt;/span&gt; &amp; &apos;q&apos; <b>open <i>both</i></b>")
            ])
        XCTAssertEqual(
            DocCommentLayout.blocks(of: "Text\n```\n<b>code</b>"), [.paragraph("Text"), .code("<b>code</b>")])
        XCTAssertEqual(DocCommentLayout.blocks(of: "`unclosed code"), [.paragraph("`unclosed code")])
        XCTAssertEqual(DocCommentLayout.blocks(of: ""), [])
        XCTAssertEqual(DocCommentLayout.blocks(of: "```\n```"), [])
    }

    func testAHugeCommentIsCutAndTheCutSaid() {
        let blocks = DocCommentLayout.blocks(of: String(repeating: "word ", count: 10_000))
        XCTAssertEqual(blocks.count, 1)
        guard case .paragraph(let text) = blocks[0] else { return XCTFail("\(blocks)") }
        XCTAssertLessThanOrEqual(text.count, DocCommentLayout.characterLimit + 1)
        XCTAssertTrue(text.hasSuffix("…"))
    }

    func testThePlainTextIsWhatTheBubbleSays() {
        let blocks = DocCommentLayout.blocks(of: "A `Label` & more.\n\n- Returns: *it*.\n\n```\nlet a = 1\n```")
        XCTAssertEqual(DocCommentLayout.plainText(of: blocks), "A Label & more.\nReturns: it.\nlet a = 1")
    }
}
