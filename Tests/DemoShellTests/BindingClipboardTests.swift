import DemoKit
import Foundation
import XCTest

/// The CLIPBOARD selection through the binding: reads are asynchronous, and
/// clearing "if it still holds our text" is one race-free check.
@MainActor
final class BindingClipboardTests: GtkTestCase {
    func testTextRoundTripsAndClearingEmptiesIt() async {
        let clipboard = Clipboard.standard
        clipboard.setText("p4ss-wörd-宝")
        let text = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertEqual(text, "p4ss-wörd-宝")
        clipboard.clear()
        let cleared = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertNil(cleared, "clearing empties the clipboard")
    }

    func testConditionalClearKeepsNewerContent() async {
        let clipboard = Clipboard.standard
        clipboard.setText("secret")
        clipboard.setText("something copied later")
        XCTAssertFalse(clipboard.clear(ifTextIs: "secret"))
        let kept = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertEqual(kept, "something copied later")
        XCTAssertTrue(clipboard.clear(ifTextIs: "something copied later"))
        let cleared = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertNil(cleared)
        XCTAssertFalse(clipboard.clear(ifTextIs: "something copied later"), "already cleared")
    }

    func testContentAnotherProgramCopiedIsNeverCleared() async throws {
        let clipboard = Clipboard.standard
        clipboard.setText("secret")
        // Another X client takes the clipboard with the very same text.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = ["xclip", "-selection", "clipboard", "-i", "-loops", "1"]
        let input = Pipe()
        other.standardInput = input
        do { try other.run() } catch { throw XCTSkip("xclip is not installed") }
        input.fileHandleForWriting.write(Data("secret".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertTrue(clipboard.holdsOwnText("secret"))
        XCTAssertTrue(MainLoop.run(until: { !clipboard.holdsOwnText("secret") }, timeout: 3),
                      "this app hears that it lost the clipboard")
        XCTAssertFalse(clipboard.clear(ifTextIs: "secret"), "same text, but not ours any more")
        let text = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertEqual(text, "secret")
        other.terminate()
    }

    func testClearingAfterADelay() async {
        let clipboard = Clipboard.standard
        clipboard.setText("short-lived")
        var cleared = false
        MainLoop.after(milliseconds: 30) { cleared = clipboard.clear(ifTextIs: "short-lived") }
        XCTAssertTrue(MainLoop.run(until: { cleared }, timeout: 2))
        let text = gtkResult { await clipboard.text() } ?? "(no answer)"
        XCTAssertNil(text)
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
        let standard = gtkResult { await Clipboard.standard.text() } ?? "(no answer)"
        let primary = gtkResult { await Clipboard.primary.text() } ?? "(no answer)"
        XCTAssertEqual(standard, "standard")
        XCTAssertEqual(primary, "primary")
        Clipboard.standard.clear()
        Clipboard.primary.clear()
    }
}
