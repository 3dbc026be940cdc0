import DemoKitTesting
import DemoShellKit
import Foundation
import TestSupport
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
        XCTAssertTrue(
            MainLoop.run(until: { !clipboard.holdsOwnText("secret") }),
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

    // MARK: Secrets

    func testASecretIsMarkedForClipboardManagersAndClearedOnTime() async throws {
        let clipboard = Clipboard.standard
        var gone: [Bool] = []
        var clearedAfter = 0.0
        let set = MainLoop.monotonicSeconds
        // Long enough for three runs of xclip on a loaded machine (at 300 ms,
        // a CI run beside a CPU hog read after the clearing).
        let milliseconds = 2000
        clipboard.setSecret(
            "hunter2", clearingAfter: milliseconds,
            holding: Application(id: "io.github.demoshell.Tests.Secret", unique: false)
        ) {
            gone.append($0)
            clearedAfter = MainLoop.monotonicSeconds - set
        }
        // Another program sees the text and the hint KeePassXC gives.
        XCTAssertEqual(try readAsAnotherClient(target: "UTF8_STRING"), "hunter2")
        XCTAssertEqual(try readAsAnotherClient(target: Clipboard.passwordManagerHint), "secret")
        XCTAssertTrue(try readAsAnotherClient(target: "TARGETS")?.contains("x-kde-passwordManagerHint") == true)
        XCTAssertTrue(MainLoop.run(until: { !gone.isEmpty }), "cleared after its time")
        XCTAssertEqual(gone, [true])
        XCTAssertGreaterThanOrEqual(clearedAfter, Double(milliseconds - 10) / 1000, "not before its time")
        XCTAssertNil(gtkResult { await clipboard.text() } ?? "(no answer)")
        MainLoop.spin(seconds: 0.1)
        XCTAssertEqual(gone, [true], "told once")
    }

    func testASecretReplacedFirstIsLeftAloneAndTheTimerStops() async {
        let clipboard = Clipboard.standard
        var gone: [Bool] = []
        clipboard.setSecret("hunter2", clearingAfter: 200) { gone.append($0) }
        clipboard.setText("my own note")
        XCTAssertEqual(gone, [false], "told at once that something else took its place")
        MainLoop.spin(seconds: 0.4)
        XCTAssertEqual(gone, [false])
        XCTAssertEqual(gtkResult { await clipboard.text() } ?? nil, "my own note")
        clipboard.clear()
    }
}

extension GtkTestCase {
    /// What another X client (xclip) reads from the clipboard under `target`,
    /// while GTK's loop runs to answer it.
    func readAsAnotherClient(target: String) throws -> String? {
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["xclip", "-selection", "clipboard", "-o", "-t", target]
        let output = Pipe()
        reader.standardOutput = output
        reader.standardError = FileHandle.nullDevice
        do { try reader.run() } catch { throw XCTSkip("xclip is not installed") }
        XCTAssertTrue(MainLoop.run(until: { !reader.isRunning }), "xclip never got an answer")
        guard reader.terminationStatus == 0 else { return nil }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
