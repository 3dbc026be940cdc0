import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// A result a sighted user sees appear (a greeting, a verdict,
/// "Copied") is announced to a screen reader, once and politely, as 2048's
/// moves are. Heard by an AT-SPI client listening as Orca does: a label's
/// new text alone reaches no one, since a result's label never has the focus.
@MainActor
final class ResultAnnouncementTests: GtkTestCase {
    private var window: Window!
    private var listener: AnnouncementListener!

    private func open(_ id: String) throws {
        window = try openBuiltInDemo(id).window
        show(window)
        listener = try listenForAnnouncements()
    }

    override func tearDown() async throws {
        listener?.stop()
        listener = nil
        try await super.tearDown()
    }

    /// What `action` makes a screen reader hear, as text; each must be polite.
    private func heard(file: StaticString = #filePath, line: UInt = #line, during action: () throws -> Void) rethrows
        -> [String]
    {
        let heard = try listener.announcements(through: window, file: file, line: line, during: action)
        XCTAssertEqual(heard.filter { !$0.isPolite }, [], "announced politely", file: file, line: line)
        return heard.map(\.text)
    }

    private func type(_ text: String, into widget: Widget) {
        widget.grabFocus()
        for c in text { widget.sendKey(Key.character(c)) }
        MainLoop.drain()
    }

    func testSayHelloAnnouncesTheGreetingWithoutItsIsolates() async throws {
        try open("say-hello")
        let entry = try XCTUnwrap(window.find(Entry.self, named: "Name"))
        type("ada", into: entry)
        XCTAssertEqual(heard { entry.sendKey(Key.returnKey) }, ["Hello, Ada!"])
        XCTAssertEqual(
            try heard { try XCTUnwrap(window.find(Button.self, named: "Greet")).click() }, ["Hello, Ada!"],
            "the same greeting again is a new result")
    }

    func testTheCalculatorAnnouncesResultsNotKeys() async throws {
        try open("calculator")
        XCTAssertEqual(
            heard { for c in "2+3*4" { window.sendKey(Key.character(c)) } }, [],
            "digits and operators are not results (the keys' names are heard)")
        XCTAssertEqual(heard { window.sendKey(Key.character("=")) }, ["14"])
        XCTAssertEqual(heard { for c in "1/0" { window.sendKey(Key.character(c)) } }, [])
        XCTAssertEqual(heard { window.sendKey(Key.returnKey) }, ["Error"])
    }

    func testGuessTheNumberAnnouncesTheVerdictWithTheRange() async throws {
        try open("guess-number")
        let status = try XCTUnwrap(window.find(Label.self, described: "Status"))
        let hint = try XCTUnwrap(window.find(Label.self, described: "Range"))
        let guess = try XCTUnwrap(window.find(Button.self, named: "Guess"))
        // The secret is random: a first guess that happens to be right opens
        // the winning dialog instead; play it again until one is not.
        for _ in 0..<20 {
            let announced = heard { guess.click() }
            if let dialog = Window.all.first(where: { $0.isVisible && $0.as(MessageDialog.self) != nil })?.as(
                MessageDialog.self)
            {
                XCTAssertEqual(announced, [], "the dialog is what a screen reader reads")
                try XCTUnwrap(dialog.button(for: .ok)).click()
                XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }))
                continue
            }
            XCTAssertTrue(status.text.hasPrefix("Guess #1: too "), status.text)
            XCTAssertTrue(hint.text.hasPrefix("It "), hint.text)
            XCTAssertEqual(announced, [status.text + " " + hint.text])
            return
        }
        XCTFail("every first guess was right")
    }

    func testButtonsAnnouncesTheTap() async throws {
        try open("buttons")
        let stack = try XCTUnwrap(window.descendants.first { $0.typeName == "GtkStack" }?.as(Stack.self))
        stack.visiblePageName = "types"
        let list = try XCTUnwrap(window.find(Box.self, named: "Button types"))
        let sample = try XCTUnwrap(list.descendants.compactMap { $0.as(Button.self) }.first)
        XCTAssertTrue(MainLoop.run(until: { sample.isMapped }))
        let status = try XCTUnwrap(window.find(Label.self, described: "Status"))
        let announced = heard { sample.click() }
        XCTAssertTrue(status.text.hasPrefix("Tapped: "), status.text)
        XCTAssertEqual(announced, [status.text])
    }

    func testStoryBuilderAnnouncesTheStoryAndTheCopy() async throws {
        try open("story")
        type("beach", into: try XCTUnwrap(window.find(Entry.self, named: "Place")))
        type("dance", into: try XCTUnwrap(window.find(Entry.self, named: "Verb")))
        type("7", into: try XCTUnwrap(window.find(Entry.self, named: "Number")))
        let story = try XCTUnwrap(window.find(TextView.self, named: "Story"))
        let announced = try heard { try XCTUnwrap(window.find(Button.self, named: "Generate Story")).click() }
        XCTAssertTrue(story.text.contains("beach"), story.text)
        XCTAssertEqual(announced, [story.text])
        XCTAssertEqual(
            try heard { try XCTUnwrap(window.find(Button.self, named: "Copy")).click() },
            ["The story is on the clipboard."])
        Clipboard.standard.clear()
    }

    func testThePasswordGeneratorAnnouncesThePasswordAndTheCopy() async throws {
        try open("password")
        let password = try XCTUnwrap(window.find(Label.self, described: "Password"))
        let announced = try heard {
            try XCTUnwrap(window.find(Button.self, named: "Generate Password")).click()
            XCTAssertTrue(MainLoop.run(until: { !password.text.isEmpty }), "no password came")
        }
        let strength = try XCTUnwrap(
            window.descendants.compactMap { $0.as(Label.self) }.first { $0.text.hasPrefix("Strength: ") })
        XCTAssertTrue(strength.text.hasSuffix(" bits)"), strength.text)
        XCTAssertEqual(
            announced, ["New password: \(password.text). \(strength.text)."],
            "what was heard, and how strong: not the bare password")
        XCTAssertEqual(
            try heard { try XCTUnwrap(window.find(Button.self, named: "Copy")).click() },
            ["Copied — clears in 60 s"])
        Clipboard.standard.clear()
    }

    /// The minute's end changes the status a sighted user reads, long after
    /// the copy: a screen reader hears it too.
    func testThePasswordGeneratorAnnouncesTheClearedClipboard() async throws {
        try open("password")
        let password = try XCTUnwrap(window.find(Label.self, described: "Password"))
        try XCTUnwrap(window.find(Button.self, named: "Generate Password")).click()
        XCTAssertTrue(MainLoop.run(until: { !password.text.isEmpty }), "no password came")
        try XCTUnwrap(window.find(Button.self, named: "Copy")).click()
        XCTAssertEqual(heard { Clipboard.expireSecretsNow() }, ["Clipboard cleared."])
        XCTAssertNotNil(window.find(Label.self, named: "Clipboard cleared."), "shown as well")
        XCTAssertNil(gtkResult { await Clipboard.standard.text() } ?? "(no answer)", "and really cleared")
    }
}
