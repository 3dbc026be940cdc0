import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Show Values as a learner uses it, with the real compiler
/// and a real child: Say Hello, Show Values on, Run Edited; the values its
/// code computed as its window was made come into the Values list and
/// beside the code, and a greeting typed in the demo adds the model's.
@MainActor
final class ShowValuesEndToEndTests: EditAndRunTestCase {
    private func rows(_ launcher: LauncherWindow) -> [String] {
        let list = launcher.sourcePane.editPanel.values.list
        return list.isVisible ? list.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName } : []
    }

    func testSayHellosValuesComeIntoTheValuesListAndBesideTheCode() async throws {
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        let view = try XCTUnwrap(pane.view)
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        try runEdited(launcher)
        let session = pane.session
        XCTAssertTrue(
            MainLoop.run(
                until: { self.rows(launcher).contains { $0.hasPrefix("SayHelloView.swift, line ") } },
                timeout: buildTimeLimit),
            "no value of Plugin/ listed: \(rows(launcher)); status: \(pane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        let child = try XCTUnwrap(session.childProcessID)
        // The values come in batches (the Values list adds a few rows a
        // turn), so the first row of the view is not a sign the rest is in.
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    self.rows(launcher).contains {
                        $0.range(of: #"^SayHelloView\.swift, line \d+: nameLabel = Label"#, options: .regularExpression)
                            != nil
                    }
                }, timeout: 30),
            "\(rows(launcher))")

        // Greet "ada" in the demo: the model's line that trims the name shows "Ada".
        let modelText = try XCTUnwrap(pane.editing.currentTexts()["Model/SayHelloModel.swift"])
        let trimmedLine =
            try XCTUnwrap(
                modelText.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("let trimmed = ") }) + 1
        let expected = "SayHelloModel.swift, line \(trimmedLine): trimmed = \"Ada\""
        var typed = false
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    guard !self.rows(launcher).contains(expected) else { return true }
                    if !typed,
                        let window = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                            .split(separator: "\n").first.map(String.init)
                    {
                        _ = self.output(of: ["xdotool", "windowfocus", "--sync", window, "type", "ada"])
                        _ = self.output(of: ["xdotool", "windowfocus", "--sync", window, "key", "Return"])
                        typed = true
                    }
                    return false
                }, timeout: 60), "no greeting's value: \(rows(launcher))")

        // Beside the code too, on the model's page.
        pane.fileSelector.activeIndex = try XCTUnwrap(
            pane.files.firstIndex { $0.relativePath == "Model/SayHelloModel.swift" })
        MainLoop.drain()
        XCTAssertEqual(view.valueHints.first { $0.line == trimmedLine }?.text, "trimmed = \"Ada\"")
        XCTAssertEqual(view.text, modelText, "not in the text")

        // Off while it runs: the hints go at once, and the status line says what the next run does.
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        XCTAssertEqual(view.valueHints, [])
        XCTAssertTrue(
            pane.editPanel.status.text.contains("the next Run Edited builds without them"), pane.editPanel.status.text)
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        XCTAssertEqual(view.valueHints.first { $0.line == trimmedLine }?.text, "trimmed = \"Ada\"", "on again: back")
    }

    /// A file of the learner's named as Swift style names extensions
    /// ("SayHelloView+Greeting.swift") sends its values too, under its own name.
    func testAFileNamedWithAPlusSendsItsValues() async throws {
        makeShell()
        let entry = try XCTUnwrap(shell.registry.entries.first { $0.manifest.id == "say-hello" })
        var inputs = editBuildInputs(of: entry) { path, text in
            path == "Plugin/SayHelloPlugin.swift"
                ? text.replacingOccurrences(
                    of: "SayHelloView(host: host)", with: "{ _ = greetingWidth(); return SayHelloView(host: host) }()")
                : text
        }
        XCTAssertTrue(inputs.contains { $0.text.contains("greetingWidth()") }, "the call is in")
        inputs.append(
            EditBuildPlan.Input(
                relativePath: "Plugin/SayHelloView+Greeting.swift",
                text: "func greetingWidth() -> Int {\n    let width = 6 * 7\n    return width\n}\n"))
        let session = EditRunSession(paths: shell.paths)
        defer { session.close() }
        session.showsValues = true
        let log = EditRunEventLog()
        session.delegate = log
        var records: [ValueRecord] { log.values }
        session.run(
            manifest: entry.manifest, manifestText: FileSystem.read(entry.manifestPath) ?? "", inputs: inputs,
            workspace: workspace)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    records.contains {
                        $0.relativePath == "Plugin/SayHelloView+Greeting.swift" && $0.line == 2 && $0.name == "width"
                    }
                }, timeout: buildTimeLimit),
            "no value from the file: \(records.map { "\($0.relativePath):\($0.line) \($0.name)" }.prefix(20))")
        XCTAssertTrue(
            records.contains { $0.relativePath == "Plugin/SayHelloView+Greeting.swift" && $0.description == "42" })
    }

    /// With Edit on, the child kept ready runs it, as it runs a plain run:
    /// the pipe it was started with is the run's, named by its inode.
    func testARunWithShowValuesIsServedByTheReadyChild() async throws {
        let (launcher, _) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        let session = pane.session
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        XCTAssertTrue(MainLoop.run(until: { session.ready.processID != nil }, timeout: 30), "no child came to wait")
        let ready = try XCTUnwrap(session.ready.processID)
        let pipe = try XCTUnwrap(
            ProcessDescriptors.valuesPipe(of: ready), "\(ProcessDescriptors.links(of: String(ready)))")
        // Nothing GTK starts while it waits takes the pipe along.
        XCTAssertTrue(
            MainLoop.run(until: { Self.closesOnExec(ready, 3) }, timeout: 30), "its pipe is inherited by what it starts"
        )
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: { self.rows(launcher).contains { $0.hasPrefix("SayHelloView.swift, line ") } },
                timeout: buildTimeLimit),
            "no value of Plugin/ listed: \(rows(launcher)); status: \(pane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        XCTAssertEqual(session.childProcessID, ready, "the waiting child ran the build")
        XCTAssertEqual(
            ProcessDescriptors.valuesPipe(of: ready), pipe, "its values came through the pipe it was started with")
        XCTAssertTrue(ProcessDescriptors.links(of: "self").values.contains(pipe))
    }

    /// Whether `pid`'s descriptor `fd` is closed on exec (its fdinfo flags, octal, hold O_CLOEXEC).
    private static func closesOnExec(_ pid: Int32, _ fd: Int32) -> Bool {
        let info = FileSystem.read("/proc/\(pid)/fdinfo/\(fd)") ?? ""
        let flags = info.split(separator: "\n").first { $0.hasPrefix("flags:") }
            .flatMap { Int($0.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8) }
        return flags.map { $0 & Int(O_CLOEXEC) != 0 } ?? false
    }
}
