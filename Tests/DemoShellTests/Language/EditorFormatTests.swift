import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import XCTest

/// Format with Edit on: Ctrl+Shift+I runs the toolchain's swift-format
/// with the project's configuration on the file shown; the result is one
/// step Undo takes back, and the caret stays on its statement.
final class EditorFormatTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), SwiftFormatRun.formatter(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no swift-format")
        }
    }

    private let messy =
        "\nfunc   shout( _ text :String)->String{\nlet loud=text.uppercased()\n      return loud+\"!\"\n}\n"

    func testCtrlShiftIFormatsABadlyIndentedFunctionInOneUndoableStep() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let formatter = launcher.sourcePane.language.formatter
        try edit(
            view, replacing: "import SayHelloModel\n", with: "import SayHelloModel\n" + messy,
            in: "Plugin/SayHelloView.swift")
        let before = view.text
        let lines = before.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("      return loud") }) + 1
        view.moveCursor(toLine: line, column: 9)
        view.sendKey(Key.character("I"), modifiers: [.control, .shift])
        XCTAssertTrue(MainLoop.run(until: { formatter.formatted == 1 }, timeout: 60), "Ctrl+Shift+I formatted nothing")
        XCTAssertTrue(
            view.text.contains(
                "\nfunc shout(_ text: String) -> String {\n    let loud = text.uppercased()\n    return loud + \"!\"\n}\n"
            ),
            view.text)
        let formattedLine = view.text.components(separatedBy: "\n")[view.cursorLine - 1]
        XCTAssertEqual(formattedLine, "    return loud + \"!\"", "the caret stays on its statement")
        view.sendKey(Key.character("z"), modifiers: .control)
        MainLoop.drain()
        XCTAssertEqual(view.text, before, "one Undo takes the whole format back")
    }

    func testCodeThatCannotBeParsedIsLeftAsItIs() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let formatter = launcher.sourcePane.language.formatter
        try edit(
            view, replacing: "import SayHelloModel\n", with: "import SayHelloModel\nfunc (((\n",
            in: "Plugin/SayHelloView.swift")
        let before = view.text
        view.sendKey(Key.character("I"), modifiers: [.control, .shift])
        let status = launcher.sourcePane.editPanel.status
        XCTAssertTrue(
            MainLoop.run(until: { status.text.hasPrefix("The code could not be formatted") }, timeout: 60), status.text)
        XCTAssertEqual(view.text, before)
        XCTAssertEqual(formatter.formatted, 0)
    }
}
