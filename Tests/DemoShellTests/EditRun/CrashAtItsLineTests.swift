import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A crash at its line, as a learner meets it: a `fatalError` in the edited code,
/// reached by pressing Greet in the edited demo, becomes a Problem at its
/// line and a mark in the gutter, built by the real compiler in a real child.
@MainActor
final class CrashAtItsLineTests: EditAndRunTestCase {
    func testAFatalErrorInGreetIsAProblemAtItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let target = try lineAfterGreet(view)
        try edit(
            view, replacing: "private func greet() {\n", with: "private func greet() {\n        fatalError(\"boom\")\n",
            in: "Plugin/SayHelloView.swift")
        let (problems, row) = try runAndGreet(
            launcher, view, expecting: "SayHelloView.swift, line \(target): Fatal error: boom")
        XCTAssertEqual(launcher.sourcePane.editPanel.shownPage, .problems, "the line is the first thing seen")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target], "marked in the gutter as a compiler error is")
        XCTAssertTrue(view.markedProblemLines.contains(target))
        XCTAssertTrue(try outputText(launcher).contains("Fatal error: boom"), "the Output keeps the full text")
        problems.select(row)
        row.grabFocus()
        launcher.window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(view.cursorLine, target, "activating the Problem goes to the line")
    }

    /// The runtime names the standard library's file for this one: the
    /// line comes from the backtracer's frame in the demo's own code.
    func testAnIndexOutOfRangeIsAProblemAtTheDemosLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let target = try lineAfterGreet(view)
        try edit(
            view, replacing: "private func greet() {\n",
            with: "private func greet() {\n        let names = [entry.text]; print(names[names.count])\n",
            in: "Plugin/SayHelloView.swift")
        _ = try runAndGreet(
            launcher, view, expecting: "SayHelloView.swift, line \(target): Fatal error: Index out of range")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target])
        XCTAssertTrue(
            try outputText(launcher).hasSuffix("Crashed: SIGILL (Fatal error: Index out of range).\n"),
            "the end says why, not the backtrace's last line")
    }

    func testAFailedPreconditionIsAProblemAndTheEndSaysWhy() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let target = try lineAfterGreet(view)
        try edit(
            view, replacing: "private func greet() {\n",
            with: "private func greet() {\n        precondition(entry.text == \"x\", \"a name is needed\")\n",
            in: "Plugin/SayHelloView.swift")
        _ = try runAndGreet(
            launcher, view, expecting: "SayHelloView.swift, line \(target): Precondition failed: a name is needed")
        XCTAssertTrue(
            try outputText(launcher).hasSuffix("Crashed: SIGILL (Precondition failed: a name is needed).\n"),
            "the end says why, not the backtrace's last line")
    }

    /// `DispatchQueue.main.sync` in Greet's handler, which runs on
    /// the main thread, is told as the deadlock it is, at its own line:
    /// the backtracer's first frame in the demo is the handler's caller.
    func testAMainQueueSyncOnTheMainThreadIsADeadlockAtItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "import DemoKit\n", with: "import DemoKit\nimport Dispatch\n",
            in: "Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "private func greet() {\n",
            with: "private func greet() {\n        DispatchQueue.main.sync { }\n",
            in: "Plugin/SayHelloView.swift")
        let target = try lineAfterGreet(view)
        let deadlock = "Deadlock: DispatchQueue.main.sync called on the main thread, which waits for itself"
        _ = try runAndGreet(launcher, view, expecting: "SayHelloView.swift, line \(target): \(deadlock)")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target])
        XCTAssertTrue(
            try outputText(launcher).hasSuffix("Crashed: SIGILL (\(deadlock)).\n"), "not \"Illegal instruction at 0x…\""
        )
    }

    /// Endless recursion faults at the stack's guard page, told as
    /// a stack overflow at the call that recurses.
    func testEndlessRecursionIsAStackOverflowAtTheCall() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let target = try lineAfterGreet(view)
        try edit(
            view, replacing: "private func greet() {\n", with: "private func greet() {\n        greet()\n",
            in: "Plugin/SayHelloView.swift")
        _ = try runAndGreet(
            launcher, view, expecting: "SayHelloView.swift, line \(target): Stack overflow (endless recursion?)")
        XCTAssertTrue(
            try outputText(launcher).hasSuffix("Crashed: SIGSEGV (Stack overflow (endless recursion?)).\n"),
            "not \"Bad pointer dereference at 0x7ffc…\"")
    }

    /// The line Greet's handler starts on, where the tests put their crash.
    private func lineAfterGreet(_ view: SourceView) throws -> Int {
        let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
        return try XCTUnwrap(lines.firstIndex { $0.contains("private func greet() {") }) + 2
    }

    /// Runs the edited demo, presses Enter in its name field (focused as it
    /// opens: Greet) as the X server delivers keys until it ends, and waits
    /// for the Problem named `expected`.
    private func runAndGreet(
        _ launcher: LauncherWindow, _ view: SourceView,
        expecting expected: String
    ) throws -> (ListBox, ListBoxRow) {
        view.moveCursor(toLine: 1)
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        let child = try XCTUnwrap(session.childProcessID)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    guard session.childProcessID == child else { return true }
                    let windows = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").map(String.init)
                    // The Return crashes the child: xdotool, meeting its
                    // window gone, can end between the key's press and its
                    // release, and the X server then repeats the key held
                    // down into the launcher's editor (newlines, lines off by
                    // some) until a release comes: one always comes at once.
                    if let window = windows.first {
                        _ = self.output(of: ["xdotool", "windowfocus", "--sync", window, "key", "Return"])
                        _ = self.output(of: ["xdotool", "keyup", "Return"])
                    }
                    return false
                }, timeout: 60), "Greet never crashed it; output: \((try? outputText(launcher)) ?? "")")
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        var names: [String] = []
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    names = problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
                    return names.contains(expected)
                }, timeout: 30), "no crash Problem: \(names); output: \((try? outputText(launcher)) ?? "")")
        let row = try XCTUnwrap(
            problems.children.compactMap { $0.as(ListBoxRow.self) }.first { $0.accessibleName == expected })
        return (problems, row)
    }
}
