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
        // The comment's Markdown laid out: `GtkLabel` in a fixed-width font,
        // the example as code, no backticks or fences shown.
        XCTAssertTrue(help.text.hasPrefix("@MainActor final class Label : Widget\nA GtkLabel.\n"), help.text)
        XCTAssertTrue(help.text.contains("\nlet greeting = Label()\ngreeting.wraps = true"), help.text)
        XCTAssertFalse(help.text.contains("`"), help.text)
        XCTAssertTrue(help.text.hasSuffix("\nIn Gtk"), help.text)
        let tree =
            try XCTUnwrap(launcher.window.accessible).subtree + Window.all.compactMap(\.accessible).flatMap(\.subtree)
        let read = tree.compactMap(\.text)
        XCTAssertTrue(
            read.contains("A GtkLabel."), "the doc comment is not in the accessibility tree")
        XCTAssertTrue(read.contains { $0.hasPrefix("let greeting = Label()") }, "its example is not either")
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

    // MARK: The pointer

    /// The character offset of `name` (its second character) on the line holding `marker`.
    private func offset(of name: String, in marker: String, of view: SourceView) throws -> Int {
        let text = view.text
        let line = try XCTUnwrap(text.range(of: marker), "no “\(marker)”")
        let found = try XCTUnwrap(text.range(of: name, range: line), "no “\(name)” in “\(marker)”")
        return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound) + 1
    }

    /// The real pointer onto character `offset` of `view` (XTest): the X
    /// server sends the crossing and motion events, as a mouse does.
    private func movePointer(onto offset: Int, of view: SourceView) throws {
        let point = try XCTUnwrap(view.screenPoint(ofCharacter: offset), "the view is not on screen")
        // From one side first: a pointer already there sends no motion.
        XCTAssertTrue(RealPointer.move(toX: point.x - 40, y: point.y + 3))
        MainLoop.drain()
        XCTAssertTrue(RealPointer.move(toX: point.x, y: point.y))
    }

    /// Away from every window, for the tests after this one.
    private func parkPointer() {
        RealPointer.hold(Key.named("Control_L"), down: false)
        RealPointer.move(toX: 100_000, y: 100_000)
        MainLoop.drain()
    }

    func testThePointerRestingOnANameShowsItsQuickHelpToScreenReadersAndLeavingClosesIt() async throws {
        guard RealPointer.isAvailable else { throw XCTSkip("no XTest on this display") }
        defer { parkPointer() }
        let client = try buildATSPIClient()
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        view.moveCursor(toLine: 1)
        let help = launcher.sourcePane.language.quickHelp
        try movePointer(onto: try offset(of: "Label", in: "private let greeting = Label()", of: view), of: view)
        XCTAssertTrue(MainLoop.run(until: { help.isShowing }, timeout: 20), "no Quick Help as the pointer rests")
        XCTAssertTrue(help.isHovering)
        saveScreenshot("quick-help-hover")
        XCTAssertTrue(help.text.hasPrefix("@MainActor final class Label : Widget\nA GtkLabel.\n"), help.text)
        XCTAssertTrue(help.text.hasSuffix("\nIn Gtk"), help.text)
        XCTAssertTrue(view.hasFocus, "the bubble leaves the keyboard in the code")
        // As a screen reader reads it, through AT-SPI.
        let listing = try listWindows(with: client, depth: 40)
        XCTAssertTrue(listing.contains("A GtkLabel."), "the doc comment is not in the AT-SPI tree:\n\(listing)")
        XCTAssertTrue(listing.contains("Quick Help"), listing)
        // Into the bubble: it stays.
        let bubble = try XCTUnwrap(help.popover)
        let inside = try XCTUnwrap(bubble.screenPoint(x: bubble.allocatedWidth / 2, y: bubble.allocatedHeight / 2))
        RealPointer.move(toX: inside.x, y: inside.y)
        MainLoop.spin(seconds: Double(QuickHelpPointer.closeMilliseconds) / 1000 * 2)
        XCTAssertTrue(help.isShowing, "the bubble closed under the pointer")
        // Away from the name and the bubble: it goes.
        try movePointer(
            onto: try offset(of: "SayHelloModel", in: "private let model = SayHelloModel()", of: view), of: view)
        RealPointer.move(toX: 100_000, y: 100_000)
        XCTAssertTrue(MainLoop.run(until: { !help.isShowing }, timeout: 30), "the bubble stays once the pointer left")
    }

    func testCtrlClickOnANameOpensItsDeclarationWithAHandOverIt() async throws {
        guard RealPointer.isAvailable else { throw XCTSkip("no XTest on this display") }
        defer { parkPointer() }
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let pane = launcher.sourcePane
        let pointer = pane.language.quickHelp.pointer
        XCTAssertTrue(RealPointer.hold(Key.named("Control_L")))
        try movePointer(onto: try offset(of: "DemoHost", in: "init(host: DemoHost)", of: view), of: view)
        XCTAssertTrue(MainLoop.run(until: { pointer.showsHand }, timeout: 180), "no hand over DemoHost with Ctrl held")
        XCTAssertTrue(view.isShowingHandPointer, "the text window does not show the hand")
        XCTAssertTrue(RealPointer.click())
        RealPointer.hold(Key.named("Control_L"), down: false)
        XCTAssertTrue(
            MainLoop.run(until: { pane.shownPageName == "declaration" }, timeout: 180), "Ctrl+click opened nothing")
        let page = try XCTUnwrap(pane.language.declarationPage)
        XCTAssertFalse(page.view.isEditable, "the SDK's source is read-only")
        let declared = page.view.text.components(separatedBy: "\n")[page.view.cursorLine - 1]
        XCTAssertTrue(declared.contains("protocol DemoHost"), declared)
    }

    func testWithoutCtrlThePointerStaysTheTextCursor() async throws {
        guard RealPointer.isAvailable else { throw XCTSkip("no XTest on this display") }
        defer { parkPointer() }
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        view.moveCursor(toLine: 1)
        let help = launcher.sourcePane.language.quickHelp
        try movePointer(onto: try offset(of: "DemoHost", in: "init(host: DemoHost)", of: view), of: view)
        XCTAssertTrue(MainLoop.run(until: { help.isShowing }, timeout: 180), "no Quick Help as the pointer rests")
        XCTAssertFalse(help.pointer.showsHand)
        XCTAssertFalse(view.isShowingHandPointer)
        // Typing closes the pointer's bubble.
        view.sendKey(Key.character("x"))
        XCTAssertTrue(MainLoop.run(until: { !help.isShowing }), "the bubble stays as the text changes")
    }
}
