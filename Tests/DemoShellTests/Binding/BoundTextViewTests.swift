import DemoShellKit
import DemoKitTesting
import TextBounds
import TestSupport
import XCTest

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
        view.accessibleName = "Template"  // the accessible, and its buffer handlers, exist from here on
        let limit = TextLimit(characters: 100, scalarsPerCharacter: 4, lines: .multiple)
        view.bound(filter: { limit.filter($0, $1) }, cutting: { limit.cuttingLongCharacters($0) })
        window.add(view)
        show(window)
        view.grabFocus()
        let before = GLibLog.recorded.count  // recording since setUp
        view.sendKey(Key.character("e"))
        for _ in 0..<10 { view.sendKey(Key.character("\u{301}")) }
        view.sendKey(Key.character("x"))
        MainLoop.drain()
        XCTAssertEqual(
            view.text, "e\u{301}\u{301}\u{301}x", "the character is cut to 4 scalars and typing goes on after it")
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
