import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Two launchers of one user share the edits folder: a file
/// written by another program under the open editor (here, by the test) is
/// noticed, never saved over without asking, and the learner chooses to
/// reload it or keep theirs.
@MainActor
final class EditsChangedElsewhereTests: EditAndRunTestCase {
    let file = "Model/SayHelloModel.swift"
    let theirs = "// written by another launcher\n"

    /// The editor with an edit saved, then the file written by "another launcher".
    private func editThenChangeElsewhere() throws -> (LauncherWindow, SourceView) {
        let (launcher, view) = try openForEditing(file)
        try edit(view, replacing: "maximumNameLength = 16", with: "maximumNameLength = 20", in: file)
        try FileSystem.writeAtomically(theirs, to: workspace.editedPath(file))
        let notices = launcher.sourcePane.notices
        XCTAssertTrue(
            MainLoop.run(until: { notices.message(.changedOnDisk) != nil }, timeout: 10),
            "the change on disk went unnoticed")
        let message = try XCTUnwrap(notices.message(.changedOnDisk))
        XCTAssertTrue(message.contains(file) && message.contains("changed on disk"), message)
        let bar = try XCTUnwrap(notices.bar(.changedOnDisk))
        XCTAssertTrue(bar.isVisible && bar.isInside(launcher.window))
        XCTAssertEqual(bar.accessibleName, "Warning")
        XCTAssertEqual(bar.accessibleDescription, message, "the bar's accessible text is the message")
        XCTAssertNotNil(
            bar.descendants.compactMap { $0.as(Label.self) }.first { $0.text == message }, "the bar's label says it")
        return (launcher, view)
    }

    func testReloadShowsTheOtherVersionAndCtrlZBringsYoursBack() async throws {
        let (launcher, view) = try editThenChangeElsewhere()
        let mine = view.text
        try XCTUnwrap(launcher.window.find(Button.self, named: "Reload")).click()
        MainLoop.drain()
        XCTAssertEqual(view.text, theirs)
        XCTAssertNil(launcher.sourcePane.notices.message(.changedOnDisk))
        view.grabFocus()
        launcher.window.sendKey(Key.character("z"), modifiers: .control)
        XCTAssertEqual(view.text, mine, "Ctrl+Z takes the reload back")
        XCTAssertTrue(MainLoop.run(until: { self.workspace.editedText(self.file) == mine }), "and yours is saved again")
    }

    func testKeepMineWritesYoursOverTheirs() async throws {
        let (launcher, view) = try editThenChangeElsewhere()
        try XCTUnwrap(launcher.window.find(Button.self, named: "Keep Mine")).click()
        MainLoop.drain()
        XCTAssertEqual(workspace.editedText(file), view.text)
        XCTAssertNil(launcher.sourcePane.notices.message(.changedOnDisk))
    }

    /// Every file opened is watched, not only the one shown: the list says
    /// at once which changed, and the choice waits for it to be shown.
    func testAFileChangedWhileAnotherIsShownIsMarkedThenOffered() async throws {
        let (launcher, view) = try openForEditing(file)
        try edit(view, replacing: "maximumNameLength = 16", with: "maximumNameLength = 20", in: file)
        let mine = view.text
        let pane = launcher.sourcePane
        let index = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == file })
        let other = try XCTUnwrap(pane.files.firstIndex { $0.relativePath != file && EditWorkspace.isEditable($0) })
        pane.fileSelector.activeIndex = other
        MainLoop.drain()
        XCTAssertEqual(pane.fileLabels[index], "\(file) (edited)")

        try FileSystem.writeAtomically(theirs, to: workspace.editedPath(file))
        XCTAssertTrue(
            MainLoop.run(until: { pane.fileLabels[index] == "\(file) (changed on disk)" }, timeout: 10),
            "the change to a file not shown went unnoticed: \(pane.fileLabels)")
        XCTAssertNil(pane.notices.message(.changedOnDisk), "no bar about a file not shown")
        XCTAssertEqual(workspace.editedText(file), theirs)

        pane.fileSelector.activeIndex = index
        MainLoop.drain()
        XCTAssertEqual(view.text, mine, "yours is shown until you choose")
        let message = try XCTUnwrap(pane.notices.message(.changedOnDisk), "the choice is offered once it is shown")
        XCTAssertTrue(message.contains(file), message)
        try XCTUnwrap(launcher.window.find(Button.self, named: "Reload")).click()
        MainLoop.drain()
        XCTAssertEqual(view.text, theirs)
        XCTAssertEqual(pane.fileLabels[index], "\(file) (edited)")
    }

    func testAnEditTypedMeanwhileIsNotSavedOverTheirs() async throws {
        let (launcher, view) = try editThenChangeElsewhere()
        view.moveCursor(toLine: 1)
        for character in "// mine too" { launcher.window.sendKey(Key.character(character)) }
        let typed = view.text
        launcher.sourcePane.edits.saveNow()  // what the pause in typing, a Run or a switch of files does
        XCTAssertEqual(workspace.editedText(file), theirs, "theirs stays until the learner answers")
        XCTAssertNotNil(launcher.sourcePane.notices.message(.changedOnDisk))
        XCTAssertEqual(view.text, typed)
    }

    /// An edit kept from an earlier session is watched from the moment its
    /// file is shown, before the learner types anything.
    func testAKeptEditIsWatchedAsSoonAsItIsShown() async throws {
        let kept = "// kept from yesterday\n"
        try workspace.save(kept, for: file, original: nil)
        let (launcher, view) = try openForEditing(file)
        XCTAssertEqual(view.text, kept)
        try FileSystem.writeAtomically(theirs, to: workspace.editedPath(file))
        XCTAssertTrue(
            MainLoop.run(until: { launcher.sourcePane.notices.message(.changedOnDisk) != nil }),
            "a change to a kept edit went unnoticed")
        XCTAssertEqual(view.text, kept, "yours is shown until you choose")
    }
}
