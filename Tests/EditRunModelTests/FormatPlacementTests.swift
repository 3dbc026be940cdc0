import EditRunModel
import XCTest

/// Format keeps the cursor on its statement, at the same place in it.
final class FormatPlacementTests: XCTestCase {
    private func place(_ marked: String, formatted: String) -> String {
        let offset =
            marked.unicodeScalars.firstIndex(of: "|").map {
                marked.unicodeScalars.distance(from: marked.unicodeScalars.startIndex, to: $0)
            } ?? 0
        let original = marked.replacingOccurrences(of: "|", with: "")
        let placed = FormatPlacement.offset(offset, in: original, formatted: formatted)
        var scalars = Array(formatted.unicodeScalars)
        scalars.insert("|", at: placed)
        return String(String.UnicodeScalarView(scalars))
    }

    func testTheCursorStaysInItsWordWhenTheIndentationChanges() {
        XCTAssertEqual(
            place(
                "func f() {\nlet a = 1\n  let b| = 2\n}\n", formatted: "func f() {\n    let a = 1\n    let b = 2\n}\n"),
            "func f() {\n    let a = 1\n    let b| = 2\n}\n")
    }

    func testACursorInAnIndentationGoesBeforeTheStatementsFirstCharacter() {
        XCTAssertEqual(
            place("func f() {\n|let a = 1\n}\n", formatted: "func f() {\n    let a = 1\n}\n"),
            "func f() {\n    |let a = 1\n}\n")
    }

    func testACursorAfterAWordStaysAfterItWhenTheSpacesAfterGo() {
        XCTAssertEqual(place("let a =   1|   \n", formatted: "let a = 1\n"), "let a = 1|\n")
        XCTAssertEqual(place("f(a,b|)", formatted: "f(a, b)"), "f(a, b|)")
    }

    func testTheStartAndTheEndOfTheFile() {
        XCTAssertEqual(place("|  let a = 1", formatted: "let a = 1\n"), "|let a = 1\n")
        XCTAssertEqual(place("let a = 1\n\n\n|", formatted: "let a = 1\n"), "let a = 1\n|")
        XCTAssertEqual(place("", formatted: ""), "|")
    }

    func testCharactersOfSeveralScalarsCountAsGtkCountsThem() {
        XCTAssertEqual(
            place("let s = \"e\u{301}\u{301}|\"", formatted: "let s = \"e\u{301}\u{301}\"\n"),
            "let s = \"e\u{301}\u{301}|\"\n")
    }

    func testTheLineAndColumnOfAnOffset() {
        XCTAssertEqual(FormatPlacement.lineAndColumn(of: 0, in: "ab\ncd").line, 1)
        XCTAssertEqual(FormatPlacement.lineAndColumn(of: 4, in: "ab\ncd").line, 2)
        XCTAssertEqual(FormatPlacement.lineAndColumn(of: 4, in: "ab\ncd").column, 2)
        XCTAssertEqual(FormatPlacement.lineAndColumn(of: 99, in: "ab\ncd").column, 3)
    }
}
