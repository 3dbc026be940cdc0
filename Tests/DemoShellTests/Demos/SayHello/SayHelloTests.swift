import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Say Hello, opened through the real plugin loader and used with real keys.
@MainActor
final class SayHelloTests: GtkTestCase {
    private var window: Window!

    private func open() throws -> (entry: Entry, button: Button, greeting: Label) {
        window = try openBuiltInDemo("say-hello").window
        show(window)
        return (
            try XCTUnwrap(window.find(Entry.self, named: "Name")),
            try XCTUnwrap(window.find(Button.self, named: "Greet")),
            try XCTUnwrap(window.find(Label.self, described: "Greeting"))
        )
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
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Ada Lovelace\u{2069}!")
    }

    /// The name is isolated for display (U+2068 … U+2069), but what is
    /// copied is the text the user sees, whether by Copy or by the
    /// selection pasted with the middle button.
    func testCopyingTheGreetingGivesTheVisibleText() async throws {
        let (entry, _, greeting) = try open()
        type("ada", into: entry)
        entry.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Ada\u{2069}!")
        greeting.select(from: 0, to: greeting.text.unicodeScalars.count)
        MainLoop.drain()
        XCTAssertEqual(gtkResult { await Clipboard.primary.text() }, "Hello, Ada!", "the middle-button selection")
        greeting.copySelectionToClipboard()  // the context menu's Copy (the greeting takes no focus)
        MainLoop.drain()
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() }, "Hello, Ada!", "Copy")
        // Part of it: from inside the name to the end.
        greeting.select(from: 9, to: greeting.text.unicodeScalars.count)
        greeting.copySelectionToClipboard()
        MainLoop.drain()
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() }, "da!")
        XCTAssertEqual(gtkResult { await Clipboard.primary.text() }, "da!")
        // Another selection takes PRIMARY over: the greeting's highlight goes, as GTK's own does.
        entry.text = "Someone"
        entry.selectAll()
        MainLoop.drain()
        XCTAssertNil(greeting.selectedText)
        XCTAssertEqual(gtkResult { await Clipboard.primary.text() }, "Someone")
    }

    func testGreetButtonTrimsSpaces() async throws {
        let (entry, button, greeting) = try open()
        entry.text = "   Grace  "
        button.click()
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Grace\u{2069}!")
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
        XCTAssertEqual(greeting.text, "Hello, \u{2068}\(String(repeating: "👋🏽", count: 16))\u{2069}!")
    }

    func testEmptyNameShowsAModalMessageAndReturnsFocus() async throws {
        let (entry, button, greeting) = try open()
        entry.text = "Ada"
        button.click()
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Ada\u{2069}!")
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

    // MARK: Hostile text, each once seen within the 16-character rule

    func testCombiningAccentsAndJoinedEmojiAreCutPerCharacter() async throws {
        let (entry, button, greeting) = try open()
        entry.grabFocus()
        // Once: a 12.8 s stall on paste and 34.6 s on Greet.
        entry.insertAtCursor("e" + String(repeating: "\u{301}", count: 50_000))
        MainLoop.drain()
        XCTAssertEqual(entry.text.unicodeScalars.count, 16)
        XCTAssertEqual(entry.text.count, 1)
        // Once: one "character" of 2,000 joined emoji, and a 32,767 px window.
        entry.text = ""
        entry.insertAtCursor(Array(repeating: "👩", count: 2_000).joined(separator: "\u{200D}"))
        MainLoop.drain()
        XCTAssertEqual(entry.text.unicodeScalars.count, 16)
        button.click()
        MainLoop.drain()
        XCTAssertLessThan(window.size.width, 1280, "the window fits the screen")
        XCTAssertTrue(greeting.text.hasPrefix("Hello, \u{2068}"))
    }

    func testControlCharactersNewlinesAndInvisiblesAreRefused() async throws {
        let (entry, button, greeting) = try open()
        entry.grabFocus()
        entry.insertAtCursor("Ada\nLove\u{7}lace")
        MainLoop.drain()
        XCTAssertEqual(entry.text, "Ada Lovelace", "a newline is a space, a bell character is left out")
        // Zero-width spaces no longer use up the limit unseen.
        entry.text = ""
        entry.insertAtCursor(String(repeating: "\u{200B}", count: 20) + "Grace")
        MainLoop.drain()
        XCTAssertEqual(entry.text, "Grace")
        // A right-to-left override cut before its terminator cannot leak into the
        // greeting ("Hello, Ab !worlD hello"): dropped, and the name is isolated.
        entry.text = ""
        entry.insertAtCursor("\u{202E}Ab")
        button.click()
        MainLoop.drain()
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Ab\u{2069}!")
    }

    /// The 17th character was refused with only the error bell.
    /// The window says why beside the field, and a screen reader hears it, once.
    func testTheLimitIsSaidBesideTheFieldAndHeard() async throws {
        let manager = try WindowManager()  // keys as on a desktop
        defer { manager.stop() }
        let (entry, _, _) = try open()
        activate(window)
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        let said = "A name has at most 16 characters."
        let note = try XCTUnwrap(window.descendants.compactMap { $0.as(Label.self) }.first { $0.text == said })
        XCTAssertFalse(note.isMapped)
        var heard = listener.announcements(through: entry) { type("abcdefghijklmnop", into: entry) }
        XCTAssertEqual(heard, [], "16 characters fit")
        XCTAssertFalse(note.isMapped)
        heard = listener.announcements(through: entry) {
            entry.sendKey(Key.character("q"))
            entry.sendKey(Key.character("r"))
        }
        XCTAssertEqual(entry.text, "Abcdefghijklmnop")
        XCTAssertEqual(heard.map(\.text), [said], "said once, not at every key")
        XCTAssertTrue(heard.allSatisfy(\.isPolite))
        XCTAssertTrue(note.isMapped, "shown beside the field")
        // (SHOWING once laid out, on the next frame.)
        let shown = { self.window.accessible?.subtree.filter { $0.role == "label" && $0.isShowing }.map(\.name) ?? [] }
        MainLoop.run(until: { shown().contains(said) })
        XCTAssertTrue(shown().contains(said), "and in the accessibility tree: \(shown())")
        entry.sendKey(Key.backSpace)
        MainLoop.drain()
        XCTAssertFalse(note.isMapped, "room again: the note goes")
    }

    func testAFullFieldRefusesTypingInsteadOfDroppingALetter() async throws {
        let (entry, _, _) = try open()
        type("abcdefghijklmnop", into: entry)
        XCTAssertEqual(entry.text, "Abcdefghijklmnop")
        entry.cursorPosition = 0
        entry.sendKey(Key.character("z"))
        MainLoop.drain()
        XCTAssertEqual(entry.text, "Abcdefghijklmnop", "the last letter, already typed, is kept")
        // 10,000 characters pasted into the full field: nothing changes.
        entry.insertAtCursor(String(repeating: "x", count: 10_000))
        MainLoop.drain()
        XCTAssertEqual(entry.text, "Abcdefghijklmnop")
    }
}
