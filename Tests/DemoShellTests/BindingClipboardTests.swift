import DemoKit
import XCTest

/// The CLIPBOARD selection through the binding.
@MainActor
final class BindingClipboardTests: GtkTestCase {
    func testTextRoundTripsAndClearingEmptiesIt() async {
        let clipboard = Clipboard.standard
        clipboard.setText("p4ss-wörd-宝")
        XCTAssertEqual(clipboard.text, "p4ss-wörd-宝")
        clipboard.clear()
        MainLoop.drain()
        XCTAssertNil(clipboard.text, "clearing empties the clipboard")
    }

    func testConditionalClearKeepsNewerContent() async {
        let clipboard = Clipboard.standard
        clipboard.setText("secret")
        clipboard.setText("something copied later")
        XCTAssertFalse(clipboard.clear(ifTextIs: "secret"))
        XCTAssertEqual(clipboard.text, "something copied later")
        XCTAssertTrue(clipboard.clear(ifTextIs: "something copied later"))
        XCTAssertNil(clipboard.text)
    }

    func testClearingAfterADelay() async {
        let clipboard = Clipboard.standard
        clipboard.setText("short-lived")
        MainLoop.after(milliseconds: 30) { clipboard.clear(ifTextIs: "short-lived") }
        XCTAssertEqual(clipboard.text, "short-lived")
        XCTAssertTrue(MainLoop.run(until: { clipboard.text == nil }, timeout: 2))
    }

    func testRequestTextIsAsynchronous() async {
        let clipboard = Clipboard.standard
        clipboard.setText("asked for")
        var received: String??
        clipboard.requestText { received = .some($0) }
        XCTAssertTrue(MainLoop.run(until: { received != nil }))
        XCTAssertEqual(received, .some("asked for"))
        clipboard.clear()
    }

    func testPrimaryIsSeparate() async {
        Clipboard.standard.setText("standard")
        Clipboard.primary.setText("primary")
        XCTAssertEqual(Clipboard.standard.text, "standard")
        XCTAssertEqual(Clipboard.primary.text, "primary")
        Clipboard.standard.clear()
        Clipboard.primary.clear()
    }
}
