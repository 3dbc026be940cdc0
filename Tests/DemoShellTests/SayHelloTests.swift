import DemoKit
import XCTest

/// Say Hello, opened through the real plugin loader and used with real keys.
@MainActor
final class SayHelloTests: GtkTestCase {
    private var window: Window!

    private func open() throws -> (entry: Entry, button: Button, greeting: Label) {
        window = try openBuiltInDemo("say-hello").window
        show(window)
        return (try XCTUnwrap(window.find(Entry.self, named: "Name")),
                try XCTUnwrap(window.find(Button.self, named: "Greet")),
                try XCTUnwrap(window.find(Label.self, named: "Greeting")))
    }

    private func type(_ text: String, into entry: Entry) {
        entry.grabFocus()
        for c in text { entry.sendKey(Key.character(c)) }
        MainLoop.drain()
    }

    func testStartsEmptyWithPlaceholderAndFocusInTheEntry() async throws {
        let (entry, _, greeting) = try open()
        XCTAssertEqual(entry.text, "")
        XCTAssertEqual(entry.placeholder, "Enter your name")
        XCTAssertEqual(greeting.text, "")
        XCTAssertTrue(entry.hasFocus)
    }

    func testTypingANameAndPressingEnterGreets() async throws {
        let (entry, _, greeting) = try open()
        type("ada lovelace", into: entry)
        XCTAssertEqual(entry.text, "Ada Lovelace", "words are capitalised as typed")
        entry.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(greeting.text, "Hello, Ada Lovelace!")
    }

    func testGreetButtonTrimsSpaces() async throws {
        let (entry, button, greeting) = try open()
        entry.text = "   Grace  "
        button.click()
        XCTAssertEqual(greeting.text, "Hello, Grace!")
    }

    func testPastedLongNameIsCutToSixteenCharacters() async throws {
        let (entry, button, greeting) = try open()
        entry.grabFocus()
        entry.insertAtCursor("Abcdefghijklmnopqrstuvwxyz")
        MainLoop.drain()
        XCTAssertEqual(entry.text, "Abcdefghijklmnop")
        entry.text = ""
        entry.insertAtCursor(String(repeating: "👋🏽", count: 20))
        XCTAssertEqual(entry.text.count, 16, "an emoji with a skin tone counts once")
        button.click()
        XCTAssertEqual(greeting.text, "Hello, \(String(repeating: "👋🏽", count: 16))!")
    }

    func testEmptyNameShowsAModalMessageAndReturnsFocus() async throws {
        let (entry, button, greeting) = try open()
        entry.text = "Ada"
        button.click()
        XCTAssertEqual(greeting.text, "Hello, Ada!")
        entry.text = "    "
        button.click()
        let dialog = try XCTUnwrap(waitForWindow(titled: "Name cannot be empty"))
        let message = try XCTUnwrap(dialog.as(MessageDialog.self))
        XCTAssertEqual(message.text, "Name cannot be empty")
        XCTAssertEqual(message.detail, "Please enter a name, then press the button again.")
        XCTAssertTrue(dialog.isModal)
        XCTAssertTrue(dialog.transientFor === window)
        XCTAssertEqual(greeting.text, "", "the old greeting is cleared")
        let ok = try XCTUnwrap(dialog.find(Button.self, named: "OK"))
        ok.click()
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible || !Window.all.contains { $0 === dialog } }))
        MainLoop.run(until: { entry.hasFocus }, timeout: 1)
        XCTAssertTrue(entry.hasFocus, "focus returns to the entry")
    }
}
