import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// Quick Help and Go to Definition with Edit on, by the keys a learner
/// presses: Ctrl+Shift+Space shows the name's declaration and doc comment
/// (in the accessibility tree), F12 opens the SDK's declaration read-only
/// and Alt+Left comes back; a name of the demo's own model opens its file.
final class EditorQuickHelpTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), CompileServer.library(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no SourceKit library")
        }
    }

    /// The cursor inside the first `name` after `marker`.
    private func place(_ view: SourceView, in marker: String, on name: String) throws {
        let lines = view.text.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains(marker) })
        let column = try XCTUnwrap(lines[index].range(of: name)).lowerBound.utf16Offset(in: lines[index]) + 2
        view.moveCursor(toLine: index + 1, column: column)
    }

    func testCtrlShiftSpaceShowsTheDeclarationAndItsDocComment() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let help = launcher.sourcePane.language.quickHelp
        try place(view, in: "private let greeting = Label()", on: "Label")
        view.sendKey(Key.space, modifiers: [.control, .shift])
        XCTAssertTrue(MainLoop.run(until: { help.isShowing }, timeout: 180), "no Quick Help")
        XCTAssertTrue(help.text.hasPrefix("@MainActor final class Label : Widget\nA `GtkLabel`."), help.text)
        XCTAssertTrue(help.text.contains("let greeting = Label()"), "the doc comment's example: \(help.text)")
        XCTAssertTrue(help.text.hasSuffix("\nIn Gtk"), help.text)
        let tree =
            try XCTUnwrap(launcher.window.accessible).subtree + Window.all.compactMap(\.accessible).flatMap(\.subtree)
        let read = tree.compactMap(\.text)
        XCTAssertTrue(
            read.contains { $0.hasPrefix("A `GtkLabel`.") }, "the doc comment is not in the accessibility tree")
        XCTAssertTrue(read.contains("@MainActor final class Label : Widget"))
        XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name == "Open Declaration" })
    }

    func testQuickHelpOnAKeywordSaysNothingIsKnown() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        try place(view, in: "let nameLabel = Label()", on: "let")
        view.sendKey(Key.space, modifiers: [.control, .shift])
        let status = launcher.sourcePane.editPanel.status
        XCTAssertTrue(
            MainLoop.run(until: { status.text == "Nothing is known of the name at the cursor." }, timeout: 180),
            status.text)
        XCTAssertFalse(launcher.sourcePane.language.quickHelp.isShowing)
    }

    func testF12OpensTheSDKsDeclarationReadOnlyAndAltLeftComesBack() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        try place(view, in: "init(host: DemoHost)", on: "DemoHost")
        let line = view.cursorLine
        view.sendKey(Key.named("F12"))
        XCTAssertTrue(
            MainLoop.run(until: { pane.shownPageName == "declaration" }, timeout: 180), "F12 opened nothing")
        let page = try XCTUnwrap(pane.language.declarationPage)
        XCTAssertFalse(page.view.isEditable, "the SDK's source is read-only")
        XCTAssertTrue(page.view.hasFocus)
        let declared = page.view.text.components(separatedBy: "\n")[page.view.cursorLine - 1]
        XCTAssertTrue(declared.contains("protocol DemoHost"), declared)
        XCTAssertTrue(pane.shownFile?.relativePath == "Plugin/SayHelloView.swift", "the demo's file stays chosen")
        page.view.sendKey(Key.left, modifiers: .alt)
        XCTAssertEqual(pane.shownPageName, "code")
        XCTAssertTrue(view.hasFocus)
        XCTAssertEqual(view.cursorLine, line, "back where the learner was")
    }

    func testF12OnTheDemosModelOpensItsOwnFile() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        try place(view, in: "private let model = SayHelloModel()", on: "SayHelloModel")
        view.sendKey(Key.named("F12"))
        XCTAssertTrue(
            MainLoop.run(until: { pane.shownFile?.relativePath == "Model/SayHelloModel.swift" }, timeout: 180),
            "F12 did not open the model's file: \(String(describing: pane.language.declarationPage?.shown))")
        let declared = view.text.components(separatedBy: "\n")[view.cursorLine - 1]
        XCTAssertTrue(declared.contains("SayHelloModel"), declared)
        XCTAssertEqual(pane.shownPageName, "code")
    }
}
