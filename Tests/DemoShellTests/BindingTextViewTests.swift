import DemoKit
@_spi(Testing) import Gtk
import TextBounds
import XCTest

/// GtkTextView and its buffer through the binding.
@MainActor
final class BindingTextViewTests: GtkTestCase {
    func testTextRoundTripsAndChangedFiresForCodeAndTyping() async {
        let window = Window(title: "Text view")
        let view = TextView(text: "Once upon a time")
        view.setSizeRequest(width: 200, height: 100)
        window.add(view)
        var changes = 0
        var lastText = ""
        view.onChanged { view in
            changes += 1
            lastText = view.text
        }
        show(window)
        XCTAssertEqual(view.text, "Once upon a time")

        view.text = "宝玉 👋🏽\nline two"
        XCTAssertEqual(view.text, "宝玉 👋🏽\nline two")
        XCTAssertEqual(view.characterCount, 14, "Unicode scalars: the skin tone counts as one")
        XCTAssertGreaterThanOrEqual(changes, 1)
        XCTAssertEqual(lastText, view.text)

        view.append("!")
        XCTAssertEqual(view.text, "宝玉 👋🏽\nline two!")

        view.text = ""
        view.grabFocus()
        let before = changes
        for c in "ab" { view.sendKey(Key.character(c)) }
        MainLoop.drain()
        XCTAssertEqual(view.text, "ab", "real key events edit the buffer")
        XCTAssertEqual(changes, before + 2, "one change per typed character")
    }

    func testReadOnlyViewRefusesTyping() async {
        let window = Window(title: "Read only")
        let view = TextView(text: "fixed", isEditable: false)
        window.add(view)
        show(window)
        XCTAssertFalse(view.isEditable)
        view.grabFocus()
        view.sendKey(Key.character("x"))
        MainLoop.drain()
        XCTAssertEqual(view.text, "fixed")
        view.isEditable = true
        XCTAssertTrue(view.isEditable)
    }

    func testPropertiesAndAccessibleName() async {
        let view = TextView()
        view.wrapMode = .wordCharacter
        XCTAssertEqual(view.wrapMode, .wordCharacter)
        view.wrapMode = .word
        XCTAssertEqual(view.wrapMode, .word)
        view.isMonospace = true
        XCTAssertTrue(view.isMonospace)
        XCTAssertTrue(view.hasStyleClass("monospace"))
        view.leftMargin = 12
        view.rightMargin = 8
        view.topMargin = 4
        view.bottomMargin = 2
        XCTAssertEqual([view.leftMargin, view.rightMargin, view.topMargin, view.bottomMargin], [12, 8, 4, 2])
        view.isCursorVisible = false
        XCTAssertFalse(view.isCursorVisible)
        view.accessibleName = "Your story"
        XCTAssertEqual(view.accessibleName, "Your story")

        let window = Window(title: "Find")
        window.add(view)
        XCTAssertTrue(window.find(TextView.self, named: "Your story") === view)
    }

    func testDisconnectChangedStopsTheHandler() async {
        let before = liveSignalHandlerCount
        let view = TextView()
        var changes = 0
        let id = view.onChanged { _ in changes += 1 }
        view.text = "a"
        view.disconnectChanged(id)
        view.text = "b"
        XCTAssertEqual(changes, 1)
        view.destroy()
        MainLoop.drain()
        XCTAssertEqual(liveSignalHandlerCount, before)
    }

    func testDestroyReleasesHandlersEvenIfTheCaptureIsTheView() async {
        let boxesBefore = liveSignalHandlerCount
        weak var weakView: TextView?
        do {
            let window = Window(title: "Text lifecycle")
            let view = TextView(text: "x")
            window.add(view)
            // A cycle through GTK: buffer → handler → view wrapper → view → buffer.
            view.onChanged { _ in _ = view.text }
            weakView = view
            show(window)
            view.text = "y"
            window.destroy()
        }
        MainLoop.drain()
        XCTAssertNil(weakView)
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore)
    }
}

/// A view bound by `TextLimit` cuts a character that grows too long while GTK
/// is still inserting (combining marks typed one by one): it must leave no
/// stale iterator behind for the accessibility bridge (GTK warned "Invalid
/// text buffer iterator" on every such key while the cut ran on "changed").
@MainActor
final class BoundTextViewTests: GtkTestCase {
    func testCuttingWhileTypingLeavesNoStaleIterator() async {
        let window = Window(title: "Bound text view")
        let view = TextView()
        view.setSizeRequest(width: 200, height: 100)
        view.accessibleName = "Template" // the accessible, and its buffer handlers, exist from here on
        let limit = TextLimit(characters: 100, scalarsPerCharacter: 4, lines: .multiple)
        view.bound(filter: limit.filter, cutting: limit.cuttingLongCharacters)
        window.add(view)
        show(window)
        view.grabFocus()
        let before = GLibLog.recorded.count // recording since setUp
        view.sendKey(Key.character("e"))
        for _ in 0..<10 { view.sendKey(Key.character("\u{301}")) }
        view.sendKey(Key.character("x"))
        MainLoop.drain()
        XCTAssertEqual(view.text, "e\u{301}\u{301}\u{301}x", "the character is cut to 4 scalars and typing goes on after it")
        XCTAssertEqual(Array(GLibLog.recorded.dropFirst(before)), [], "no GTK warning while cutting")
    }

    /// A pasted 4,000-character word made Pango's word-then-character
    /// wrapping take 70–100 ms: such a text wraps at any character instead.
    func testAnUnbrokenRunWrapsByCharacterAndOrdinaryTextByWord() async {
        let window = Window(title: "Wrapping")
        let view = TextView()
        view.wrapsWords(unlessLongerThan: 200)
        view.setSizeRequest(width: 200, height: 100)
        window.add(view)
        show(window)
        view.text = String(repeating: "words and more ", count: 200)
        XCTAssertEqual(view.wrapMode, .wordCharacter, "3,000 characters of ordinary words wrap between words")
        view.text = "a " + String(repeating: "x", count: 201)
        XCTAssertEqual(view.wrapMode, .character)
        view.text = String(repeating: "x", count: 200) + " " + String(repeating: "y", count: 200)
        XCTAssertEqual(view.wrapMode, .wordCharacter, "200 in a row is still a word")
    }
}
