import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Show Values keeps the launcher answering: a flood that
/// changes hundreds of lines at once is shown in pieces, at most
/// `ValuesPage.rowsPerTurn` rows made or changed in one turn of the main
/// loop, with the loop's other work between them, until every row says its
/// line's latest value. Turns are counted, never timed.
@MainActor
final class ShowValuesBudgetTests: EditAndRunTestCase {
    private let model = "Model/SayHelloModel.swift"
    private var sequence: UInt64 = 0

    private func value(_ line: Int, _ description: String) -> ValueRecord {
        sequence += 1
        return ValueRecord(
            sequence: sequence, kind: .value, relativePath: model, line: line, startColumn: 13, endColumn: 20,
            name: "n", description: description, time: 0.25, count: 1)
    }

    /// Say Hello's model shown, Show Values on, the Values page shown, a run begun.
    private func beginRunWithValues() throws -> (LauncherWindow, SourcePane) {
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == model })
        MainLoop.drain()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        pane.runResults.beginRun(of: "say-hello")
        pane.editing.beginValues()
        pane.editPanel.results.isExcludedFromShowAll = false
        pane.editPanel.results.showAll()
        pane.editPanel.shownPage = .values
        MainLoop.drain()
        return (launcher, pane)
    }

    /// The rows' names, by line.
    private func rowNames(_ pane: SourcePane) -> [String] {
        pane.editPanel.values.list.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
    }

    func testAFloodOfLinesIsShownInBoundedTurnsWithTheLoopRunningBetween() async throws {
        let (_, pane) = try beginRunWithValues()
        let lines = 1...200, rounds = 3
        // A main-loop source of the same priority as the rows' turns: it must get its turns between theirs.
        var answered = 0
        let other = MainLoop.every(milliseconds: 1) {
            answered += 1
            return true
        }
        defer { other.cancel() }

        var turnsWithRows = 0, mostInOneTurn = 0, answeredBetween = true
        var shown = rowNames(pane)
        for round in 0..<rounds {
            // Every line changes at once, many times over: what a hot loop sends in one read.
            pane.session.tell(.values(lines.flatMap { line in (0..<5).map { value(line, "\(round)-\(line)-\($0)") } }))
        }
        let expected = lines.map { "SayHelloModel.swift, line \($0): n = \(rounds - 1)-\($0)-4 (\(rounds * 5) times)" }
        var lastAnswered = answered
        for _ in 0..<10_000 where shown != expected {
            MainLoop.iterate(blocking: true)
            let now = rowNames(pane)
            let changed = now.count - shown.count + zip(now, shown).filter { $0 != $1 }.count
            if changed > 0 {
                turnsWithRows += 1
                mostInOneTurn = max(mostInOneTurn, changed)
                if turnsWithRows > 1, answered == lastAnswered { answeredBetween = false }
                lastAnswered = answered
            }
            shown = now
        }
        XCTAssertEqual(shown, expected, "every line's row, with its latest value and whole count")
        XCTAssertLessThanOrEqual(
            mostInOneTurn, ValuesPage.rowsPerTurn, "no turn makes or changes more rows than its budget")
        XCTAssertGreaterThanOrEqual(turnsWithRows, lines.count / ValuesPage.rowsPerTurn, "in pieces")
        XCTAssertTrue(answeredBetween, "the main loop ran other work between the pieces")
        XCTAssertEqual(pane.editPanel.values.rowsWaiting, 0)
    }

    /// Lines changed again while they wait are shown once, with their
    /// latest value; a line new to the run is not kept waiting behind them.
    func testANewLineIsShownBeforeLinesWaitingToChange() async throws {
        let (_, pane) = try beginRunWithValues()
        let values = pane.editPanel.values
        pane.session.tell(.values((1...100).map { value($0, "a") }))
        XCTAssertTrue(MainLoop.run(until: { self.rowNames(pane).count == 100 && values.rowsWaiting == 0 }, timeout: 30))
        pane.session.tell(.values((1...100).map { value($0, "b") }))
        XCTAssertTrue(MainLoop.run(until: { values.rowsWaiting > 0 }), "a refresh took the changes")
        XCTAssertGreaterThan(values.rowsWaiting, ValuesPage.rowsPerTurn, "more than one turn's worth waits")
        pane.session.tell(.values([value(150, "new")]))
        XCTAssertTrue(MainLoop.run(until: { self.rowNames(pane).contains("SayHelloModel.swift, line 150: n = new") }))
        XCTAssertGreaterThan(values.rowsWaiting, 0, "shown while others still wait")
        XCTAssertTrue(MainLoop.run(until: { values.rowsWaiting == 0 }, timeout: 30))
        XCTAssertEqual(rowNames(pane).filter { $0.hasSuffix("n = b (2 times)") }.count, 100)
    }

    /// A long value keeps its row one line high, cut at the end, with the
    /// whole value in the row's name and tooltip: rows that wrapped were all
    /// measured again at each refresh, which held the launcher under a hot
    /// loop (`make bench`'s Show Values section times it).
    func testALongValueKeepsItsRowOneLineWithTheWholeTextForScreenReaders() async throws {
        let (launcher, pane) = try beginRunWithValues()
        let long = Array(repeating: "wide value", count: 40).joined(separator: " ")
        pane.session.tell(.values([value(1, "short"), value(2, long)]))
        let rows = { pane.editPanel.values.list.children.compactMap { $0.as(ListBoxRow.self) } }
        XCTAssertTrue(MainLoop.run(until: { rows().count == 2 && pane.editPanel.values.rowsWaiting == 0 }))
        MainLoop.drain()
        let (short, wide) = (rows()[0], rows()[1])
        XCTAssertEqual(wide.allocatedHeight, short.allocatedHeight, "one line, as the short value's row")
        XCTAssertLessThanOrEqual(wide.allocatedWidth, launcher.window.allocatedWidth, "the page is not widened")
        // The value as the channel kept it (bounded there), all of it, where the eye sees it cut.
        let kept = try XCTUnwrap(wide.accessibleName)
        XCTAssertTrue(kept.hasPrefix("SayHelloModel.swift, line 2: n = wide value wide value"), kept)
        XCTAssertTrue(try XCTUnwrap(wide.children.first?.as(Label.self)).isEllipsized, "cut where the eye sees it")
        let value = String(kept.dropFirst("SayHelloModel.swift, line 2: ".count))
        XCTAssertTrue(wide.tooltip.map(Widget.spoken)?.contains(value) == true, wide.tooltip ?? "")
    }
}
