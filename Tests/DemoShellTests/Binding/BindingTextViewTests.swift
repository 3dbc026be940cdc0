import DemoShellKit
import DemoKitTesting
import TextBounds
import TestSupport
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
