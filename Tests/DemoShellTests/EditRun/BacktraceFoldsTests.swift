@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// Where a crash's backtrace is in the Output, to fold it
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

    /// "swift-runtime: failed to suspend thread N while processing
    /// a crash; backtraces will be missing information", once or twice before
    /// each report, is hidden with it; the crash's own line is not.
    func testTheRuntimesComplaintsBeforeTheReportGoWithIt() throws {
        let complaint =
            "swift-runtime: failed to suspend thread 23284 while processing a crash; backtraces will be missing information\n"
        let twice = report.replacingOccurrences(
            of: complaint, with: complaint + complaint.replacingOccurrences(of: "23284", with: "23290"))
        for text in [report, twice] {
            let fold = try XCTUnwrap(BacktraceFolds.unfolded(in: text).first)
            let complaints = try XCTUnwrap(fold.complaints)
            XCTAssertEqual(
                scalars(text, 0..<complaints.lowerBound), "SayHello/SayHelloView.swift:60: Fatal error: boom\n")
            XCTAssertEqual(
                scalars(text, complaints),
                text == report ? complaint : complaint + complaint.replacingOccurrences(of: "23284", with: "23290"))
            XCTAssertEqual(complaints.upperBound, fold.anchor, "up to the fold's line")
        }
        let without = report.replacingOccurrences(of: complaint, with: "")
        XCTAssertNil(try XCTUnwrap(BacktraceFolds.unfolded(in: without).first).complaints)
        let noBlank = report.replacingOccurrences(of: "\n\n*** Signal 4", with: "\n*** Signal 4")
        let fold = try XCTUnwrap(BacktraceFolds.unfolded(in: noBlank).first)
        XCTAssertEqual(fold.complaints.map { scalars(noBlank, $0) }, complaint, "just before the report's first line")
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
