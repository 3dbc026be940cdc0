import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TextBounds
import TestSupport
import XCTest

/// Every entry and text view of every demo and of the
/// launcher fed hostile text through real key and paste (Ctrl+V) events. No
/// crash, the main loop comes back after each (an idle probe, which runs
/// only once the event, the layout and the redraw are done), and what each
/// field ends up holding stays within TextBounds' rules. How long the loop
/// stalled is printed, not asserted (a loaded machine stretches it: issue
/// 34); `make bench` (scripts/bench-stalls) holds it to 100 ms.
@MainActor
final class HostileTextTests: GtkTestCase {
    /// The fields each window must have (a field missing fails the test, so
    /// no field can silently drop out of the audit).
    static let fields: [String: [String]] = [
        "say-hello": ["Name"],
        "story": ["Place", "Verb", "Number", "Template"],
        "labels": ["Text to fit"],
        "password": ["Password Length"],
    ]

    static let hostile: [(name: String, text: String)] = [
        ("10,000 characters", String(repeating: "abcdefghij", count: 1_000)),
        ("50,000 combining marks", "e" + String(repeating: "\u{301}", count: 50_000)),
        ("2,000 joined emoji", Array(repeating: "👩", count: 2_000).joined(separator: "\u{200D}")),
        ("a right-to-left override cut short", "\u{202E}Ab"),
        ("right-to-left text", "مرحبا بالعالم שלום"),
        ("control characters and line breaks", "a\u{7}b\nc\r\nd\u{0}e\u{1B}[31m"),
        ("invisible spaces", String(repeating: "\u{200B}\u{2060}\u{FEFF}", count: 3_000) + "x"),
        ("emoji with skin tones", String(repeating: "👋🏽👨‍👩‍👧‍👦🏳️‍🌈", count: 1_000)),
    ]

    /// The longest the probe saw, for the report.
    private var longestStall: (milliseconds: Double, what: String) = (0, "")

    /// Runs `action`, then waits for the first idle callback: the stall is the
    /// time between the two (event handling, layout and drawing included).
    /// GTK draws colour emoji from scaled bitmaps (Noto Color Emoji), which
    /// under Xvfb's software rendering costs about 1 ms a glyph: a text view
    /// full of them takes 100–250 ms to draw, whatever the app does (an
    /// insert's own handling, filter included, is under 20 ms). Those cases
    /// get this target instead; the issue's 100 ms holds for everything else.
    /// Targets for the report `make bench` reads, never a test's pass or fail.
    private static let colourEmojiDrawingBound = 400.0

    private func probe(_ what: String, _ action: () -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let start = MainLoop.monotonicTime
        action()
        var reached: Int64?
        _ = MainLoop.idle { reached = MainLoop.monotonicTime }
        XCTAssertTrue(
            MainLoop.run(until: { reached != nil }, timeout: 30), "the main loop came back after \(what)", file: file,
            line: line)
        let milliseconds = Double((reached ?? MainLoop.monotonicTime) - start) / 1000
        if milliseconds > longestStall.milliseconds { longestStall = (milliseconds, what) }
        let bound = what.contains("emoji") ? Self.colourEmojiDrawingBound : 100
        if milliseconds > 100 { print("hostile text: \(what) took \(milliseconds) ms (bound \(bound) ms)") }
    }

    private func text(of field: Widget) -> String {
        if field.as(Entry.self) != nil { return field.as(Entry.self)!.text }
        return field.as(TextView.self)!.text
    }

    private func clear(_ field: Widget) {
        if field.as(Entry.self) != nil { field.as(Entry.self)!.text = "" } else { field.as(TextView.self)!.text = "" }
        MainLoop.drain()
    }

    private func checkBounds(_ field: Widget, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let held = text(of: field)
        XCTAssertTrue(
            held.allSatisfy { $0.unicodeScalars.count <= 16 }, "\(label): a character of over 16 scalars", file: file,
            line: line)
        XCTAssertFalse(
            held.unicodeScalars.contains { TextLimit.isRefused($0) && $0 != "\n" && $0 != "\t" },
            "\(label): a control, bidi-control or invisible-space character got in", file: file, line: line)
        XCTAssertLessThanOrEqual(TextLimit.visibleCount(held), 4_000, "\(label): unbounded", file: file, line: line)
        if let window = field.window {
            XCTAssertLessThan(window.size.width, 1280, "\(label): the window fits the screen", file: file, line: line)
        }
    }

    /// Every hostile string, pasted with Ctrl+V and (a part of it) typed key by
    /// key, into `field`.
    private func feed(_ field: Widget, label: String) async {
        field.grabFocus()
        XCTAssertTrue(MainLoop.run(until: { field.hasFocus }, timeout: 10), "\(label) takes the focus")
        for (name, text) in Self.hostile {
            clear(field)
            Clipboard.standard.setText(text)
            let before = self.text(of: field)
            probe("pasting \(name) into \(label)") {
                field.sendKey(Key.character("v"), modifiers: .control)
            }
            // The paste is asynchronous (a clipboard request); wait for it.
            MainLoop.run(until: { self.text(of: field) != before }, timeout: 2)
            probe("the paste of \(name) into \(label) settling") { MainLoop.drain() }
            checkBounds(field, "\(label) after pasting \(name)")
            // Typed: 60 key presses of it on top of what is there (a full
            // field rings the bell), then at the start of the field.
            for character in text.prefix(60) where character.unicodeScalars.count == 1 {
                probe("typing a character of \(name) into \(label)") { field.sendKey(Key.character(character)) }
            }
            field.sendKey(0xFF50)  // Home
            let held = self.text(of: field)
            probe("typing at the start of \(label) holding \(name)") { field.sendKey(Key.character("z")) }
            let now = self.text(of: field)
            XCTAssertTrue(
                now == held || now.count == held.count + 1 || now.count == held.count,
                "\(label): typing at the start never drops a character already there")
            if now.count == held.count { XCTAssertEqual(now, held, "\(label): a full field refuses, it does not drop") }
            checkBounds(field, "\(label) after typing \(name)")
        }
        // Combining marks typed one by one onto a letter: cut, never a stall.
        clear(field)
        field.sendKey(Key.character("7"))
        for _ in 0..<40 { probe("typing a combining mark into \(label)") { field.sendKey(Key.character("\u{301}")) } }
        checkBounds(field, "\(label) after combining marks typed one by one")
    }

    func testEveryDemoFieldSurvivesHostileText() async throws {
        for (id, names) in Self.fields.sorted(by: { $0.key < $1.key }) {
            let window = try openBuiltInDemo(id).window
            show(window)
            if id == "labels", let stack = window.descendants.first(where: { $0.typeName == "GtkStack" }) {
                stack.as(Stack.self)!.visiblePageName = "fit-width"
                MainLoop.drain()
            }
            let editable = window.descendants.filter { widget in
                ((widget.as(Entry.self) != nil) && widget.as(Entry.self)!.isEditable)
                    || ((widget.as(TextView.self) != nil) && widget.as(TextView.self)!.isEditable)
            }
            XCTAssertEqual(
                Set(editable.compactMap(\.accessibleName)), Set(names),
                "\(id): every editable field is in this audit")
            for name in names {
                let field = try XCTUnwrap(editable.first { $0.accessibleName == name }, "\(id): no field \(name)")
                await feed(field, label: "\(id) \(name)")
            }
            window.destroy()
            MainLoop.drain()
        }
        print(
            "hostile text: longest main-loop stall \(String(format: "%.1f", longestStall.milliseconds)) ms (\(longestStall.what))"
        )
    }
}
