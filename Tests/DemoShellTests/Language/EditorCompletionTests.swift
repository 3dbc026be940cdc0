import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// Completion in the Source page's editor, as a learner uses it: real key
/// events into the view with Edit on, GtkSourceView's own list filled from
/// the language service, an item chosen with the keyboard.
final class EditorCompletionTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), CompileServer.library(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no SourceKit library")
        }
    }

    /// The view with a new line opened after the one holding `marker`, the cursor on it.
    private func openLine(after marker: String, in view: SourceView) throws {
        let lines = view.text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains(marker) }) + 1
        view.moveCursor(toLine: line, column: lines[line - 1].count + 1)
        view.sendKey(Key.returnKey)
    }

    private func type(_ text: String, into view: SourceView) {
        for character in text { view.sendKey(Key.character(character)) }
    }

    func testTypingGreetingDotListsItsMembersAndEnterWritesTheOneChosen() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let language = launcher.sourcePane.language
        let completion = try XCTUnwrap(language.completion, "no completion on the view")
        try openLine(after: "greeting.expandsVertically = true", in: view)
        type("greeting.", into: view)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.contains { $0.label == "text — String" } }, timeout: 180),
            "no list after “greeting.”: \(completion.proposals.prefix(5))")
        saveScreenshot("completion")
        let text = try XCTUnwrap(completion.proposals.first { $0.label == "text — String" })
        XCTAssertEqual(text.info, "The plain text shown.", "the doc comment's first sentence beside the list")
        // Each row, as a screen reader reads it: name, type, the doc comment's first sentence.
        let rows = try XCTUnwrap(completion.listWindow?.accessible).subtree.map(\.name)
        XCTAssertTrue(rows.contains("text — String   The plain text shown."), "\(rows.prefix(12))")
        // Two letters more filter the list without asking again.
        let asked = language.answered.completions
        type("te", into: view)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.first?.label == "text — String" }),
            "“te” does not bring text first: \(completion.proposals.prefix(3).map(\.label))")
        XCTAssertTrue(completion.proposals.allSatisfy { $0.label.lowercased().hasPrefix("te") })
        XCTAssertEqual(language.answered.completions, asked, "the typed name is filtered here, not asked again")
        // The list never has the focus: the item moved to is said, its name and type.
        let listener = try listenForAnnouncements()
        let second = completion.proposals[1].label
        XCTAssertEqual(
            listener.announcements(through: launcher.window) { view.sendKey(Key.down) }.map(\.text), [second])
        XCTAssertEqual(
            listener.announcements(through: launcher.window) { view.sendKey(Key.up) }.map(\.text), ["text — String"])
        view.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !completion.isShowing }), "Enter did not choose")
        let line = view.text.components(separatedBy: "\n")[view.cursorLine - 1]
        XCTAssertEqual(line.trimmingCharacters(in: .whitespaces), "greeting.text")
    }

    func testANameTypedQuicklyIsAskedAboutOnce() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let language = launcher.sourcePane.language
        let completion = try XCTUnwrap(language.completion)
        try openLine(after: "greeting.expandsVertically = true", in: view)
        // A fast typist: a key every 30 ms.
        for character in "greeting" {
            view.sendKey(Key.character(character))
            MainLoop.spin(seconds: 0.03)
        }
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.contains { $0.label.hasPrefix("greeting") } }, timeout: 180),
            "no list for “greeting”: \(completion.proposals.prefix(5).map(\.label)), asked \(language.service.asked), answered \(language.answered), showing \(completion.isShowing)"
        )
        XCTAssertEqual(language.service.asked[.complete], 1, "asked at each letter, not once typing paused")
    }

    func testACallsArgumentsArePlaceholdersThatTabWalksThrough() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let completion = try XCTUnwrap(launcher.sourcePane.language.completion)
        try openLine(after: "greeting.expandsVertically = true", in: view)
        type("greeting.setMnem", into: view)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.first?.label.hasPrefix("setMnemonic(") == true }, timeout: 180),
            "no setMnemonic: \(completion.proposals.prefix(3).map(\.label))")
        view.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !completion.isShowing }))
        func line() -> String { view.text.components(separatedBy: "\n")[view.cursorLine - 1] }
        XCTAssertEqual(line(), "        greeting.setMnemonic(text: String, for: Widget)")
        func selected() -> String {
            guard let range = view.selectedRange else { return "" }
            return String(Array(view.text.unicodeScalars)[range].map(Character.init))
        }
        XCTAssertEqual(selected(), "text: String", "the first argument is selected, to type over")
        type("\"Hi\"", into: view)
        view.sendKey(Key.tab)
        XCTAssertEqual(selected(), "Widget", "Tab selects the next argument")
        type("entry", into: view)
        view.sendKey(Key.escape)
        XCTAssertEqual(line(), "        greeting.setMnemonic(\"Hi\", for: entry)")
        view.sendKey(Key.tab)
        XCTAssertNil(view.selectedRange, "no argument left: Tab is Tab again")
    }

    func testCtrlSpaceOpensTheListAndEscapeClosesItWithoutWriting() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let completion = try XCTUnwrap(launcher.sourcePane.language.completion)
        try openLine(after: "greeting.expandsVertically = true", in: view)
        type("greeting", into: view)
        view.sendKey(Key.escape)
        MainLoop.drain()
        type(".is", into: view)
        view.sendKey(Key.escape)
        XCTAssertTrue(MainLoop.run(until: { !completion.isShowing }))
        view.sendKey(Key.space, modifiers: .control)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.contains { $0.label.hasPrefix("isSelectable") } }, timeout: 180),
            "Ctrl+Space opened no list: \(completion.proposals.prefix(5).map(\.label))")
        view.sendKey(Key.escape)
        XCTAssertTrue(MainLoop.run(until: { !completion.isShowing }))
        let line = view.text.components(separatedBy: "\n")[view.cursorLine - 1]
        XCTAssertEqual(line, "        greeting.is", "Escape writes nothing")
    }

    func testANameChosenRanksFirstInTheNextLaunchAndAHostileFileIsIgnored() async throws {
        let path = CompletionHistory.defaultPath
        defer { _ = FileSystem.remove(path) }
        // Whatever is there is anyone's: one far over the bound first.
        try FileSystem.writeAtomically(String(repeating: "x", count: 10 * CompletionHistory.byteLimit), to: path)
        var (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        var completion = try XCTUnwrap(launcher.sourcePane.language.completion)
        XCTAssertEqual(launcher.sourcePane.language.history.names, [], "the huge file is ignored")
        try openLine(after: "greeting.expandsVertically = true", in: view)
        type("greeting.is", into: view)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.count > 2 }, timeout: 180),
            "no list after “greeting.is”: \(completion.proposals.prefix(5))")
        let first = completion.proposals[0].label
        let second = completion.proposals[1].label
        view.sendKey(Key.down)
        view.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !completion.isShowing }), "Enter did not choose")
        let name = String(second.prefix { $0 != " " && $0 != "(" })
        XCTAssertTrue(
            MainLoop.run(until: { FileSystem.read(path)?.contains("\n\(name)\n") == true }),
            "not kept: \(FileSystem.read(path)?.prefix(300) ?? "")")

        // Another launch: a new page, a new service.
        launcher.window.destroy()
        MainLoop.drain()
        (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        completion = try XCTUnwrap(launcher.sourcePane.language.completion)
        try openLine(after: "greeting.expandsVertically = true", in: view)
        type("greeting.is", into: view)
        XCTAssertTrue(
            MainLoop.run(until: { completion.proposals.count > 2 }, timeout: 180),
            "no list after “greeting.is”: \(completion.proposals.prefix(5))")
        XCTAssertEqual(completion.proposals.first?.label, second, "the name chosen before does not rank first")
        XCTAssertEqual(completion.proposals[1].label, first)
        view.sendKey(Key.escape)
    }
}
