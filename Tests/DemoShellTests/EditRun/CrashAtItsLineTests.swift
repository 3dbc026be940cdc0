@_spi(Shell) import DemoKit
@_spi(Testing) import Gtk
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// Issue 37 §2 as a learner meets it: a `fatalError` in the edited code,
/// reached by pressing Greet in the edited demo, becomes a Problem at its
/// line and a mark in the gutter, built by the real compiler in a real child.
@MainActor
final class CrashAtItsLineTests: EditAndRunTestCase {
    func testAFatalErrorInGreetIsAProblemAtItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
        let target = try XCTUnwrap(lines.firstIndex { $0.contains("private func greet() {") }) + 2
        try edit(view, replacing: "private func greet() {\n", with: "private func greet() {\n        fatalError(\"boom\")\n",
                 in: "Plugin/SayHelloView.swift")
        view.moveCursor(toLine: 1)
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
                      "never ran; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")")
        let child = try XCTUnwrap(session.childProcessID)
        // Enter in the name field (focused as the demo opens) is Greet, pressed
        // as the X server delivers keys, until the child ends.
        XCTAssertTrue(MainLoop.run(until: {
            guard session.childProcessID == child else { return true }
            let windows = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                .split(separator: "\n").map(String.init)
            if let window = windows.first {
                _ = self.output(of: ["xdotool", "windowfocus", "--sync", window, "key", "Return"])
            }
            return false
        }, timeout: 60), "Greet never crashed it; output: \((try? outputText(launcher)) ?? "")")
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        let expected = "SayHelloView.swift, line \(target): Fatal error: boom"
        var names: [String] = []
        XCTAssertTrue(MainLoop.run(until: {
            names = problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
            return names.contains(expected)
        }, timeout: 30), "no crash Problem: \(names); output: \((try? outputText(launcher)) ?? "")")
        XCTAssertEqual(launcher.sourcePane.editPanel.resultStack.visiblePageName, "problems", "the line is the first thing seen")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target], "marked in the gutter as a compiler error is")
        XCTAssertTrue(view.markedProblemLines.contains(target))
        XCTAssertTrue(try outputText(launcher).contains("Fatal error: boom"), "the Output keeps the full text")
        let row = try XCTUnwrap(problems.children.compactMap { $0.as(ListBoxRow.self) }.first { $0.accessibleName == expected })
        problems.select(row)
        row.grabFocus()
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(view.cursorLine, target, "activating the Problem goes to the line")
    }
}
