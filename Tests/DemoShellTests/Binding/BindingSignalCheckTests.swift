import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Signals are checked against GLib (`g_signal_query`) when connected: a
/// wrong name or shape fails there, clearly, and leaks nothing.
@MainActor
final class BindingSignalCheckTests: GtkTestCase {
    func testAnUnknownSignalIsRefusedWithoutLeakingItsBox() async {
        let button = Button(label: "Check")
        let boxes = liveSignalHandlerCount
        var calls = 0
        XCTAssertEqual(button.on("clickd") { _ in calls += 1 }, 0)
        XCTAssertEqual(button.onNotify("lable") { _ in calls += 1 }, 0, "notify:: needs a real property")
        XCTAssertEqual(liveSignalHandlerCount, boxes, "no closure box was made")
        button.click()
        XCTAssertEqual(calls, 0)
        XCTAssertNotEqual(button.onNotify("label") { _ in calls += 1 }, 0)
        button.label = "Checked"
        XCTAssertEqual(calls, 1)
    }

    /// A misspelt name compiles; its refusal names the file and
    /// line that asked, and the signals the demos and the guide connect
    /// have typed methods.
    func testARefusedNameSaysWhichFileAndLineAskedForIt() async throws {
        let button = Button(label: "Check")
        let said = try standardError {
            XCTAssertEqual(button.on("clikced") { _ in }, 0)
            XCTAssertEqual(button.onBoolean("popup-menus") { _ in true }, 0)
            XCTAssertEqual(button.onNotify("lable") { _ in }, 0)
        }
        let here = #line
        let file = "DemoShellTests/BindingSignalCheckTests.swift"
        XCTAssertTrue(said.contains("\(file):\(here - 4): demo-shell: cannot connect a handler: "), said)
        XCTAssertTrue(said.contains("\(file):\(here - 3): demo-shell: cannot connect a handler: "), said)
        XCTAssertTrue(said.contains("\(file):\(here - 2): demo-shell: cannot connect a handler: "), said)
        XCTAssertTrue(said.contains("clikced"), said)

        let window = Window(title: "Typed")
        let search = SearchEntry(placeholder: "Find")
        window.add(search)
        let typed = try standardError {
            XCTAssertNotEqual(window.onDeleteEvent { _ in false }, 0)
            XCTAssertNotEqual(window.onHide { _ in }, 0)
            XCTAssertNotEqual(button.onPopupMenu { _ in false }, 0)
            XCTAssertNotEqual(search.onNextMatch { _ in }, 0)
            XCTAssertNotEqual(search.onPreviousMatch { _ in }, 0)
        }
        XCTAssertEqual(typed, "")
        window.destroy()
    }

    /// What `body` writes on standard error (fd 2, for the time it runs).
    private func standardError(_ body: () -> Void) throws -> String {
        let path = try XCTUnwrap(FileSystem.makeTemporaryDirectory()) + "/stderr"
        let saved = dup(2), file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(file, 2)
        close(file)
        body()
        dup2(saved, 2)
        close(saved)
        defer { FileSystem.removeTree(FileSystem.dirname(path)) }
        return FileSystem.read(path) ?? ""
    }

    func testASignalOfAnotherShapeIsRefused() async {
        let window = Window(title: "Shapes")
        let boxes = liveSignalHandlerCount
        // "key-press-event" takes an event and returns gboolean; "on" handlers
        // take nothing and return nothing.
        XCTAssertEqual(window.on("key-press-event") { _ in }, 0)
        // "clicked" returns nothing: a boolean handler does not fit.
        XCTAssertEqual(Button(label: "x").onBoolean("clicked") { _ in true }, 0)
        // "size-allocate" has an argument: not a plain "on" signal either.
        XCTAssertEqual(window.on("size-allocate") { _ in }, 0)
        XCTAssertEqual(liveSignalHandlerCount, boxes)
    }

    func testABooleanSignalsHandlerDecides() async {
        let window = Window(title: "Keep me")
        show(window)
        var asked = 0
        var keepOpen = true
        XCTAssertNotEqual(
            window.onBoolean("delete-event") { _ in
                asked += 1
                return keepOpen
            }, 0)
        window.close()
        MainLoop.drain()
        XCTAssertEqual(asked, 1)
        XCTAssertTrue(window.isVisible, "true stops the signal: the window stays")
        keepOpen = false
        window.close()
        XCTAssertTrue(MainLoop.run(until: { !Window.all.contains { $0 === window } }), "false lets GTK destroy it")
        XCTAssertEqual(asked, 2)
    }
}
