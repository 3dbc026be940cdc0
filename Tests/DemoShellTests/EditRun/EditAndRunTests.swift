import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Edit and Run as a learner uses it, through the accessible
/// names: Say Hello's code edited on the Source page, built by the real
/// compiler and opened in a process of its own.
@MainActor
final class EditAndRunTests: EditAndRunTestCase {
    func testAnEditedGreetingRunsInAProcessOfItsOwnAndStops() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let shipped = try XCTUnwrap(
            FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello/Plugin/SayHelloView.swift")))
        try edit(
            view, replacing: "DemoWindow(title: host.info.name",
            with: "DemoWindow(title: \"Hello from the edited code\"",
            in: "Plugin/SayHelloView.swift")
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello/Plugin/SayHelloView.swift")), shipped,
            "the shipped file is never written")
        let row = try row(launcher, named: "Say Hello")
        XCTAssertTrue(row.accessibleDescription.hasPrefix("Edited."), "the list says the demo is edited")

        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        let child = try XCTUnwrap(session.childProcessID)
        XCTAssertNotEqual(child, getpid())
        // The child's window, as the X server has it: its title is the edited one.
        // (Not through AT-SPI: a client touching this test process's own
        // accessibles leaves stale ones that later tests' clients trip over.)
        var title = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    let windows = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").map(String.init)
                    title = windows.map { self.output(of: ["xdotool", "getwindowname", $0]) }.joined()
                    return title.contains("Hello from the edited code (edited)")
                }, timeout: 30), "the edited window never showed: \(title)")
        let stop = try XCTUnwrap(launcher.window.find(Button.self, named: "Stop"))
        XCTAssertTrue(stop.isSensitive)
        stop.click()
        // A safety net, not a limit (wall-clock limits fail on a loaded machine).
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 30), "Stop never ended it")
        XCTAssertEqual(kill(child, 0), -1, "the child process is gone")
        let output = try outputText(launcher)
        XCTAssertTrue(output.contains("Stopped (SIGTERM)."), output)
    }

    func testASyntaxErrorIsAProblemThatLeadsToItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
        let target = try XCTUnwrap(lines.firstIndex { $0.contains("private let model = SayHelloModel()") }) + 1
        try edit(
            view, replacing: "private let model = SayHelloModel()", with: "private let model = = SayHelloModel()",
            in: "Plugin/SayHelloView.swift")
        view.moveCursor(toLine: 1)
        try runEdited(launcher)
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        XCTAssertTrue(
            MainLoop.run(
                until: { !problems.children.isEmpty && launcher.sourcePane.session.phase == .idle },
                timeout: buildTimeLimit), "no problem listed; status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertNil(launcher.sourcePane.session.childProcessID, "a build with errors starts nothing")
        let rows = problems.children.compactMap { $0.as(ListBoxRow.self) }
        let names = rows.map(\.accessibleName)
        XCTAssertTrue(names.contains { $0.hasPrefix("SayHelloView.swift, line ") }, "\(names)")
        XCTAssertTrue(
            launcher.sourcePane.editPanel.status.text.hasPrefix("The build failed"),
            launcher.sourcePane.editPanel.status.text)
        let first = try XCTUnwrap(rows.first { $0.accessibleName.hasPrefix("SayHelloView.swift, line ") })
        let line = try XCTUnwrap(
            Int(first.accessibleName.dropFirst("SayHelloView.swift, line ".count).prefix { $0.isNumber }))
        XCTAssertEqual(line, target, "the error is at the edit")
        XCTAssertTrue(view.markedProblemLines.contains(line), "the line is marked in the code")
        XCTAssertEqual(view.gutterMarkedLines(.error), [line], "and in the gutter")
        problems.select(first)
        first.grabFocus()
        launcher.window.sendKey(Key.returnKey)  // Enter on the row, as a keyboard user does
        MainLoop.drain()
        XCTAssertEqual(view.cursorLine, line, "activating the problem puts the cursor on its line")
    }

    func testAFatalErrorEndsOnlyTheChildAndOutputSaysWhy() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "        window = DemoWindow(",
            with:
                "        print(\"about to fail\")\n        if host.info.id == \"say-hello\" { fatalError(\"boom in the edited code\") }\n        window = DemoWindow(",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains("Crashed") == true }, timeout: buildTimeLimit),
            "no crash reported; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        let output = try outputText(launcher)
        XCTAssertTrue(output.contains("about to fail"), output)
        XCTAssertTrue(output.hasSuffix("Crashed: SIGILL (Fatal error: boom in the edited code).\n"), output)
        XCTAssertNil(session.childProcessID)
        XCTAssertTrue(launcher.window.isMapped, "the launcher lives on")
        XCTAssertEqual(session.phase, .idle)
    }
}
