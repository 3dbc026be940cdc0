import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// 2048's main menu used from the keyboard, as a keyboard user found it: Down ×3
/// from the menu's first item chose 5 × 5 (GTK's radio buttons choose the
/// one the arrow lands on), closing the menu and starting a game, and the
/// next Down played a move. Here the arrows only move the focus, Space
/// chooses, and each radio's group ("Board Size") is its named container in
/// the accessibility tree, as a screen reader finds it.
@MainActor
final class Game2048MenuKeyboardTests: GtkTestCase {
    private var window: Window!
    /// Keys as on a desktop: a window manager gives the window the focus.
    private var manager: WindowManager?

    override func tearDown() async throws {
        manager?.stop()
        manager = nil
        try await super.tearDown()
    }

    private func open() throws {
        manager = try WindowManager()
        (window, _) = try openBuiltInDemo("2048")
        show(window)
        activate(window)
        try XCTUnwrap(window.find(Button.self, named: "Start Game")).click()
        MainLoop.drain()
    }

    private var menu: MenuButton { window.find(MenuButton.self, named: "Main Menu")! }
    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }
    private var focusedName: String { window.focusedWidget?.accessibleName ?? "" }

    /// The radios marked chosen, by name.
    private func chosen() -> [String] {
        menu.popover!.descendants.compactMap { $0.as(RadioButton.self) }.filter(\.isActive).map(\.accessibleName)
    }

    /// Opens the menu as a keyboard user does: Tab to it, Space.
    private func openMenuWithKeys() {
        menu.grabFocus()
        menu.sendKey(Key.space)
        XCTAssertTrue(MainLoop.run(until: { self.menu.popover!.isMapped }), "Space opens the menu")
        MainLoop.drain()
    }

    func testArrowsMoveTheFocusThroughTheMenuAndOnlySpaceChooses() async throws {
        try open()
        openMenuWithKeys()
        XCTAssertEqual(chosen(), ["4 × 4", "Normal"])
        var visited = [focusedName]
        for _ in 0..<6 {
            window.sendKey(Key.down)
            MainLoop.drain()
            visited.append(focusedName)
        }
        // Undo is unavailable on a new game: the focus passes it by.
        XCTAssertEqual(visited, ["New Game", "3 × 3", "4 × 4", "5 × 5", "6 × 6", "Slow", "Normal"])
        XCTAssertEqual(chosen(), ["4 × 4", "Normal"], "arrowing chooses nothing")
        XCTAssertTrue(menu.popover!.isVisible, "and keeps the menu open")
        window.sendKey(Key.up)
        window.sendKey(Key.up)
        window.sendKey(Key.left)
        window.sendKey(Key.right)
        MainLoop.drain()
        XCTAssertEqual(focusedName, "6 × 6")
        XCTAssertEqual(chosen(), ["4 × 4", "Normal"])
        window.sendKey(Key.up)
        window.sendKey(Key.space)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(until: { !self.menu.popover!.isVisible }), "Space chooses and closes the menu")
        XCTAssertTrue(board.hasFocus)
        XCTAssertEqual(chosen(), ["5 × 5", "Normal"])
        // Down on the board plays; the menu stays as chosen.
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertEqual(chosen(), ["5 × 5", "Normal"])
        // The menu wraps, Up from its first item to its last.
        openMenuWithKeys()
        window.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertEqual(focusedName, "Fast")
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(until: { !self.menu.popover!.isVisible }), "Enter chooses too")
        XCTAssertEqual(chosen(), ["5 × 5", "Fast"])
    }

    /// Each radio's nearest named container (panel or filler), where Orca
    /// finds the name of a radio's group.
    private func groups(in element: AccessibleElement, container: String? = nil) -> [String: String] {
        var result: [String: String] = [:]
        if element.role == "radio button" { result[element.name] = container ?? "" }
        let named = ["panel", "filler"].contains(element.role) && !element.name.isEmpty ? element.name : container
        for child in element.children { result.merge(groups(in: child, container: named)) { first, _ in first } }
        return result
    }

    func testEachRadioIsInsideItsNamedGroup() async throws {
        try open()
        openMenuWithKeys()
        let groups = groups(in: try XCTUnwrap(menu.popover?.accessible))
        XCTAssertEqual(
            groups,
            [
                "3 × 3": "Board Size", "4 × 4": "Board Size", "5 × 5": "Board Size", "6 × 6": "Board Size",
                "Slow": "Autoplay Speed", "Normal": "Autoplay Speed", "Fast": "Autoplay Speed",
            ])
    }
}
