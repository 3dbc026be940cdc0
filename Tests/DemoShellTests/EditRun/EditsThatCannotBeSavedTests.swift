import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// An edit the edits folder refuses is said in full, and a close
/// keeps the window open with a dialog that says where it could not be
/// written and offers to save it elsewhere or discard it. The folder refuses
/// because its parent is a regular file: that stops root as well as anyone.
@MainActor
final class EditsThatCannotBeSavedTests: EditAndRunTestCase {
    let file = "Model/SayHelloModel.swift"
    let line = "// typed where nothing can be written"

    override func setUp() async throws {
        try await super.setUp()
        let dataHome = try XCTUnwrap(dataHome)
        try FileSystem.writeAtomically("not a folder\n", to: FileSystem.join(dataHome, "demo-shell", "edits"))
    }

    /// The launcher with `line` typed into `file` by key events.
    private func typeALine() throws -> (LauncherWindow, SourceView) {
        let (launcher, view) = try openForEditing(file)
        view.moveCursor(toLine: 2)
        for character in line { launcher.window.sendKey(Key.character(character)) }
        launcher.window.sendKey(Key.returnKey)
        return (launcher, view)
    }

    private func unsavedDialog() throws -> MessageDialog {
        var dialog: MessageDialog?
        MainLoop.run(
            until: {
                dialog = Window.all.compactMap { $0.as(MessageDialog.self) }.first { $0.isVisible }
                return dialog != nil
            }, timeout: 5)
        return try XCTUnwrap(dialog, "no dialog about the edit")
    }

    func testTheFailureIsSaidInFullAndCtrlWKeepsTheWindowOpenWithADialog() async throws {
        let (launcher, view) = try typeALine()
        let pane = launcher.sourcePane
        XCTAssertTrue(MainLoop.run(until: { pane.notices.message(.saveFailed) != nil }), "the failed save is not said")
        let message = try XCTUnwrap(pane.notices.message(.saveFailed))
        XCTAssertTrue(message.contains(file) && message.contains(workspace.sourcesDirectory), message)
        let bar = try XCTUnwrap(pane.notices.bar(.saveFailed))
        XCTAssertTrue(bar.isVisible && bar.isInside(launcher.window))
        XCTAssertNotNil(
            bar.descendants.compactMap { $0.as(Label.self) }.first { $0.text == message },
            "the bar's label holds it all")

        launcher.window.sendKey(Key.character("w"), modifiers: .control)
        let dialog = try unsavedDialog()
        XCTAssertTrue(launcher.window.isMapped, "the window stays open")
        XCTAssertNotNil(shell.launcher)
        XCTAssertTrue(dialog.detail.contains(workspace.editedPath(file)), "it says where: \(dialog.detail)")
        XCTAssertEqual(dialog.button(for: .ok)?.accessibleName, "Save Elsewhere…")
        XCTAssertEqual(dialog.button(for: .no)?.accessibleName, "Discard")
        dialog.respond(.cancel)
        MainLoop.drain()
        XCTAssertTrue(launcher.window.isMapped, "Cancel keeps the window, and the edit in it")
        XCTAssertTrue(view.text.contains(line))
        launcher.window.close()
        try unsavedDialog().respond(.no)  // Discard, as Cancel left it to ask again
        XCTAssertTrue(MainLoop.run(until: { self.shell.launcher == nil }))
    }

    func testSaveElsewhereWritesTheEditInAFolderChosenAndCloses() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-elsewhere-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        let (launcher, _) = try typeALine()
        launcher.window.sendKey(Key.character("q"), modifiers: .control)  // Quit asks too
        let dialog = try unsavedDialog()
        XCTAssertNotNil(shell.launcher, "Quit waits for an answer")
        dialog.respond(.ok)
        try chooseFolder(folder, inChooserNamed: "Save Your Edits In")
        XCTAssertTrue(MainLoop.run(until: { self.shell.launcher == nil }), "the launcher closes once the edit is safe")
        let saved = FileSystem.read(FileSystem.join(folder, "say-hello", file))
        XCTAssertTrue(saved?.contains(line) == true, "the edit is in the folder chosen")
    }

    func testDiscardClosesWithoutTheEdit() async throws {
        let (launcher, _) = try typeALine()
        launcher.window.close()  // the title bar's close button
        let dialog = try unsavedDialog()
        XCTAssertTrue(launcher.window.isMapped)
        dialog.respond(.no)
        XCTAssertTrue(MainLoop.run(until: { self.shell.launcher == nil }), "Discard closes the launcher")
    }
}
