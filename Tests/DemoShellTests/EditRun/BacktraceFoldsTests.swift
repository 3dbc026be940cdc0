@testable import ShellModel
import XCTest

/// Issue 37 §2: where a crash's backtrace is in the Output, to fold it
/// under one line; the edited child's real report (`RuntimeCrashTests`).
final class BacktraceFoldsTests: XCTestCase {
    private let report = RuntimeCrashTests.editedChild

    private func scalars(_ text: String, _ range: Range<Int>) -> String {
        let all = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: all[range])
        return String(result)
    }

    func testTheReportFromItsSignalLineToItsTimeIsOneFoldOnTheEmptyLineBefore() throws {
        let folds = BacktraceFolds.unfolded(in: report)
        XCTAssertEqual(folds.count, 1)
        let fold = try XCTUnwrap(folds.first)
        XCTAssertEqual(fold.frames, 4)
        let folded = scalars(report, fold.report)
        XCTAssertTrue(folded.hasPrefix("*** Signal 4: Backtracing from"), folded)
        XCTAssertTrue(folded.hasSuffix("Backtrace took 0.23s\n"), folded)
        XCTAssertTrue(scalars(report, 0..<fold.anchor).hasSuffix("missing information\n"), "the empty line before it")
        XCTAssertEqual(fold.anchor + 1, fold.report.lowerBound)
    }

    func testAFoldedReportIsNotFoundAgainNorAnUnfinishedOne() {
        let fold = BacktraceFolds.unfolded(in: report)[0]
        var scalars = Array(report.unicodeScalars)
        scalars.insert(BacktraceFolds.widgetCharacter, at: fold.anchor)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        XCTAssertEqual(BacktraceFolds.unfolded(in: String(view)), [], "its line is in")
        let cut = report.components(separatedBy: "Backtrace took")[0]
        XCTAssertEqual(BacktraceFolds.unfolded(in: cut), [], "still coming")
        XCTAssertEqual(BacktraceFolds.unfolded(in: cut + "Backtrace took 0.2"), [], "its last line not whole yet")
        XCTAssertEqual(BacktraceFolds.unfolded(in: "Hello, Ada!\n"), [])
    }

    func testTwoCrashesTwoFoldsAndAReportWithoutAnEmptyLineBefore() {
        let second = report.replacingOccurrences(of: "\n\n*** Signal 4", with: "\n*** Signal 4")
        let text = report + "Crashed: SIGILL (Fatal error: boom).\n" + second
        let folds = BacktraceFolds.unfolded(in: text)
        XCTAssertEqual(folds.count, 2)
        XCTAssertEqual(folds.map(\.frames), [4, 4])
        XCTAssertEqual(folds[1].anchor, folds[1].report.lowerBound, "on the report's first line")
    }

    func testAReportMayEndOnlyOnceItsTimeLineIsWhole() {
        XCTAssertFalse(BacktraceFolds.mayEnd(in: "…Backtrace took 0.2"))
        XCTAssertTrue(BacktraceFolds.mayEnd(in: "…Backtrace took 0.23s\n"))
        XCTAssertFalse(BacktraceFolds.mayEnd(in: "Hello\n"))
    }
}
