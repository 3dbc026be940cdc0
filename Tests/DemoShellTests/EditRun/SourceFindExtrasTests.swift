import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What a learner reaches for on the Source page, by real keys:
/// Go to Line (Ctrl+L), Match Case and Whole Words, Replace (Ctrl+H).
@MainActor
final class SourceFindExtrasTests: EditAndRunTestCase {
    private let sample = "let label = Label()\nlabel.text = labels\n// line 3\n// line 4\n// line 5\n"

    private func type(_ text: String, in window: Window) {
        for character in text { window.sendKey(Key.character(character)) }
        MainLoop.drain()
    }

    func testCtrlLGoesToALine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let extras = launcher.sourcePane.findBar.extras
        launcher.window.sendKey(Key.character("l"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(extras.lineRow.isVisible)
        XCTAssertTrue(extras.lineEntry.hasFocus, "Ctrl+L: the line number is typed at once")
        XCTAssertEqual(extras.lineEntry.accessibleName, "Go to Line")
        type("9999", in: launcher.window)
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertTrue(extras.lineHint.text.hasPrefix("There is no line 9999"), extras.lineHint.text)
        XCTAssertTrue(extras.lineRow.isVisible, "a line the file lacks: the row stays, saying why")
        extras.lineEntry.text = ""
        type("12", in: launcher.window)
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(view.cursorLine, 12)
        XCTAssertFalse(extras.lineRow.isVisible)
        XCTAssertTrue(view.hasFocus, "back in the code, on the line")
    }

    func testMatchCaseAndWholeWordsNarrowTheSearch() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        view.load(sample)
        // Saved, as an edit is a moment after typing: the page settles before the search.
        XCTAssertTrue(MainLoop.run(until: { self.workspace.editedText("Plugin/SayHelloView.swift") == self.sample }))
        MainLoop.drain()
        let pane = launcher.sourcePane
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        type("label", in: launcher.window)
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 4 }), "label, Label, label, labels")
        let matchCase = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Match Case"))
        matchCase.click()
        XCTAssertTrue(
            MainLoop.run(until: { view.searchMatchCount == 3 }), "\(String(describing: view.searchMatchCount))")
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Whole Words")).click()
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 2 }), "not “labels”")
        XCTAssertTrue(
            MainLoop.run(until: {
                pane.findBar.matchLabel.text.hasSuffix("of 2") || pane.findBar.matchLabel.text == "2 matches"
            }),
            pane.findBar.matchLabel.text)
    }

    func testCtrlHReplacesOneMatchOrAllOfThem() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        view.load(sample)
        // Saved, as an edit is a moment after typing: the page settles before the search.
        XCTAssertTrue(MainLoop.run(until: { self.workspace.editedText("Plugin/SayHelloView.swift") == self.sample }))
        MainLoop.drain()
        let extras = launcher.sourcePane.findBar.extras
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        type("label", in: launcher.window)
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 4 }))
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Match Case")).click()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Whole Words")).click()
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 2 }))
        launcher.window.sendKey(Key.character("h"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(extras.replaceRow.isVisible)
        XCTAssertTrue(extras.replaceEntry.hasFocus, "Ctrl+H with a search typed: the replacement is next")
        type("name", in: launcher.window)
        launcher.window.sendKey(Key.returnKey)  // Replace: the selected match (the first), then the next is selected
        MainLoop.drain()
        XCTAssertTrue(view.text.hasPrefix("let name = Label()\nlabel.text = labels\n"), view.text)
        var said: [String] = []
        launcher.sourcePane.findBar.matchLabel.onAnnouncement { said.append($0) }
        try XCTUnwrap(launcher.window.find(Button.self, named: "Replace All")).click()
        MainLoop.drain()
        XCTAssertTrue(view.text.hasPrefix("let name = Label()\nname.text = labels\n"), view.text)
        XCTAssertEqual(said.first, "Replaced 1 match.", "the count is told: \(said)")
        launcher.window.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertFalse(extras.replaceRow.isVisible, "Escape closes the rows")
    }
}
