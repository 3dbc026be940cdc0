import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// The language service as the Source page runs it: the real `demo-shell
/// --language-service`, the toolchain's SourceKit, Say Hello's own build
/// arguments. It answers completion and the errors as typed; a newer
/// question drops the older one's answer; a crash or a hang ends it alone,
/// and the page says so once.
final class LanguageServiceTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), CompileServer.library(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no SourceKit library")
        }
    }

    override func tearDown() async throws {
        LanguageService.timeLimit = 30
        LanguageService.memoryLimit = LanguageServiceLoop.memoryLimit
        try await super.tearDown()
    }

    /// The view's context, and its text with `old` replaced by `new`.
    private func context(_ pane: SourcePane) throws -> LanguageContext {
        let subject = try XCTUnwrap(
            pane.editing.editorLanguageSubject(pane.language), "nothing to ask about with Edit on")
        XCTAssertEqual(subject.relativePath, "Plugin/SayHelloView.swift")
        return try XCTUnwrap(
            pane.language.service.context(
                manifest: subject.manifest, manifestText: subject.manifestText, inputs: subject.inputs,
                workspace: subject.workspace, relativePath: subject.relativePath))
    }

    /// The answer to one question, the main loop running meanwhile.
    private func answer(
        _ service: LanguageService, _ kind: LanguageRequest.Kind, _ context: LanguageContext, text: String,
        offset: Int, timeout: Double = 180
    ) -> LanguageReply.Outcome? {
        var outcome: LanguageReply.Outcome??
        Task { @MainActor in outcome = .some(await service.ask(kind, context: context, text: text, offset: offset)) }
        XCTAssertTrue(MainLoop.run(until: { outcome != nil }, timeout: timeout), "no answer")
        return outcome ?? nil
    }

    private func caret(after marker: String, in text: String) throws -> Int {
        let range = try XCTUnwrap(text.range(of: marker))
        return text[..<range.upperBound].utf8.count
    }

    func testCompletionAfterADotOnALabelListsItsMembersWithTheirTypesAndDocs() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        let text = view.text
        let outcome = answer(
            service, .complete, context, text: text, offset: try caret(after: "        greeting.", in: text))
        guard case .completions(let items) = outcome else {
            return XCTFail("no completions: \(String(describing: outcome))")
        }
        let item = try XCTUnwrap(
            items.first { $0.name == "text" }, "a Label's text is not offered: \(items.prefix(20).map(\.name))")
        XCTAssertEqual(item.type, "String")
        XCTAssertEqual(item.brief, "The plain text shown.", "the first sentence of the SDK's doc comment")
        XCTAssertTrue(items.contains { $0.name.hasPrefix("setMarkup(") })
        XCTAssertNotNil(service.processID, "a process of its own")
        XCTAssertNotEqual(service.processID, getpid())
    }

    func testANameIsDescribedWithItsDeclarationDocAndPlace() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        let text = view.text
        let label = try caret(after: "private let greeting = L", in: text)
        guard case .symbol(let found) = answer(service, .describe, context, text: text, offset: label),
            let symbol = found
        else { return XCTFail("Label is not described") }
        XCTAssertEqual(symbol.name, "Label")
        XCTAssertEqual(symbol.module, "Gtk")
        XCTAssertEqual(symbol.declaration, "@MainActor final class Label : Widget")
        XCTAssertTrue(symbol.documentation.hasPrefix("A `GtkLabel`.\n"), symbol.documentation)
        XCTAssertTrue(symbol.documentation.contains("let greeting = Label()"), "the doc comment's example, whole")
        XCTAssertTrue(symbol.path.hasSuffix("/Sources/Gtk/Widgets/Label.swift"), symbol.path)
        XCTAssertTrue(FileSystem.isRegularFile(symbol.path), "the SDK's source, to open")
        XCTAssertGreaterThan(symbol.line, 0)
        let host = try caret(after: "init(host: Demo", in: text)
        guard case .symbol(let hostSymbol) = answer(service, .describe, context, text: text, offset: host) else {
            return XCTFail("no answer")
        }
        XCTAssertEqual(hostSymbol?.documentation, "The services the shell offers a demo.")
        guard case .symbol(let nothing) = answer(service, .describe, context, text: text, offset: 0) else {
            return XCTFail("no answer")
        }
        XCTAssertNil(nothing, "the keyword `import` is no name")
    }

    func testTheErrorsOfTheTextAsTypedComeWithoutABuild() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        let typed = view.text.replacingOccurrences(of: "greeting.wraps = true", with: "greeting.wraps = 3")
        let line = typed.components(separatedBy: "\n").firstIndex { $0.contains("greeting.wraps = 3") }! + 1
        guard case .diagnostics(let found) = answer(service, .diagnose, context, text: typed, offset: 0) else {
            return XCTFail("no diagnostics")
        }
        let error = try XCTUnwrap(found.first { $0.isError }, "the type error is not found")
        XCTAssertEqual(error.line, line)
        XCTAssertEqual(error.path, context.path)
        XCTAssertTrue(error.message.contains("'Int'"), error.message)
        XCTAssertFalse(FileSystem.isRegularFile(FileSystem.join(workspace.buildDirectory, "manifest.plugin")))
        guard case .diagnostics(let none) = answer(service, .diagnose, context, text: view.text, offset: 0) else {
            return XCTFail("no diagnostics")
        }
        XCTAssertFalse(none.contains { $0.isError }, "the shipped view has no error: \(none)")
    }

    func testANewerQuestionDropsTheOlderOnesAnswer() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        let text = view.text
        let offset = try caret(after: "        greeting.", in: text)
        XCTAssertNotNil(answer(service, .complete, context, text: text, offset: offset), "warmed up")
        var first: LanguageReply.Outcome?? = nil
        Task { @MainActor in first = .some(await service.ask(.complete, context: context, text: text, offset: offset)) }
        // The first question is sent, and its answer not yet read (replies
        // are read by the main loop, which does not turn before the second).
        await Task.yield()
        let second = answer(service, .complete, context, text: text + " ", offset: offset)
        XCTAssertEqual(first, .some(nil), "the older question got no answer")
        guard case .completions = second else { return XCTFail("the newer question got none") }
    }

    func testACrashEndsTheServiceAloneTheNextQuestionStartsAnotherAndTheThirdIsSaidOnce() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        let service = pane.language.service
        let context = try context(pane)
        var pids: [Int32] = []
        for crash in 1...(LanguageService.crashesForgiven + 1) {
            XCTAssertNotNil(answer(service, .complete, context, text: view.text, offset: 0), "crash \(crash)")
            let pid = try XCTUnwrap(service.processID)
            XCTAssertFalse(pids.contains(pid), "another service after a crash")
            pids.append(pid)
            kill(pid, SIGSEGV)
            XCTAssertTrue(MainLoop.run(until: { service.processID == nil }), "the crash is not seen")
            if crash <= LanguageService.crashesForgiven {
                XCTAssertNil(service.ending, "forgiven: the next question starts another")
                XCTAssertEqual(pane.editPanel.status.text, "", "a forgiven crash is not told")
            }
        }
        XCTAssertEqual(service.ending, .crashed)
        XCTAssertEqual(
            pane.editPanel.status.text,
            "Completion and errors as you type are off: the Swift language service stopped.")
        pane.editPanel.status.text = ""
        XCTAssertNil(answer(service, .complete, context, text: view.text, offset: 0), "off until Edit is on again")
        XCTAssertEqual(pane.editPanel.status.text, "", "said once")
        // Edit off and on: another service.
        let edit = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit"))
        edit.click()
        edit.click()
        MainLoop.drain()
        XCTAssertNotNil(answer(service, .complete, context, text: view.text, offset: 0))
        XCTAssertFalse(pids.contains(service.processID ?? 0))
    }

    func testAHangIsEndedAtTheTimeLimit() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        XCTAssertNotNil(answer(service, .complete, context, text: view.text, offset: 0))
        let pid = try XCTUnwrap(service.processID)
        LanguageService.timeLimit = 1
        kill(pid, SIGSTOP)
        XCTAssertNil(answer(service, .complete, context, text: view.text, offset: 0, timeout: 30))
        XCTAssertEqual(service.ending, .overTime)
        XCTAssertTrue(MainLoop.run(until: { kill(pid, 0) != 0 }), "the hung service was not ended")
        XCTAssertEqual(
            launcher.sourcePane.editPanel.status.text,
            "Completion and errors as you type are off: the Swift language service stopped answering.")
    }

    func testAServiceOverItsMemoryIsEnded() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let service = launcher.sourcePane.language.service
        let context = try context(launcher.sourcePane)
        // SourceKit with the SDK's modules loaded holds far more than a megabyte.
        LanguageService.memoryLimit = 1 << 20
        _ = answer(service, .complete, context, text: view.text, offset: 0)
        XCTAssertTrue(MainLoop.run(until: { service.ending == .overMemory }), "not ended over its memory")
        XCTAssertNil(service.processID)
        XCTAssertEqual(
            launcher.sourcePane.editPanel.status.text,
            "Completion and errors as you type are off: the Swift language service used too much memory.")
    }
}
