import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A line typed and the launcher closed at once: by its close
/// button, Ctrl+W or Ctrl+Q, before the save that waits for typing to pause.
/// The test keeps only the window, so that, as in the running launcher, only
/// the shell holds the rest of it while it closes.
@MainActor
final class EditsKeptOnCloseTests: EditAndRunTestCase {
    let file = "Model/SayHelloModel.swift"
    let line = "// typed, and the window closed at once"

    /// The launcher with `line` typed into `file` by key events, not saved yet.
    private func typeALine() throws -> Window {
        let (launcher, view) = try openForEditing(file)
        view.moveCursor(toLine: 2)
        for character in line { launcher.window.sendKey(Key.character(character)) }
        launcher.window.sendKey(Key.returnKey)
        XCTAssertTrue(view.text.contains(line), view.text)
        XCTAssertNil(workspace.editedText(file), "not written yet: typing has not paused")
        return launcher.window
    }

    private func assertKept(after close: (Window) -> Void) throws {
        let window = try typeALine()
        close(window)
        XCTAssertTrue(MainLoop.run(until: { self.shell.launcher == nil }), "the launcher never closed")
        XCTAssertTrue(workspace.editedText(file)?.contains(line) == true, "the line typed is in the edits folder")
    }

    func testTheCloseButtonKeepsTheLineJustTyped() async throws {
        try assertKept { $0.close() }  // what the title bar's close button does
    }

    func testCtrlWKeepsTheLineJustTyped() async throws {
        try assertKept { $0.sendKey(Key.character("w"), modifiers: .control) }
    }

    func testCtrlQKeepsTheLineJustTyped() async throws {
        try assertKept { $0.sendKey(Key.character("q"), modifiers: .control) }
    }

    func testDestroyingTheWindowKeepsTheLineJustTyped() async throws {
        try assertKept { $0.destroy() }
    }
}
