import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Format (Ctrl+Shift+I), as a learner uses it: a badly laid out function
/// in Say Hello's view comes out as swift-format writes it with Demo
/// Shell's configuration, in one step Ctrl+Z takes back, the cursor still
/// in its statement; code that is not Swift is left as it is, and why is
/// said in the status line.
@MainActor
final class SourceFormatTests: EditAndRunTestCase {
    let viewFile = "Plugin/SayHelloView.swift"
    let messy = """

        func  shout( _ name:String )->String{
        let loud=name.uppercased()
              return loud+"!"
        }

        """
    let tidy = """
        func shout(_ name: String) -> String {
            let loud = name.uppercased()
            return loud + "!"
        }
        """

    private func status(_ launcher: LauncherWindow) -> String { launcher.sourcePane.editPanel.status.text }

    func testCtrlShiftIFormatsTheFileInOneUndoableStepKeepingTheCursorInItsStatement() async throws {
        let (launcher, view) = try openForEditing(viewFile)
        let shipped = view.text
        try edit(view, replacing: shipped, with: shipped + messy, in: viewFile)
        let before = view.text
        let inWord = try XCTUnwrap(before.range(of: "uppercased"))
        view.cursorOffset =
            before.unicodeScalars.distance(
                from: before.unicodeScalars.startIndex, to: inWord.lowerBound.samePosition(in: before.unicodeScalars)!)
            + 5
        view.grabFocus()

        launcher.window.sendKey(Key.character("I"), modifiers: [.control, .shift])
        XCTAssertTrue(MainLoop.run(until: { view.text != before }), "Format changed the file: \(status(launcher))")
        XCTAssertTrue(view.text.contains(tidy), "the function as swift-format writes it:\n\(view.text)")
        XCTAssertTrue(status(launcher).contains("is formatted"), status(launcher))
        let line = view.text.split(separator: "\n", omittingEmptySubsequences: false)[view.cursorLine - 1]
        XCTAssertEqual(line, "    let loud = name.uppercased()", "the cursor is still in its statement")
        XCTAssertTrue(
            MainLoop.run(until: { self.workspace.editedText(self.viewFile) == view.text }), "the format is saved")

        view.grabFocus()
        launcher.window.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertEqual(view.text, before, "one Ctrl+Z takes the whole format back")
    }

    func testCodeThatIsNotSwiftIsLeftAsItIsAndTheReasonIsSaid() async throws {
        let (launcher, view) = try openForEditing(viewFile)
        let shipped = view.text
        try edit(view, replacing: shipped, with: shipped + "\nfunc broken( {\n", in: viewFile)
        let before = view.text
        launcher.window.sendKey(Key.character("I"), modifiers: [.control, .shift])
        XCTAssertTrue(
            MainLoop.run(until: { self.status(launcher).contains("cannot be formatted") }), status(launcher))
        XCTAssertTrue(status(launcher).contains("line "), "the line of the first error: \(status(launcher))")
        XCTAssertEqual(view.text, before, "nothing changed")
    }

    func testFormatIsOnlyForEditableCode() async throws {
        let launcher = try openSayHellosSource()
        let view = try XCTUnwrap(launcher.sourcePane.view)
        let before = view.text
        launcher.window.sendKey(Key.character("I"), modifiers: [.control, .shift])
        MainLoop.drain()
        XCTAssertFalse(launcher.sourcePane.editing.formatter.isFormatting, "with Edit off, nothing is formatted")
        XCTAssertEqual(view.text, before)
    }
}
