import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// Swift Controls, opened through the real plugin loader.
@MainActor
final class SwiftControlsTests: GtkTestCase {
    private var window: Window!
    private var stack: Stack!

    private func open() throws -> ListBox {
        window = try openBuiltInDemo("swift-controls").window
        show(window)
        stack = try XCTUnwrap(try XCTUnwrap(window.descendants.first { $0.typeName == "GtkStack" }).as(Stack.self))
        return try XCTUnwrap(window.find(ListBox.self, named: "Controls"))
    }

    private func back() throws -> Button {
        try XCTUnwrap(window.find(Button.self, named: "Back"))
    }

    private func waitForPage(_ name: String) {
        XCTAssertTrue(MainLoop.run(until: { self.stack.visiblePageName == name }), "not on \(name)")
        MainLoop.drain()
    }

    func testOpensOnTheListWithoutBackButton() async throws {
        let list = try open()
        XCTAssertEqual(window.title, "Swift Controls", "titled as the launcher names it")
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertEqual(window.title, registry.entry(id: "swift-controls")?.info.name)
        XCTAssertEqual(stack.visiblePageName, "list")
        XCTAssertEqual(list.row(at: 0)?.accessibleName, "UILabel")
        XCTAssertEqual(list.row(at: 1)?.accessibleName, "UIButton")
        XCTAssertNil(list.row(at: 2))
        XCTAssertFalse(try back().isVisible, "no back button on the list")
    }

    func testLabelRowSlidesToHelloSwiftAndBackButtonReturns() async throws {
        let list = try open()
        let row = try XCTUnwrap(list.row(at: 0))
        row.grabFocus()
        row.sendKey(Key.returnKey)
        waitForPage("label")
        let hello = try XCTUnwrap(window.find(Label.self, described: "Greeting"))
        XCTAssertEqual(hello.text, "Hello, Swift")
        XCTAssertEqual(hello.fontAttribute?.size, 36)
        XCTAssertTrue(try back().isVisible)

        try back().click()
        waitForPage("list")
        XCTAssertFalse(try back().isVisible)
        XCTAssertTrue(row.hasFocus, "focus returns to the row")
    }

    func testEscapeAndAltLeftGoBack() async throws {
        let list = try open()
        list.row(at: 1)?.grabFocus()
        window.sendKey(Key.returnKey)
        waitForPage("button")
        window.sendKey(Key.escape)
        waitForPage("list")

        list.row(at: 0)?.grabFocus()
        window.sendKey(Key.returnKey)
        waitForPage("label")
        window.sendKey(Key.left, modifiers: .alt)
        waitForPage("list")
        window.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertEqual(stack.visiblePageName, "list", "Escape on the list does nothing")
        XCTAssertTrue(window.isVisible)
    }

    func testTouchMeShowsTheSum() async throws {
        let list = try open()
        list.row(at: 1)?.grabFocus()
        window.sendKey(Key.returnKey)
        waitForPage("button")
        let touch = try XCTUnwrap(window.find(Button.self, named: "Touch Me"))
        MainLoop.run(until: { touch.allocatedWidth >= 100 }, timeout: 3)
        XCTAssertEqual(touch.allocatedWidth, 100)
        XCTAssertEqual(touch.allocatedHeight, 50)

        touch.click()
        // The heading says what was computed, not "Title".
        let shown = try XCTUnwrap(waitForWindow(titled: "Sum of 11 and 22"), "no dialog")
        let dialog = shown.as(MessageDialog.self)!
        XCTAssertEqual(dialog.text, "Sum of 11 and 22")
        XCTAssertEqual(dialog.detail, "Result = 33")
        XCTAssertTrue(dialog.isModal)
        let ok = try XCTUnwrap(dialog.button(for: .ok))
        XCTAssertEqual(ok.label.replacingOccurrences(of: "_", with: ""), "OK")
        dialog.respond(.ok)
        XCTAssertTrue(MainLoop.run(until: { !Window.all.contains { $0.title == "Sum of 11 and 22" && $0.isVisible } }))
    }

    func testEveryInteractiveWidgetHasAnAccessibleName() async throws {
        _ = try open()
        for widget in window.descendants where widget.typeName.hasSuffix("Button") || widget.typeName == "GtkListBoxRow"
        {
            XCTAssertFalse(widget.accessibleName.isEmpty, "\(widget.typeName) has no accessible name")
        }
    }

    /// Enter on a row leaves something focused on the
    /// page it opens, as a screen reader finds it (the FOCUSED state): the
    /// label page's text (Back, focused before, said neither "Hello, Swift"
    /// nor the page), the button page's Touch Me; and the page's title is heard.
    func testEachPageOpensWithItsContentFocusedAndItsTitleHeard() async throws {
        let manager = try WindowManager()  // keys as on a desktop
        defer { manager.stop() }
        let list = try open()
        activate(window)
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        let row = try XCTUnwrap(list.row(at: 0))
        row.grabFocus()
        var heard = listener.announcements(through: list) {
            window.sendKey(Key.returnKey)
            waitForPage("label")
        }
        XCTAssertEqual(heard.map(\.text), ["UILabel"])
        let focused = try XCTUnwrap(window.accessible).subtree.filter(\.isFocused)
        XCTAssertEqual(focused.map { "\($0.name) [\($0.role)]" }, ["Hello, Swift [label]"])
        let hello = try XCTUnwrap(window.find(Label.self, described: "Greeting"))
        XCTAssertNil(hello.selectedText, "nothing selected in it")
        window.sendKey(Key.escape)
        waitForPage("list")
        XCTAssertTrue(row.hasFocus)

        list.row(at: 1)?.grabFocus()
        heard = listener.announcements(through: list) {
            window.sendKey(Key.returnKey)
            waitForPage("button")
        }
        XCTAssertEqual(heard.map(\.text), ["UIButton"])
        XCTAssertTrue(try XCTUnwrap(window.find(Button.self, named: "Touch Me")).hasFocus)
        heard = listener.announcements(through: list) {
            window.sendKey(Key.escape)
            waitForPage("list")
        }
        XCTAssertEqual(heard, [], "the list, back, is said by its focused row")
    }

    /// The list is one Tab stop, as the launcher's is; the arrows
    /// move among its rows. (The page has no other control: Tab leaves the
    /// list and comes round to it, never to its next row.)
    func testTheListIsOneTabStop() async throws {
        let manager = try WindowManager()  // keys as on a desktop
        defer { manager.stop() }
        let list = try open()
        activate(window)
        let rows = [try XCTUnwrap(list.row(at: 0)), try XCTUnwrap(list.row(at: 1))]
        rows[0].grabFocus()
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertTrue(rows[1].hasFocus, "Down moves to the next row")
        window.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertTrue(rows[0].hasFocus, "Up to the previous")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertFalse(rows[1].hasFocus, "Tab is not the next row")
        rows[1].grabFocus()
        window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertFalse(rows[0].hasFocus, "nor Shift+Tab the previous")
    }
}
