import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Show Values in the launcher: the toggle on the Edit bar,
/// remembered; records the session delivers shown in the Values list and
/// as hints beside the code, never in the text; the hints' history; an
/// edit that leaves no hint on a wrong line. Records are handed to the
/// session's delegate (`EditRunSession.tell`) as the running demo's would be.
@MainActor
final class ShowValuesTests: EditAndRunTestCase {
    private let model = "Model/SayHelloModel.swift"
    private var sequence: UInt64 = 0

    private func value(_ line: Int, _ name: String, _ description: String, time: Double = 0.25, count: Int = 1)
        -> ValueRecord
    {
        sequence += 1
        return ValueRecord(
            sequence: sequence, kind: .value, relativePath: model, line: line, startColumn: 13, endColumn: 20,
            name: name, description: description, time: time, count: count)
    }

    private func entered(_ line: Int) -> ValueRecord {
        sequence += 1
        return ValueRecord(
            sequence: sequence, kind: .scopeEntry, relativePath: model, line: line, startColumn: 5, endColumn: 6,
            name: "", description: "", time: 0.2)
    }

    /// Say Hello's model shown, Show Values on, its results shown on the
    /// Values page, and a run begun as Run Edited begins one (without building).
    private func beginRunWithValues() throws -> (LauncherWindow, SourcePane, SourceView) {
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == model })
        MainLoop.drain()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        pane.runResults.beginRun(of: "say-hello")
        pane.editing.beginValues()
        XCTAssertTrue(pane.session.showsValues, "the run is built with the values")
        pane.editPanel.results.isExcludedFromShowAll = false
        pane.editPanel.results.showAll()
        pane.editPanel.shownPage = .values
        MainLoop.drain()
        return (launcher, pane, try XCTUnwrap(pane.view))
    }

    private func rowNames(_ launcher: LauncherWindow) throws -> [String] {
        let list = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Values"))
        return list.isVisible ? list.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName } : []
    }

    func testShowValuesIsOnTheEditBarAndRemembered() async throws {
        var launcher = try openSayHellosSource()
        var toggle = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values"))
        XCTAssertFalse(toggle.isActive, "off until turned on")
        XCTAssertTrue(toggle.tooltip?.contains("next Run Edited") == true, toggle.tooltip ?? "no tooltip")
        let empty = launcher.sourcePane.editPanel.values.empty
        XCTAssertTrue(empty.isVisible)
        XCTAssertTrue(empty.text.hasPrefix("Show Values is off."), empty.text)
        toggle.click()
        XCTAssertTrue(empty.text.hasPrefix("No values yet"), "the empty state follows the toggle: \(empty.text)")
        XCTAssertTrue(
            FileSystem.read(LauncherWindow.settingsPath())?.contains("show-values=true") == true,
            FileSystem.read(LauncherWindow.settingsPath()) ?? "no settings")
        launcher.window.destroy()
        MainLoop.drain()

        launcher = try openSayHellosSource()
        toggle = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values"))
        XCTAssertTrue(toggle.isActive, "remembered across launches")
        launcher.sourcePane.editing.beginValues()
        XCTAssertTrue(launcher.sourcePane.session.showsValues, "and Run Edited builds with the values")
        toggle.click()
        launcher.sourcePane.editing.beginValues()
        XCTAssertFalse(launcher.sourcePane.session.showsValues)
    }

    func testValuesShowInTheListAndBesideTheCodeNotInIt() async throws {
        let (launcher, pane, view) = try beginRunWithValues()
        let text = view.text
        pane.session.tell(.values([entered(61), value(62, "trimmed", "\"Ada\"", time: 1.5)]))
        pane.session.tell(.values([value(62, "trimmed", "\"Bo\"", time: 2.25), value(46, "", "\"Bo\"")]))
        let row = "SayHelloModel.swift, line 62: trimmed = \"Bo\" (2 times)"
        XCTAssertTrue(
            MainLoop.run(until: { (try? self.rowNames(launcher))?.contains(row) == true }),
            "\((try? rowNames(launcher)) ?? [])")
        XCTAssertEqual(
            try rowNames(launcher), ["SayHelloModel.swift, line 46: \"Bo\"", "SayHelloModel.swift, line 61: ran", row],
            "one row per line, by line")
        XCTAssertEqual(view.valueHints.map(\.line), [46, 62])
        XCTAssertEqual(view.valueHints.last?.text, "\u{2068}trimmed = \"Bo\"\u{2069}  ×2")
        XCTAssertEqual(view.text, text, "the hints are not in the text")
        XCTAssertEqual(view.gutterMarkedLines(.ran), [61], "the body that ran is marked")

        // Drawn, dimmed, after the end of its line.
        view.moveCursor(toLine: 62)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(until: { view.valueHintArea(line: 62) != nil }), "line 62 comes in sight")
        // Where the hint is now: the view may still be scrolling to the line when it first comes in sight.
        XCTAssertTrue(
            MainLoop.run(until: {
                guard let area = view.valueHintArea(line: 62) else { return false }
                return self.inkedColumns(view, in: area) > Int(area.width) / 3
            }),
            "the hint's pixels are drawn: \(view.valueHintArea(line: 62).map { inkedColumns(view, in: $0) } ?? 0)")
        let area = try XCTUnwrap(view.valueHintArea(line: 62))
        // Hovering it, or Ctrl+F1 on its line, shows its last values with their times.
        let history = "1.500 s: \u{2068}trimmed = \"Ada\"\u{2069}\n2.250 s: \u{2068}trimmed = \"Bo\"\u{2069}"
        XCTAssertEqual(view.valueHintDetails(atWidgetX: area.x + area.width / 2, y: area.y + area.height / 2), history)
        XCTAssertNil(
            view.valueHintDetails(atWidgetX: area.x - 30, y: area.y + area.height / 2), "the code itself has no tooltip"
        )
        XCTAssertEqual(view.valueHintDetails(), history, "the keyboard's tooltip: the cursor's line")
        XCTAssertTrue(view.hasFocus)
        let f1: UInt32 = 0xffbe  // GDK_KEY_F1
        launcher.window.sendKey(f1, modifiers: .control)  // GTK's keyboard tooltip
        func tooltipTexts() -> [String] {
            Window.all.filter { $0.typeName == "GtkTooltipWindow" && $0.isVisible }
                .flatMap { $0.descendants.compactMap { $0.as(Label.self)?.text } }
        }
        XCTAssertTrue(MainLoop.run(until: { tooltipTexts().contains(history) }), "Ctrl+F1 shows it: \(tooltipTexts())")
        launcher.window.sendKey(f1, modifiers: .control)  // and hides it again
        view.moveCursor(toLine: 1)

        // Activating a row goes to its line, from another file.
        pane.fileSelector.activeIndex = try XCTUnwrap(
            pane.files.firstIndex { $0.relativePath == "Plugin/SayHelloView.swift" })
        MainLoop.drain()
        XCTAssertEqual(view.valueHints, [], "another file, none of the model's hints")
        let list = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Values"))
        let target = try XCTUnwrap(
            list.children.compactMap { $0.as(ListBoxRow.self) }.first { $0.accessibleName == row })
        list.select(target)
        target.grabFocus()
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(pane.shownFile?.relativePath, model)
        XCTAssertEqual(view.cursorLine, 62, "activating the row puts the cursor on its line")
        XCTAssertEqual(view.valueHints.map(\.line), [46, 62], "and the file's hints are back")
    }

    func testEditingAFileLeavesNoHintOnAWrongLine() async throws {
        let (launcher, pane, view) = try beginRunWithValues()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        pane.session.tell(.values([value(62, "trimmed", "\"Ada\""), entered(61)]))
        XCTAssertTrue(MainLoop.run(until: { view.valueHints.count == 1 }))
        let built = view.text
        view.moveCursor(toLine: 60)
        view.insertAtCursor("\n")  // every line below moves down
        XCTAssertEqual(view.valueHints, [], "no hint left on a line it no longer belongs to")
        XCTAssertEqual(view.gutterMarkedLines(.ran), [])
        pane.session.tell(.values([value(62, "trimmed", "\"Bo\"")]))
        XCTAssertTrue(
            MainLoop.run(until: {
                (try? self.rowNames(launcher))?.last?.hasSuffix("line 62: trimmed = \"Bo\" (2 times)") == true
            }),
            "the list still follows the run")
        XCTAssertEqual(view.valueHints, [], "but the edited file has no hints")
        view.text = built  // as Undo would
        XCTAssertEqual(
            view.valueHints.map(\.text), ["\u{2068}trimmed = \"Bo\"\u{2069}  ×2"],
            "the text as built: its hints are right again")
        XCTAssertEqual(view.gutterMarkedLines(.ran), [61])
        view.moveCursor(toLine: 60)
        view.insertAtCursor("\n")
        pane.editing.beginValues()
        pane.session.tell(.values([value(63, "trimmed", "\"Cy\"")]))
        XCTAssertTrue(MainLoop.run(until: { view.valueHints.map(\.line) == [63] }), "a new run shows them again")
    }

    /// A hot loop: thousands of records a batch keep one row and one hint,
    /// with the latest value and the whole count.
    func testAFloodOfRecordsKeepsOneRowPerLine() async throws {
        let (launcher, pane, view) = try beginRunWithValues()
        for batch in 0..<50 {
            pane.session.tell(.values((0..<1000).map { value(72, "character", "\"\(batch * 1000 + $0)\"") }))
        }
        XCTAssertTrue(
            MainLoop.run(until: { view.valueHints.first?.text.hasSuffix("×50000") == true }),
            "\(view.valueHints)")
        XCTAssertEqual(view.valueHints.first?.text, "\u{2068}character = \"49999\"\u{2069}  ×50000")
        XCTAssertEqual(try rowNames(launcher), ["SayHelloModel.swift, line 72: character = \"49999\" (50000 times)"])
        XCTAssertEqual(pane.editPanel.values.log[ValueLog.Key(relativePath: model, line: 72)]?.recent.count, 20)
    }

    func testTheValuesPageReachesAssistiveTechnologies() async throws {
        let client = try buildATSPIClient()
        let (_, pane, _) = try beginRunWithValues()
        var listing = try listWindows(with: client, depth: 40)
        XCTAssertTrue(listing.contains("Values [radio button]"), "the Values tab:\n\(listing)")
        XCTAssertTrue(listing.contains("No values yet: Run Edited, then use the demo."), "the empty state:\n\(listing)")
        pane.session.tell(.values([value(62, "trimmed", "\"Ada\"")]))
        XCTAssertTrue(MainLoop.run(until: { pane.editPanel.values.list.isVisible }))
        listing = try listWindows(with: client, depth: 40)
        XCTAssertTrue(listing.contains("Values [list box]"), "the list:\n\(listing)")
        XCTAssertTrue(
            listing.contains("SayHelloModel.swift, line 62: trimmed = \"Ada\" [list item]"),
            "its row, as the hint says it:\n\(listing)")
        XCTAssertFalse(listing.contains("\u{2068}"), "read without the invisible isolates:\n\(listing)")
    }

    /// Values shows one run of one demo: a new run (of this demo or
    /// another) leaves no row of the last, and the page says whose run it is.
    func testANewRunShowsOnlyItsOwnRowsAndSaysWhoseRunItIs() async throws {
        let (launcher, pane, _) = try beginRunWithValues()
        let values = pane.editPanel.values
        XCTAssertEqual(values.heading.text, "The values of this run of \u{2068}Say Hello\u{2069}:")
        pane.session.tell(.values([value(46, "", "\"Cy\"", count: 9), value(62, "trimmed", "\"Cy\"")]))
        XCTAssertTrue(MainLoop.run(until: { (try? self.rowNames(launcher))?.count == 2 }))
        XCTAssertTrue(values.heading.isVisible, "said above the rows")
        pane.runResults.beginRun(of: "say-hello")
        pane.editing.beginValues()
        XCTAssertEqual(values.list.children.count, 0, "no row of the last run is left")
        pane.session.tell(.values([value(63, "trimmed", "\"Di\"")]))
        XCTAssertTrue(MainLoop.run(until: { (try? self.rowNames(launcher))?.isEmpty == false }))
        XCTAssertEqual(
            try rowNames(launcher), ["SayHelloModel.swift, line 63: trimmed = \"Di\""], "this run's rows only")
    }

    /// A row is read once (its name), then the values before its latest;
    /// Ctrl+F1's history, which GTK 3's tooltip never says is showing, is
    /// announced; nothing read carries the isolates.
    func testARowIsReadOnceAndCtrlF1sHistoryIsHeard() async throws {
        let (launcher, pane, view) = try beginRunWithValues()
        pane.session.tell(
            .values([value(62, "trimmed", "\"Ada\"", time: 1.5), value(62, "trimmed", "\"Bo\"", time: 2.25)]))
        XCTAssertTrue(MainLoop.run(until: { (try? self.rowNames(launcher))?.count == 1 }))
        let row = try XCTUnwrap(pane.editPanel.values.list.children.first?.as(ListBoxRow.self))
        XCTAssertEqual(row.accessibleName, "SayHelloModel.swift, line 62: trimmed = \"Bo\" (2 times)")
        XCTAssertEqual(
            row.accessibleDescription, "Before: 1.500 s: trimmed = \"Ada\"", "the earlier value, not the row again")
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        view.moveCursor(toLine: 62)
        view.grabFocus()
        MainLoop.drain()
        let f1: UInt32 = 0xffbe  // GDK_KEY_F1
        let heard = listener.announcements(through: view) {
            launcher.window.sendKey(f1, modifiers: .control)
            XCTAssertTrue(
                MainLoop.run(
                    until: {
                        Window.all.contains { $0.typeName == "GtkTooltipWindow" && $0.isVisible }
                    }, timeout: 5), "Ctrl+F1 shows the tooltip")
        }
        launcher.window.sendKey(f1, modifiers: .control)
        // The client writes a line break as "\\n".
        XCTAssertTrue(
            heard.contains { $0.text == "1.500 s: trimmed = \"Ada\"\\n2.250 s: trimmed = \"Bo\"" }, "\(heard)")
    }

    /// How many pixel columns of `area` hold something darker or lighter
    /// than the background beside the line (text), in the view's snapshot.
    private func inkedColumns(_ view: SourceView, in area: Rect) -> Int {
        guard let picture = view.snapshot() else { return 0 }
        let y0 = Int(area.y), y1 = Int(area.y + area.height)
        guard let background = picture.pixel(atX: min(picture.width - 1, Int(area.x + area.width) + 20), y: y0 + 1)
        else { return 0 }
        return (Int(area.x)..<Int(area.x + area.width)).filter { x in
            (y0..<y1).contains { y in picture.pixel(atX: x, y: y).map { $0 != background } ?? false }
        }.count
    }
}
