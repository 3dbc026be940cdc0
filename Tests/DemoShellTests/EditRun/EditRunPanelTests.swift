import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Edit and Run's panel as a learner reads it: the Output follows
/// its end only while the reader is there and says what it dropped, the
/// Problems tab counts, a long status is shown whole, a jump to a problem
/// keeps its line's start in sight, an edited window is marked where no
/// width cuts it.
@MainActor
final class EditRunPanelTests: EditAndRunTestCase {  // its own edits folder: a text loaded into the view is an edit
    private let home: UInt32 = 0xff50, end: UInt32 = 0xff57  // GDK_KEY_Home, GDK_KEY_End

    /// The panel's results in a window of their own, Output shown.
    private func showResults() -> (EditRunPanel, Window) {
        let (panel, window) = showEditRunOutput(width: 480, height: 260)
        MainLoop.drain()
        return (panel, window)
    }

    func testTheOutputFollowsNewLinesOnlyWhileScrolledToTheEnd() async throws {
        let (panel, window) = showResults()
        let output = panel.output
        panel.appendOutput((1...200).map { "line \($0)\n" }.joined())
        XCTAssertTrue(
            MainLoop.run(until: { output.visibleLines.contains(200) && !output.visibleLines.contains(1) }),
            "200 lines at start: the last is shown, not \(output.visibleLines)")
        // The reader goes back to the top to read: new lines leave the view there.
        output.grabFocus()
        window.sendKey(home, modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { output.visibleLines.contains(1) }), "\(output.visibleLines)")
        panel.appendOutput((201...260).map { "line \($0)\n" }.joined())
        MainLoop.drain()
        XCTAssertTrue(output.visibleLines.contains(1), "scrolled up, the view stays: \(output.visibleLines)")
        // Back at the end, it follows again.
        window.sendKey(end, modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { output.isScrolledToEnd }))
        panel.appendOutput((261...400).map { "line \($0)\n" }.joined())
        XCTAssertTrue(MainLoop.run(until: { output.visibleLines.contains(400) }), "\(output.visibleLines)")
    }

    func testTheOutputSaysHowManyLinesItDropped() async throws {
        let (panel, _) = showResults()
        XCTAssertFalse(panel.outputDropped.isVisible, "nothing dropped, nothing said")
        panel.appendOutput((1...10_500).map { "line \($0)\n" }.joined())
        XCTAssertTrue(panel.output.text.hasPrefix("line 502\n"))
        XCTAssertTrue(panel.outputDropped.isVisible)
        XCTAssertEqual(
            panel.outputDropped.text, "The Output keeps the last 10,000 lines: 501 earlier lines were dropped.")
        panel.appendOutput("line 10501\n")
        XCTAssertTrue(panel.outputDropped.text.contains(" 502 earlier lines"), panel.outputDropped.text)
        panel.clearOutput()
        XCTAssertFalse(panel.outputDropped.isVisible, "a new run starts with nothing dropped")
    }

    /// A demo not shown keeps its Output in an `OutputLog`, bounded alike.
    func testAnOutputLogKeepsTheSameBoundsAndCountsWhatItDropped() async throws {
        var log = OutputLog()
        log.append((1...10_500).map { "line \($0)\n" }.joined())
        XCTAssertTrue(log.text.hasPrefix("line 502\n"))
        XCTAssertEqual(log.droppedLines, 501)
        log.append(String(repeating: "x", count: 1_200_000))
        XCTAssertLessThanOrEqual(log.text.unicodeScalars.count, OutputLimit.characters)
        XCTAssertEqual(log.droppedLines, 10_500, "every earlier line went")
    }

    func testTheProblemsTabCountsTheProblems() async throws {
        let (panel, window) = showResults()
        func tabs() -> [String] {
            window.descendants.compactMap { $0.as(ToggleButton.self) }.filter {
                $0.parent?.as(StackSwitcher.self) != nil
            }.map(\.accessibleName)
        }
        XCTAssertEqual(tabs(), ["Problems", "Output", "Values"])
        panel.showProblems([("SayHelloView.swift, line 3: expected expression", true), ("unused", false)])
        MainLoop.drain()
        XCTAssertEqual(tabs(), ["Problems 2", "Output", "Values"])
        panel.showProblems([])
        MainLoop.drain()
        XCTAssertEqual(tabs(), ["Problems", "Output", "Values"])
    }

    func testALongStatusWrapsInsteadOfBeingCut() async throws {
        let launcher = try openSayHellosSource()
        let panel = launcher.sourcePane.editPanel
        let advice = EditRunProblem.noCompiler.message
        launcher.sourcePane.runResults.setStatus(advice)
        MainLoop.drain()
        XCTAssertEqual(panel.status.ellipsis, .none, "never cut")
        XCTAssertGreaterThan(panel.status.lineCount, 1, "the advice wraps")
        XCTAssertEqual(panel.status.displayedLines.joined(), advice, "every word of it is laid out")
    }

    func testJumpingToALineKeepsItsStartInSightAndANewFileStartsAtColumnZero() async throws {
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        let view = try XCTUnwrap(pane.view)
        let long = "    // " + String(repeating: "a long comment ", count: 40)
        view.load("struct Board {\n\(long)\n    func f() {\n        if visible && count == 4 { return }\n    }\n}\n")
        MainLoop.drain()
        // The view first scrolled sideways, as a jump to a far column leaves it.
        view.moveCursor(toLine: 2, column: long.count - 2)
        XCTAssertTrue(MainLoop.run(until: { view.horizontalScrollOffset > 0 }), "scrolled to show the cursor")
        view.moveCursor(toLine: 4, column: 25)  // "count": within the view's width from the line's start
        // In sight: scrolled no further than the left margin before the text.
        let margin = Double(view.leftMargin)
        XCTAssertTrue(
            MainLoop.run(until: { view.horizontalScrollOffset <= margin }),
            "the line's start stays in sight, not \(view.horizontalScrollOffset)")
        MainLoop.drain()
        XCTAssertLessThanOrEqual(view.horizontalScrollOffset, margin, "and stays")
        XCTAssertEqual(view.cursorLine, 4)
        // Jumped far, then another file: it starts at its left edge.
        view.moveCursor(toLine: 2, column: long.count - 2)
        pane.fileSelector.activeIndex = (pane.fileSelector.activeIndex + 1) % pane.files.count
        XCTAssertTrue(
            MainLoop.run(until: { view.visibleLines.lowerBound == 1 && view.horizontalScrollOffset <= margin }),
            "a new file starts at column 0, not \(view.horizontalScrollOffset)")
        MainLoop.drain()
        XCTAssertLessThanOrEqual(view.horizontalScrollOffset, margin, "and stays there")
    }

    /// A `file:line` in the Output (a fatal error's place) opens that file
    /// at that line: Enter on it, as a keyboard user does, or a click.
    func testAFileAndLineInTheOutputOpensThatLine() async throws {
        XCTAssertEqual(
            OutputLinks.find(
                in: "at /tmp/b/src/Plugin/SayHelloView.swift:12: Fatal error\nModel.swift:3:9 and x.swift:"),
            [
                .init(range: 3..<42, path: "/tmp/b/src/Plugin/SayHelloView.swift", line: 12),
                .init(range: 56..<69, path: "Model.swift", line: 3),
            ])
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        let view = try XCTUnwrap(pane.view)
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath.hasPrefix("Model/") })
        MainLoop.drain()
        let panel = pane.editPanel
        panel.results.isVisible = true
        panel.shownPage = .output
        let line = "Fatal error at /tmp/build/src/Plugin/SayHelloView.swift:7: boom\n"
        panel.appendOutput("before\n" + line)
        let output = panel.output
        XCTAssertTrue(MainLoop.run(until: { output.isMapped && output.allocatedHeight > 0 }), "the Output is on screen")
        output.cursorOffset = "before\nFatal error at /tmp/build/src/Plugin/Say".count
        output.grabFocus()
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(pane.shownFile?.relativePath, "Plugin/SayHelloView.swift", "the link's file is shown")
        XCTAssertEqual(view.cursorLine, 7, "at the link's line")
        XCTAssertTrue(view.hasFocus)
        // Enter elsewhere in the Output opens nothing.
        view.moveCursor(toLine: 1)
        output.cursorOffset = 2
        output.grabFocus()
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(view.cursorLine, 1)
    }

    /// `--edited`'s window: "(edited)" in its title, which a full header
    /// bar cuts, and the development-build colours, which nothing cuts.
    func testAnEditedWindowIsMarkedWhereNoWidthCutsIt() async throws {
        let paths = ShellPaths.current()
        let shell = Shell(
            application: registeredTestApplication, registry: PluginRegistry(searchPath: [buildProductsDirectory]),
            paths: paths, onlyDemoID: "2048", autoquit: false,
            role: .child(edited: true, launcher: LauncherAddress(busName: nil, applicationID: "org.example.none")),
            ownPluginFolders: PluginOrigin.ownFolders(executableDirectory: paths.executableDirectory))
        self.shell = shell
        XCTAssertTrue(shell.openDemo(id: "2048"))
        let window = try XCTUnwrap(shell.demoWindows[id: "2048"])
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        XCTAssertEqual(window.title, "2048 (edited)")
        XCTAssertTrue(window.hasStyleClass("devel"), "the header bar is coloured as a development build's")
        XCTAssertEqual(window.accessibleDescription, "An edited copy, built from your changes to the demo’s code")
    }
}
