import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A crash's backtrace in the Output folds under one line,
/// opened and closed by keyboard, read by screen readers with its state;
/// the Output keeps the whole text (as a value, and copied).
@MainActor
final class OutputFoldingTests: GtkTestCase {
    private let report = RuntimeCrashTests.editedChild
    private let title = "Backtrace (4 frames)"

    private func showOutput() -> (EditRunPanel, Window) {
        let (panel, window) = showEditRunOutput(width: 640, height: 360)
        return (panel, window)
    }

    func testTheBacktraceFoldsUnderOneLineThatEnterOpensAndCloses() async throws {
        let (panel, window) = showOutput()
        let output = panel.output
        // As a pipe brings it: in pieces, one cutting the last line.
        let cut = report.range(of: "Backtrace to")!.upperBound
        panel.appendOutput(String(report[..<report.index(report.startIndex, offsetBy: 100)]))
        panel.appendOutput(String(report[report.index(report.startIndex, offsetBy: 100)..<cut]))
        XCTAssertNil(window.find(Expander.self, named: title), "not before the report is whole")
        panel.appendOutput(String(report[cut...]) + "Crashed: SIGILL (Fatal error: boom).\n")
        MainLoop.drain()
        let expander = try XCTUnwrap(window.find(Expander.self, named: title))
        XCTAssertFalse(expander.isExpanded)
        XCTAssertEqual(
            output.text, report + "Crashed: SIGILL (Fatal error: boom).\n", "the Output keeps the whole text")
        XCTAssertFalse(output.visibleText.contains("Backtrace took"), "folded away")
        XCTAssertTrue(output.visibleText.contains("Fatal error: boom"), "the crash's line stays in sight")
        XCTAssertFalse(
            output.visibleText.contains("swift-runtime"), "the runtime's complaint about itself folded with the report")
        XCTAssertTrue(output.visibleText.contains("Crashed: SIGILL"))
        saveScreenshot("output-folded")

        // Enter with the cursor on the fold's line opens it, and closes it.
        let anchor = try XCTUnwrap(Array(output.textWithWidgets().text.unicodeScalars).firstIndex(of: "\u{FFFC}"))
        output.grabFocus()
        output.cursorOffset = anchor
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertTrue(expander.isExpanded)
        XCTAssertTrue(output.visibleText.contains("Backtrace took 0.23s"), "opened")
        XCTAssertTrue(output.visibleText.contains("swift-runtime: failed to suspend thread"), "opened with it")
        saveScreenshot("output-unfolded")
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertFalse(expander.isExpanded)
        XCTAssertFalse(output.visibleText.contains("Backtrace took"), "closed again")

        // Select all and copy: the whole text, the folded frames too.
        window.sendKey(Key.character("a"), modifiers: .control)
        window.sendKey(Key.character("c"), modifiers: .control)
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() } ?? nil, output.text)
    }

    func testAScreenReaderHearsTheFoldExpandedOrNot() async throws {
        let client = try buildATSPIClient()
        let (panel, window) = showOutput()
        panel.appendOutput(report)
        MainLoop.drain()
        let expander = try XCTUnwrap(window.find(Expander.self, named: title))
        var line = try foldLine(client)
        XCTAssertTrue(line.contains("expandable") && !line.contains("expanded"), line)
        expander.isExpanded = true
        line = try foldLine(client)
        XCTAssertTrue(line.contains("expanded"), line)
    }

    func testTheFoldComesBackWhenTheOutputIsShownAgain() async throws {
        let (panel, window) = showOutput()
        panel.setOutput(report, dropped: 0)
        MainLoop.drain()
        XCTAssertNotNil(window.find(Expander.self, named: title), "another demo's Output shown again folds as it did")
        XCTAssertEqual(panel.output.text, report)
    }

    private func foldLine(_ client: String) throws -> String {
        let listing = try listWindows(with: client, depth: 40)
        return try XCTUnwrap(listing.split(separator: "\n").first { $0.contains(title) }.map(String.init), listing)
    }
}
