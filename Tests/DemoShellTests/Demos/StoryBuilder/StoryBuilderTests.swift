import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// Story Builder, opened through the real plugin loader and used with real keys.
@MainActor
final class StoryBuilderTests: GtkTestCase {
    private var window: Window!
    private var host: TestHost!

    private struct Form {
        let place: Entry, verb: Entry, number: Entry
        let template: TextView, story: TextView, status: Label
        let generate: Button, reset: Button, copy: Button
    }

    private func open(host existing: TestHost? = nil) throws -> Form {
        if let existing {
            let registry = PluginRegistry(searchPath: [buildProductsDirectory])
            guard case .success(let module) = registry.module(id: "story") else {
                throw DemoLoadError(message: "no story")
            }
            window = module.makeWindow(host: existing)
            host = existing
        } else {
            (window, host) = try openBuiltInDemo("story")
        }
        show(window)
        return Form(
            place: try XCTUnwrap(window.find(Entry.self, named: "Place")),
            verb: try XCTUnwrap(window.find(Entry.self, named: "Verb")),
            number: try XCTUnwrap(window.find(Entry.self, named: "Number")),
            template: try XCTUnwrap(window.find(TextView.self, named: "Template")),
            story: try XCTUnwrap(window.find(TextView.self, named: "Story")),
            status: try XCTUnwrap(window.find(Label.self, described: "Status")),
            generate: try XCTUnwrap(window.find(Button.self, named: "Generate Story")),
            reset: try XCTUnwrap(window.find(Button.self, named: "Reset Template")),
            copy: try XCTUnwrap(window.find(Button.self, named: "Copy")))
    }

    private func type(_ text: String, into widget: Widget) {
        widget.grabFocus()
        for c in text { widget.sendKey(Key.character(c)) }
        MainLoop.drain()
    }

    private let defaultTemplate =
        "Last summer, somewhere near the <place>, I watched <number> penguins <verb> in perfect time to the music."

    func testStartsWithTheDefaultTemplateHintsAndFocusInPlace() async throws {
        let form = try open()
        XCTAssertEqual(form.place.placeholder, "A place, such as a beach")
        XCTAssertEqual(form.verb.placeholder, "Something to do, such as dance")
        XCTAssertEqual(form.number.placeholder, "Digits only, such as 7")
        XCTAssertEqual(form.template.text, defaultTemplate)
        XCTAssertTrue(form.template.isEditable)
        XCTAssertFalse(form.story.isEditable, "the story is read-only")
        XCTAssertEqual(form.story.text, "")
        XCTAssertTrue(form.place.hasFocus)
        XCTAssertFalse(form.copy.isSensitive, "nothing to copy yet")
        XCTAssertFalse(form.reset.isSensitive, "the template is already the default")
        XCTAssertTrue(form.template.hasStyleClass("story-template"))
        XCTAssertTrue(form.story.hasStyleClass("story-output"))
        for text in [form.template, form.story] as [Widget] {
            let scroller = try XCTUnwrap(text.parent?.as(ScrolledWindow.self))
            XCTAssertTrue(scroller.showsFrame, "each text sits in a frame, as in GNOME's forms")
        }
    }

    func testEnterMovesToTheNextEntryAndGeneratesInTheLast() async throws {
        let form = try open()
        type("beach", into: form.place)
        form.place.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertTrue(form.verb.hasFocus, "Enter in Place moves to Verb")
        for c in "dance" { form.verb.sendKey(Key.character(c)) }
        form.verb.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertTrue(form.number.hasFocus, "Enter in Verb moves to Number")
        for c in "12" { form.number.sendKey(Key.character(c)) }
        XCTAssertEqual(form.story.text, "", "nothing generated before Enter in the last entry")
        form.number.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(
            form.story.text,
            "Last summer, somewhere near the beach, I watched 12 penguins dance in perfect time to the music.")
        XCTAssertEqual(form.status.text, "")
        XCTAssertTrue(form.copy.isSensitive)
    }

    func testNumberRefusesTypedCharactersAndKeepsTheDigitsOfAPaste() async throws {
        let form = try open()
        type("1a2 -3", into: form.number)
        XCTAssertEqual(form.number.text, "123", "letters, spaces and signs are refused as typed")
        form.number.selectAll()
        form.number.sendKey(Key.character("x"))
        MainLoop.drain()
        XCTAssertEqual(form.number.text, "123", "a refused key leaves the text, selection included, unchanged")
        form.number.cursorPosition = 1
        form.number.insertAtCursor("4a5b")
        MainLoop.drain()
        XCTAssertEqual(form.number.text, "14523", "a paste keeps only its digits")
        XCTAssertEqual(form.number.cursorPosition, 3, "the cursor lands after what was inserted")
        form.number.insertAtCursor("１２")
        XCTAssertEqual(form.number.text, "1451223", "full-width digits become digits")
        form.place.grabFocus()
        form.place.insertAtCursor("Line\none\u{7}")
        XCTAssertEqual(form.place.text, "Line one", "one line, no control characters")
    }

    func testTypedTextIsInsertedLiterally() async throws {
        let form = try open()
        form.template.text = "<place>|<verb>|<number>|<name>|a < b"
        form.place.text = "<verb>"
        form.verb.text = "<number>"
        form.number.text = "3"
        form.generate.click()
        XCTAssertEqual(form.story.text, "<verb>|<number>|3|<name>|a < b")
    }

    /// A pasted number too long for the field is refused whole, and the
    /// status line says why; the next change to Number clears it.
    func testANumberTooLongToPasteIsRefusedWithAWord() async throws {
        let form = try open()
        form.number.text = "12"
        form.number.cursorPosition = 2
        form.number.insertAtCursor(String(repeating: "9", count: 26))
        MainLoop.drain()
        XCTAssertEqual(form.number.text, "12", "not cut to 18 digits, which would be another number")
        XCTAssertEqual(form.status.text, "A number has at most 18 digits: the 26 pasted were not taken.")
        XCTAssertEqual(form.status.accessible?.name, form.status.text)
        form.number.insertAtCursor("3")
        MainLoop.drain()
        XCTAssertEqual(form.number.text, "123")
        XCTAssertEqual(form.status.text, "")
        form.number.text = String(repeating: "9", count: 18)
        form.number.cursorPosition = 18
        form.number.insertAtCursor("7")
        MainLoop.drain()
        XCTAssertEqual(form.status.text, "A number has at most 18 digits.")
    }

    func testEmptyFieldsAreFlaggedUntilFilled() async throws {
        let form = try open()
        form.verb.text = "sing"
        form.place.text = "sea"
        form.number.text = "4"
        form.generate.click()
        let story = form.story.text
        XCTAssertFalse(story.isEmpty)
        form.place.text = ""
        form.number.text = ""
        form.generate.click()
        XCTAssertEqual(form.status.text, "Please fill in: Place, Number")
        XCTAssertTrue(form.place.hasStyleClass("error"))
        XCTAssertFalse(form.verb.hasStyleClass("error"))
        XCTAssertTrue(form.number.hasStyleClass("error"))
        XCTAssertFalse(story.isEmpty)
        XCTAssertEqual(form.story.text, "", "the story shown no longer answers the form")
        XCTAssertFalse(form.copy.isSensitive, "nothing is left to copy")
        XCTAssertTrue(form.place.hasFocus, "the first empty entry gets the focus")

        type("x", into: form.place)
        XCTAssertFalse(form.place.hasStyleClass("error"), "the error style goes as soon as the entry has text")
        XCTAssertEqual(form.status.text, "Please fill in: Number")
        type("9", into: form.number)
        XCTAssertFalse(form.number.hasStyleClass("error"))
        XCTAssertEqual(form.status.text, "")

        form.template.text = "Only <verb>."
        form.place.text = ""
        form.generate.click()
        XCTAssertEqual(form.story.text, "Only sing.", "an empty field the template does not use is fine")
        XCTAssertFalse(form.place.hasStyleClass("error"))
    }

    func testResetTemplateAndCopy() async throws {
        let form = try open()
        form.template.grabFocus()
        form.template.insertAtCursor("More: <number>!\u{1}")
        MainLoop.drain()
        XCTAssertTrue(form.template.text.contains("More: <number>!"), form.template.text)
        XCTAssertFalse(form.template.text.contains("\u{1}"), "control characters are refused")
        XCTAssertTrue(form.reset.isSensitive)
        form.reset.click()
        XCTAssertEqual(form.template.text, defaultTemplate)
        XCTAssertFalse(form.reset.isSensitive)

        form.place.text = "park"
        form.verb.text = "skate"
        form.number.text = "2"
        form.generate.click()
        form.copy.click()
        XCTAssertFalse(form.story.text.isEmpty)
        var copied: String??
        Clipboard.standard.requestText { copied = .some($0) }
        XCTAssertTrue(MainLoop.run(until: { copied != nil }))
        XCTAssertEqual(copied, .some(form.story.text))
        XCTAssertEqual(form.status.text, "The story is on the clipboard.")
    }

    func testEntriesAndTemplateComeBackWhenReopened() async throws {
        let form = try open()
        form.place.text = "moon"
        form.verb.text = "jump"
        form.number.text = "42"
        form.template.text = "On the <place>."
        window.destroy()
        MainLoop.drain()
        XCTAssertEqual(host.settings.string("place"), "moon")
        XCTAssertEqual(host.settings.string("template"), "On the <place>.")

        let again = try open(host: host)
        XCTAssertEqual(again.place.text, "moon")
        XCTAssertEqual(again.verb.text, "jump")
        XCTAssertEqual(again.number.text, "42")
        XCTAssertEqual(again.template.text, "On the <place>.")

        again.reset.click()
        window.destroy()
        MainLoop.drain()
        XCTAssertNil(host.settings.string("template"), "the default template is not stored, so it follows the language")
    }

    func testTabFollowsTheVisualOrder() async throws {
        let form = try open()
        form.place.text = "a"
        form.template.text = "x"
        form.generate.click()  // Copy becomes sensitive
        form.place.grabFocus()
        var order: [String] = []
        for _ in 0..<9 {
            window.sendKey(Key.tab)
            MainLoop.drain()
            order.append(window.focusedWidget?.accessibleName ?? "?")
        }
        XCTAssertEqual(
            order, ["Verb", "Number", "Reset Template", "Template", "Generate Story", "Copy", "Story", "Place", "Verb"])
    }

    /// A screen reader reads the form as it is seen, Place,
    /// Verb, Number, each label before its entry, and each entry's hint
    /// ("Digits only, such as 7") as its description.
    func testAScreenReaderReadsTheFormInOrderWithItsHints() async throws {
        _ = try open()
        // The accessibility tree's order is the order AT-SPI publishes.
        let form = try XCTUnwrap(window.accessible).subtree.filter { ["Place", "Verb", "Number"].contains($0.name) }
        XCTAssertEqual(
            form.map { "\($0.name) [\($0.role)]" },
            ["Place [label]", "Place [text]", "Verb [label]", "Verb [text]", "Number [label]", "Number [text]"])
        XCTAssertEqual(
            form.filter { $0.role == "text" }.map(\.description),
            ["A place, such as a beach", "Something to do, such as dance", "Digits only, such as 7"])
    }

    /// A letter typed or pasted into Number is refused with a
    /// word under it, announced once while it shows; a digit takes it away.
    func testALetterRefusedByNumberIsSaidAndShown() async throws {
        let form = try open()
        let message = "Only digits can go in Number."
        var announced: [String] = []
        form.number.onAnnouncement { announced.append($0) }
        type("1a", into: form.number)
        let line = try XCTUnwrap(window.find(Label.self, named: message), "no line says why")
        XCTAssertTrue(line.isMapped, "shown")
        XCTAssertEqual(announced, [message])
        // Typed on in the field (focusing it again would select its text).
        func press(_ character: Character) {
            form.number.sendKey(Key.character(character))
            MainLoop.drain()
        }
        press("b")
        XCTAssertEqual(announced, [message], "said once while it shows")
        press("2")
        XCTAssertEqual(form.number.text, "12")
        XCTAssertFalse(line.isVisible, "a digit taken takes it away")
        form.number.insertAtCursor("3x")
        MainLoop.drain()
        XCTAssertEqual(form.number.text, "123", "the digits of a paste are kept")
        XCTAssertTrue(line.isMapped, "and the letters' refusal said")
        XCTAssertEqual(announced, [message, message])
    }
}
