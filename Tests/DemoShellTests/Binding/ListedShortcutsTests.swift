import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// A demo's shortcuts are listed where its keys are handled
/// (`onKeyPress(listing:)`, `listShortcuts`), and its window gathers them
/// (`listedShortcuts`, what the shell's Keyboard Shortcuts window shows).
@MainActor
final class ListedShortcutsTests: GtkTestCase {
    func testAWindowGathersWhatItsHandlersAndWidgetsList() async throws {
        let window = Window(title: "Listed")
        defer { window.destroy() }
        let box = Box(.vertical)
        let first = Button(label: "First"), second = Button(label: "Second")
        box.append(first)
        box.append(second)
        window.add(box)
        var pressed: [UInt32] = []
        let moving = ShortcutsGroup(title: "Moving", shortcuts: [Shortcut("Up Down", "Move")])
        // Two widgets with one handler's list (two columns): listed once.
        for button in [first, second] {
            button.onKeyPress(listing: moving) { _, key in
                pressed.append(key.keyval)
                return key.keyval == Key.up || key.keyval == Key.down ? .stop : .proceed
            }
        }
        box.listShortcuts([
            ShortcutsGroup(title: "Moving", shortcuts: [Shortcut("Tab", "Next button")]),
            ShortcutsGroup(title: "Pressing", shortcuts: [Shortcut("space", "Press")]),
        ])
        window.onKeyPress(listing: ShortcutsGroup(title: "Window", shortcuts: [Shortcut("Escape", "Close")])) { _, _ in
            .proceed
        }

        XCTAssertEqual(
            window.listedShortcuts,
            [
                ShortcutsGroup(title: "Window", shortcuts: [Shortcut("Escape", "Close")]),
                ShortcutsGroup(
                    title: "Moving", shortcuts: [Shortcut("Tab", "Next button"), Shortcut("Up Down", "Move")]),
                ShortcutsGroup(title: "Pressing", shortcuts: [Shortcut("space", "Press")]),
            ], "the window's own first, then in the widget tree's order, each group and shortcut once")
        XCTAssertEqual(box.listedShortcuts.map(\.title), ["Moving", "Pressing"], "a part lists only what is inside it")

        show(window)
        first.grabFocus()
        window.sendKey(Key.down)
        XCTAssertEqual(pressed, [Key.down], "the listing handler still gets the keys")
    }
}
