import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Each file keeps its undo history for the session: a file
/// emptied, then another shown (as a Run that jumps to another file's error
/// does), comes back with Ctrl+Z; and Revert File puts one file back to
/// the code it shipped with, which Ctrl+Z takes back too.
@MainActor
final class EditHistoryTests: EditAndRunTestCase {
    let viewFile = "Plugin/SayHelloView.swift", modelFile = "Model/SayHelloModel.swift"

    private func show(_ file: String, in launcher: LauncherWindow) throws {
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == file })
        MainLoop.drain()
    }

    func testAFileEmptiedComesBackWithCtrlZAfterAnotherFileWasShown() async throws {
        let (launcher, view) = try openForEditing(viewFile)
        let shipped = view.text
        view.grabFocus()
        launcher.window.sendKey(Key.character("a"), modifiers: .control)
        launcher.window.sendKey(Key.delete)
        XCTAssertEqual(view.text, "", "Ctrl+A, Delete empties the file")
        XCTAssertTrue(
            MainLoop.run(until: { self.workspace.editedText(self.viewFile) == "" }), "the empty file was saved")

        try show(modelFile, in: launcher)
        XCTAssertTrue(
            view.text.contains("struct SayHelloModel") || view.text.contains("SayHelloModel"), "another file is shown")
        try show(viewFile, in: launcher)
        XCTAssertEqual(view.text, "", "still emptied")

        view.grabFocus()
        launcher.window.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertEqual(view.text, shipped, "Ctrl+Z brings the file back")
        XCTAssertTrue(
            MainLoop.run(until: { self.workspace.editedText(self.viewFile) == nil }),
            "the file is its shipped self again: no longer an edit")
    }

    func testRevertFilePutsOneFileBackAndCtrlZBringsTheEditBack() async throws {
        let (launcher, view) = try openForEditing(modelFile)
        try edit(view, replacing: "maximumNameLength = 16", with: "maximumNameLength = 20", in: modelFile)
        try show(viewFile, in: launcher)
        let shipped = view.text
        let revert = try XCTUnwrap(launcher.window.find(Button.self, named: "Revert File"))
        XCTAssertTrue(revert.isVisible)
        XCTAssertFalse(revert.isSensitive, "nothing to revert in a file as shipped")
        try edit(
            view, replacing: "private let greeting = Label()", with: "private let greeting = Label(\"Edited\")",
            in: viewFile)
        let edited = view.text
        XCTAssertTrue(revert.isSensitive)
        XCTAssertEqual(
            launcher.sourcePane.fileSelector.activeText, "\(viewFile) (edited)", "the list says the file is edited")

        revert.click()
        MainLoop.drain()
        XCTAssertEqual(view.text, shipped, "the file is back to its shipped code")
        XCTAssertNil(workspace.editedText(viewFile), "and is no longer an edit")
        XCTAssertEqual(launcher.sourcePane.fileSelector.activeText, viewFile)
        XCTAssertTrue(
            workspace.editedText(modelFile)?.contains("maximumNameLength = 20") == true, "the other file's edit stays")
        XCTAssertFalse(revert.isSensitive)

        view.grabFocus()
        launcher.window.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertEqual(view.text, edited, "Ctrl+Z takes the revert back")
        XCTAssertTrue(
            MainLoop.run(until: { self.workspace.editedText(self.viewFile) == edited }), "and the edit is saved again")
    }
}
