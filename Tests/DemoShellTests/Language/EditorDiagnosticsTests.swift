import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// The errors of the file as typed, before any Run: half a second after
/// typing stops, the line is marked and Problems lists the error, marked as
/// found while typing; a fixed line clears it. No build is made.
final class EditorDiagnosticsTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), CompileServer.library(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no SourceKit library")
        }
    }

    func testATypeErrorTypedIsMarkedAndListedWithoutABuild() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        let lines = view.text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("greeting.expandsVertically = true") }) + 1
        view.moveCursor(toLine: line, column: lines[line - 1].count + 1)
        view.sendKey(Key.returnKey)
        for character in "greeting.wraps = 3" { view.sendKey(Key.character(character)) }
        view.sendKey(Key.escape)  // the completion list, if it is open
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        func rows() -> [String] { problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName } }
        XCTAssertTrue(
            MainLoop.run(until: { rows().contains { $0.contains("(as typed)") } }, timeout: 180),
            "no problem listed while typing: \(rows())")
        let row = try XCTUnwrap(rows().first { $0.contains("(as typed)") })
        XCTAssertTrue(row.hasPrefix("SayHelloView.swift, line \(line + 1) (as typed): "), row)
        XCTAssertTrue(row.contains("'Int'"), row)
        XCTAssertEqual(view.markedProblemLines, [line + 1], "the line is marked in the code")
        XCTAssertEqual(view.underlinedProblemRanges(), [try range(of: "3", onLine: line + 1, in: view)], "the 3 alone")
        XCTAssertEqual(pane.session.phase, .idle, "nothing was built")
        XCTAssertFalse(FileSystem.isDirectory(workspace.buildDirectory), "no build folder")
        // Fixed: the mark and the row go.
        view.sendKey(Key.backSpace)
        for character in "false" { view.sendKey(Key.character(character)) }
        view.sendKey(Key.escape)
        XCTAssertTrue(
            MainLoop.run(until: { !rows().contains { $0.contains("(as typed)") } }, timeout: 60),
            "the fixed error stays: \(rows())")
        XCTAssertEqual(view.markedProblemLines, [])
        XCTAssertEqual(view.underlinedProblemRanges(), [])
    }

    /// The characters of `word` on 1-based `line`, as offsets into the text.
    private func range(of word: String, onLine line: Int, in view: SourceView) throws -> Range<Int> {
        let lines = view.text.components(separatedBy: "\n")
        let before = lines[..<(line - 1)].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        let found = try XCTUnwrap(lines[line - 1].range(of: word, options: .backwards))
        let start =
            before
            + lines[line - 1].unicodeScalars.distance(
                from: lines[line - 1].unicodeScalars.startIndex, to: found.lowerBound)
        return start..<(start + word.unicodeScalars.count)
    }

    func testAnUnknownNameIsUnderlinedExactlyUntilEditGoesOff() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let lines = view.text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("greeting.expandsVertically = true") }) + 1
        view.moveCursor(toLine: line, column: lines[line - 1].count + 1)
        view.sendKey(Key.returnKey)
        for character in "greting.wraps = true" { view.sendKey(Key.character(character)) }
        view.sendKey(Key.escape)
        let expected = try range(of: "greting", onLine: line + 1, in: view)
        XCTAssertTrue(
            MainLoop.run(until: { !view.underlinedProblemRanges().isEmpty }, timeout: 180), "nothing underlined")
        XCTAssertEqual(view.underlinedProblemRanges(), [expected], "the unknown name, not its line")
        view.moveCursor(toLine: line + 1)
        saveScreenshot("error-underline")
        XCTAssertEqual(view.underlinedProblemRanges(errors: false), [])
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        MainLoop.drain()
        XCTAssertFalse(view.isEditable)
        XCTAssertEqual(view.underlinedProblemRanges(), [], "what was found as typed is underlined with Edit off")
    }

    func testAProblemWithoutARangeUnderlinesTheWordAtItsColumn() async throws {
        let (_, view) = try openForEditing("Plugin/SayHelloView.swift")
        let first = try XCTUnwrap(view.text.components(separatedBy: "\n").first)
        XCTAssertEqual(first, "import DemoKit")
        view.underlineProblems([
            ProblemSpan(line: 1, column: 8, isError: true),
            ProblemSpan(line: 1, column: 1, endColumn: 4, isError: false),
        ])
        XCTAssertEqual(view.underlinedProblemRanges(), [7..<14], "the name at the column: DemoKit")
        XCTAssertEqual(view.underlinedProblemRanges(errors: false), [0..<3], "the range given: imp")
        view.underlineProblems([ProblemSpan(line: 1, column: 200, isError: true)])
        XCTAssertEqual(view.underlinedProblemRanges(), [13..<14], "past the line's end: its last character")
        XCTAssertEqual(view.underlinedProblemRanges(errors: false), [], "replaced")
        view.underlineProblems([])
        XCTAssertEqual(view.underlinedProblemRanges(), [])
    }
}
