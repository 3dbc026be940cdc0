import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Edit and Run around the edges: a demo that never returns, edits kept
/// across a restart and reset, a machine without the compiler, a run that
/// needs no build.
@MainActor
final class EditAndRunLifecycleTests: EditAndRunTestCase {
    func testAnEndlessLoopIsStoppedWhileTheLauncherAnswers() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "        window = DemoWindow(",
            with:
                "        print(\"looping\")\n        while host.info.id == \"say-hello\" {}\n        window = DemoWindow(",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains("looping") == true }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text)")
        let child = try XCTUnwrap(session.childProcessID)
        // The launcher's own loop goes on: a timer of its fires while the child spins.
        var ticks = 0
        let timer = MainLoop.every(milliseconds: 20) {
            ticks += 1
            return true
        }
        XCTAssertTrue(MainLoop.run(until: { ticks >= 10 }, timeout: 30), "the launcher stopped answering")
        timer.cancel()
        XCTAssertNotNil(session.childProcessID, "still looping")
        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        // A safety net, not a limit (wall-clock limits fail on a loaded machine).
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 30), "Stop never ended it")
        XCTAssertEqual(kill(child, 0), -1)
        let output = try outputText(launcher)
        XCTAssertTrue(output.hasSuffix("Stopped (SIGTERM).\n"), output)
    }

    func testASecondRunEditedDuringABuildStartsAgain() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let shipped = view.text
        view.text = shipped.replacingOccurrences(
            of: "DemoWindow(title: host.info.name", with: "DemoWindow(title: \"First\"")
        try runEdited(launcher)  // saves the edit, then builds
        XCTAssertEqual(session.phase, .building)
        view.text = shipped.replacingOccurrences(
            of: "DemoWindow(title: host.info.name", with: "DemoWindow(title: \"Second\"")
        try runEdited(launcher)  // the first build is cancelled: only the second runs
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            launcher.sourcePane.editPanel.status.text)
        XCTAssertEqual(session.metrics.launches, 1, "the cancelled build started nothing")
        let child = try XCTUnwrap(session.childProcessID)
        var title = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    title = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)]).split(
                        separator: "\n"
                    )
                    .map { self.output(of: ["xdotool", "getwindowname", String($0)]) }.joined()
                    return title.contains("Second (edited)")
                }, timeout: 30), title)
    }

    func testADemoThatIgnoresStopIsKilled() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n", in: "Plugin/SayHelloView.swift"
        )
        try edit(
            view, replacing: "        window = DemoWindow(",
            with:
                "        signal(SIGTERM, SIG_IGN)\n        print(\"deaf\")\n        while host.info.id == \"say-hello\" {}\n        window = DemoWindow(",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let session = launcher.sourcePane.session
        XCTAssertTrue(
            MainLoop.run(
                until: { (try? self.outputText(launcher))?.contains("deaf") == true }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text)")
        let child = try XCTUnwrap(session.childProcessID)
        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID == nil }, timeout: 30), "SIGTERM ignored, and no SIGKILL after"
        )
        XCTAssertEqual(kill(child, 0), -1)
        let output = try outputText(launcher)
        XCTAssertTrue(output.hasSuffix("Stopped (SIGKILL).\n"), output)
    }

    func testEditsSurviveARestartAndResetBringsBackTheShippedCode() async throws {
        let file = "Model/SayHelloModel.swift"
        let shipped = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello", file)))
        var (launcher, view) = try openForEditing(file)
        try edit(view, replacing: "maximumNameLength = 16", with: "maximumNameLength = 20", in: file)
        func title(_ name: String) throws -> String {
            try XCTUnwrap(
                row(launcher, named: name).descendants.compactMap { $0.as(Label.self)?.text }.first?.split(
                    separator: "\n"
                ).first.map(String.init))
        }
        XCTAssertEqual(try title("Buttons"), "Buttons", "only the edited demo is marked")
        XCTAssertEqual(try title("Say Hello"), "Say Hello  edited")
        launcher.window.destroy()
        MainLoop.drain()

        (launcher, view) = try openForEditing(file)
        XCTAssertTrue(view.text.contains("maximumNameLength = 20"), "the edit came back")
        XCTAssertTrue(try row(launcher, named: "Say Hello").accessibleDescription.hasPrefix("Edited."))
        try XCTUnwrap(launcher.window.find(Button.self, named: "Reset to Original")).click()
        MainLoop.drain()
        let dialog = try XCTUnwrap(Window.all.compactMap { $0.as(MessageDialog.self) }.first, "Reset asks first")
        XCTAssertTrue(dialog.text.contains("Say Hello"), dialog.text)
        dialog.respond(.ok)
        MainLoop.drain()
        XCTAssertEqual(view.text, shipped)
        XCTAssertFalse(workspace.hasEdits)
        XCTAssertFalse(try row(launcher, named: "Say Hello").accessibleDescription.hasPrefix("Edited."))
        XCTAssertEqual(FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello", file)), shipped)
    }

    func testWithoutTheCompilerRunEditedSaysWhatToInstallAndEditingGoesOn() async throws {
        let savedPath = Environment.value("PATH"), savedOverride = Environment.value("DEMO_SHELL_SWIFTC")
        defer {
            Environment.set("PATH", savedPath)
            Environment.set("DEMO_SHELL_SWIFTC", savedOverride)
        }
        let empty = try XCTUnwrap(FileSystem.makeTemporaryDirectory("no-swift-XXXXXX"))
        defer { FileSystem.removeTree(empty) }
        Environment.set("PATH", empty)
        Environment.set("DEMO_SHELL_SWIFTC", nil)
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try runEdited(launcher)
        MainLoop.drain()
        let status = launcher.sourcePane.editPanel.status.text
        XCTAssertEqual(status, EditRunProblem.noCompiler.message)
        XCTAssertTrue(status.contains("Install Swift 6.3.1"), status)
        XCTAssertEqual(launcher.sourcePane.session.phase, .idle)
        XCTAssertTrue(view.isEditable, "editing still works")

        // Another version of the compiler is named, with the one wanted.
        let fake = FileSystem.join(empty, "swiftc")
        try FileSystem.writeAtomically("#!/bin/sh\necho 'Swift version 5.9 (swift-5.9-RELEASE)'\n", to: fake)
        chmod(fake, 0o755)
        Environment.set("DEMO_SHELL_SWIFTC", fake)
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    launcher.sourcePane.session.phase == .idle
                        && launcher.sourcePane.editPanel.status.text.hasPrefix("Run Edited needs the compiler")
                }, timeout: 10),
            launcher.sourcePane.editPanel.status.text)
        XCTAssertTrue(launcher.sourcePane.editPanel.status.text.contains("Swift version 5.9"))
        XCTAssertTrue(launcher.sourcePane.editPanel.status.text.contains(SDKContract.compilerVersion))
    }

    func testAnUnchangedRunStartsWithoutBuildingAgain() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "private let greeting = Label()", with: "private let greeting = Label(\"Again\")",
            in: "Plugin/SayHelloView.swift")
        try edit(
            view, replacing: "        window = DemoWindow(",
            with: "        let unused = 42\n        window = DemoWindow(", in: "Plugin/SayHelloView.swift")
        let warningLine =
            try XCTUnwrap(
                view.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("let unused = 42")
                }) + 1
        let session = launcher.sourcePane.session
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            launcher.sourcePane.editPanel.status.text)
        // A warning does not stop the run; it is listed and marked as a warning.
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        let names = problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
        XCTAssertTrue(
            names.contains { $0.hasPrefix("SayHelloView.swift, line \(warningLine): ") && $0.contains("never used") },
            "\(names)")
        XCTAssertEqual(view.gutterMarkedLines(.warning), [warningLine])
        XCTAssertEqual(view.gutterMarkedLines(.error), [])
        XCTAssertTrue(
            session.builder.stepTimes.map(\.0).contains("SayHello"),
            "the first run builds: \(session.builder.stepTimes)")
        // Ctrl+R again: the running copy is replaced, nothing is compiled.
        let first = session.childProcessID
        launcher.window.sendKey(Key.character("r"), modifiers: .control)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil && session.childProcessID != first }, timeout: 30))
        let replaced = try XCTUnwrap(first)
        XCTAssertTrue(MainLoop.run(until: { kill(replaced, 0) == -1 }, timeout: 2), "the replaced run ended")
        XCTAssertEqual(session.builder.stepTimes.map(\.0), ["compiler check"], "an unchanged run reuses the build")
        let again = problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
        XCTAssertTrue(
            again.contains { $0.hasPrefix("SayHelloView.swift, line \(warningLine): ") },
            "its warning still stands: \(again)")
    }

    func testAnEditTypedJustBeforeTheLauncherClosesIsKept() async throws {
        let file = "Model/SayHelloModel.swift"
        let (launcher, view) = try openForEditing(file)
        view.moveCursor(toLine: 2)
        view.insertAtCursor("// typed, and the window closed at once\n")
        XCTAssertNil(workspace.editedText(file), "not written yet: typing has not paused")
        launcher.window.destroy()
        MainLoop.drain()
        XCTAssertTrue(
            workspace.editedText(file)?.contains("// typed, and the window closed at once") == true, "saved on close")
    }

    /// Any demo, not only Say Hello: each of the nine, edited (a line added
    /// to its view), builds against the SDK and opens in a process of its own.
    /// (The calculator's model imports GMP's C module, 2048's has many files.)
    func testEveryDemoBuildsAndRunsEdited() async throws {
        makeShell()
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        for entry in shell.registry.entries {
            let inputs = editBuildInputs(of: entry) { path, text in
                path.hasPrefix("Plugin/") ? text + "\n// edited by a test\n" : text
            }
            XCTAssertTrue(
                inputs.contains { $0.relativePath.hasPrefix("Model/") }
                    && inputs.contains { $0.relativePath.hasPrefix("Plugin/") },
                entry.info.id)
            session.run(
                manifest: entry.manifest, manifestText: try XCTUnwrap(FileSystem.read(entry.manifestPath)),
                inputs: inputs, workspace: EditWorkspace(demoID: entry.manifest.id))
            XCTAssertTrue(
                MainLoop.run(
                    until: { session.childProcessID != nil || session.phase == .idle }, timeout: buildTimeLimit))
            XCTAssertNotNil(session.childProcessID, "\(entry.info.id): \(log.status?.sentence ?? "")")
            session.stop()
            XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 2), entry.info.id)
        }
    }

    /// A demo that prints for ever fills the Output to its bound, no further:
    /// its last 10,000 lines, a million characters at most, the end kept.
    func testTheOutputKeepsItsEndAndNoMore() async throws {
        let panel = EditRunPanel()
        panel.appendOutput((1...10_500).map { "line \($0)\n" }.joined())
        panel.appendOutput("the last line\n")
        XCTAssertLessThanOrEqual(panel.output.lineCount, OutputLimit.lines + 1)
        XCTAssertTrue(panel.output.text.hasSuffix("line 10500\nthe last line\n"))
        XCTAssertFalse(panel.output.text.hasPrefix("line 1\n"), "the first lines went")
        panel.appendOutput(String(repeating: "x", count: 1_200_000))
        XCTAssertLessThanOrEqual(panel.output.characterCount, OutputLimit.characters)
        XCTAssertTrue(panel.output.text.hasSuffix("xxxx"))
    }
}
