import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// What AT-SPI reads carries none of the invisible bidi
/// isolates that keep user text in place on screen (`Hello, ⁨John⁩!` read
/// as "Hello, \u{2068}John\u{2069}!"), and an entry's icons are named for
/// what they do, not for their icon files.
@MainActor
final class SpokenTextTests: LauncherTestCase {
    private static func isolates(in text: String) -> Bool {
        text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }
    }

    /// Every name and description in `window`'s accessible tree holding an isolate.
    private func isolatedTexts(in window: Window) -> [String] {
        (window.accessible?.subtree ?? []).flatMap { [$0.name, $0.description] }.filter(Self.isolates)
    }

    // MARK: Isolates

    func testALabelIsNamedByItsTextWithoutIsolates() async throws {
        let window = Window(title: "Isolates")
        let box = Box(.vertical)
        let greeting = Label(), plain = Label("Plain"), chosen = Label()
        chosen.accessibleName = "Result"
        for label in [greeting, plain, chosen] { box.append(label) }
        window.add(box)
        show(window)
        greeting.text = "Hello, \u{2068}John\u{2069}!"
        XCTAssertEqual(greeting.accessible?.name, "Hello, John!")
        greeting.setMarkup("<b>Hello, \u{2068}Ada\u{2069}!</b>")
        XCTAssertEqual(greeting.accessible?.name, "Hello, Ada!")
        greeting.text = "Goodbye"
        XCTAssertEqual(greeting.accessible?.name, "Goodbye", "the name follows the text once isolates are gone")
        greeting.text = "Goodbye again"
        XCTAssertEqual(greeting.accessible?.name, "Goodbye again")
        greeting.text = ""
        XCTAssertEqual(greeting.accessible?.name, "")
        chosen.text = "\u{2068}42\u{2069}"
        XCTAssertEqual(chosen.accessible?.name, "Result", "a name chosen to say more is kept")
        plain.accessibleName = "Named \u{2068}x\u{2069}"
        plain.accessibleDescription = "Described \u{2067}y\u{2069}"
        XCTAssertEqual(plain.accessible?.name, "Named x")
        XCTAssertEqual(plain.accessible?.description, "Described y")
        window.title = "“\u{2068}Ada\u{2069}” (edited)"
        XCTAssertEqual(window.accessible?.name, "“Ada” (edited)")
        XCTAssertEqual(isolatedTexts(in: window), [])
    }

    /// A label's text, as its Text interface gives it (what flat
    /// review and braille read), held the isolates its name left out: Say
    /// Hello's greeting read "Hello, \u{2068}Ada\u{2069}!".
    func testALabelsTextLeavesTheIsolatesOut() async throws {
        let window = try openBuiltInDemo("say-hello").window
        show(window)
        let entry = try XCTUnwrap(window.find(Entry.self, named: "Name"))
        entry.grabFocus()
        for c in "ada" { entry.sendKey(Key.character(c)) }
        entry.sendKey(Key.returnKey)
        MainLoop.drain()
        let greeting = try XCTUnwrap(window.find(Label.self, described: "Greeting"))
        XCTAssertEqual(greeting.text, "Hello, \u{2068}Ada\u{2069}!", "isolated on screen")
        let accessible = try XCTUnwrap(greeting.accessible)
        XCTAssertEqual(accessible.text, "Hello, Ada!")
        XCTAssertEqual(accessible.name, "Hello, Ada!")
        let texts = (window.accessible?.subtree ?? []).compactMap(\.text).filter(Self.isolates)
        XCTAssertEqual(texts, [], "no text in the window reads an isolate")
    }

    func testAnAnnouncementLeavesTheIsolatesOut() async throws {
        let label = Label()
        var announced: [String] = []
        label.onAnnouncement { announced.append($0) }
        label.announce("Tapped: \u{2066}RoundedRect\u{2069}")
        label.announce("\u{2068}\u{2069}")
        XCTAssertEqual(announced, ["Tapped: RoundedRect"], "and nothing left is not said")
    }

    func testTheLauncherAndSayHelloReadWithoutIsolates() async throws {
        let path = LauncherWindow.settingsPath()
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "[Settings]\nsearch=say hello\nselected=say-hello\n".write(toFile: path, atomically: false, encoding: .utf8)
        makeShell()
        let launcher = try launcher()
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains { $0.contains("Category: Getting Started") })
        // The manifest's category in a label of its own, which keeps
        // it in place on screen without isolates in the text AT-SPI reads.
        let labels = try infoPane(launcher).widget.descendants.compactMap { $0.as(Label.self) }.filter(\.isMapped)
        XCTAssertTrue(labels.contains { $0.text == "Getting Started" }, "a label of its own")
        XCTAssertEqual(labels.map(\.text).filter(Self.isolates), [], "no Info label's text holds an isolate")
        XCTAssertTrue(launcher.searchNotice.isShown)
        let names = (launcher.window.accessible?.subtree ?? []).map(\.name)
        XCTAssertTrue(names.contains("Getting Started"), "\(names)")
        XCTAssertTrue(names.contains("Showing results for “say hello”"), "\(names)")
        XCTAssertEqual(isolatedTexts(in: launcher.window), [])

        let hello = try openBuiltInDemo("say-hello").window
        show(hello)
        let entry = try XCTUnwrap(hello.find(Entry.self, named: "Name"))
        entry.text = "John"
        entry.activate()
        MainLoop.drain()
        let greeting = try XCTUnwrap(hello.find(Label.self, described: "Greeting"))
        XCTAssertEqual(greeting.text, "Hello, \u{2068}John\u{2069}!")
        XCTAssertEqual(greeting.accessible?.name, "Hello, John!")
        XCTAssertEqual(isolatedTexts(in: hello), [])
    }

    // MARK: Entry icons

    /// The names of `entry`'s icons, as its accessible children.
    private func iconNames(_ entry: Entry) -> [String] { entry.accessible?.children.map(\.name) ?? [] }

    func testTheLaunchersSearchIconsAreNamedForWhatTheyDo() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(iconNames(launcher.searchEntry), ["Search"])
        search(launcher, "say")
        XCTAssertEqual(iconNames(launcher.searchEntry), ["Search", "Clear"])
        search(launcher, "")
        XCTAssertEqual(iconNames(launcher.searchEntry), ["Search"])
        search(launcher, "hello")
        XCTAssertEqual(
            iconNames(launcher.searchEntry), ["Search", "Clear"], "named again each time GTK shows the icon")

        launcher.list.select(try row(launcher, named: "Say Hello"))
        try switchTo(launcher, "Source")
        launcher.sourcePane.findBar.begin()
        let finder = try XCTUnwrap(launcher.window.find(SearchEntry.self, named: "Find in file"))
        finder.text = "name"
        MainLoop.drain()
        XCTAssertEqual(iconNames(finder), ["Search", "Clear"])
    }

    func testAClearIconIsNamedByItsTooltip() async throws {
        let window = try openBuiltInDemo("story").window
        show(window)
        let place = try XCTUnwrap(window.find(Entry.self, named: "Place"))
        place.text = ""
        MainLoop.drain()
        XCTAssertEqual(iconNames(place), [])
        place.text = "beach"
        MainLoop.drain()
        XCTAssertEqual(iconNames(place), ["Clear"])
        place.text = ""
        place.text = "sea"
        MainLoop.drain()
        XCTAssertEqual(iconNames(place), ["Clear"])
    }
}
