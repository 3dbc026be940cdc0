import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// The Calculator, opened through the real plugin loader and used with real
/// pointer presses on its picture keys and real key events.
@MainActor
final class CalculatorTests: GtkTestCase {
    private var window: Window!

    private func open() throws -> Label {
        window = try openBuiltInDemo("calculator").window
        show(window)
        return try XCTUnwrap(
            window.descendants.compactMap { $0.as(Label.self) }.first { $0.accessibleDescription == "Result" })
    }

    private func key(_ name: String) throws -> Button {
        try XCTUnwrap(window.find(Button.self, named: name), "no key \(name)")
    }

    /// Presses and releases the mouse in the middle of a key.
    private func click(_ names: String...) throws {
        for name in names {
            let button = try key(name)
            button.sendTap(x: Double(button.allocatedWidth) / 2, y: Double(button.allocatedHeight) / 2)
            MainLoop.drain()
        }
    }

    private func type(_ text: String) {
        for c in text { window.sendKey(Key.character(c)) }
        MainLoop.drain()
    }

    /// The brightness (0–255) of a key's face, sampled above its glyph.
    private func faceBrightness(_ name: String) throws -> Int {
        let button = try key(name)
        MainLoop.drain()
        let picture = try XCTUnwrap(button.render())
        let pixel = try XCTUnwrap(picture.pixel(atX: picture.width / 2, y: picture.height / 6))
        return (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3
    }

    func testClickingThePictureKeysCalculates() async throws {
        let display = try open()
        XCTAssertEqual(display.text, "0")
        try click("2", "Plus", "3", "Multiply", "4")
        XCTAssertEqual(display.text, "4")
        try click("Equals")
        XCTAssertEqual(display.text, "14")
        XCTAssertEqual(display.accessibleName, "14", "a screen reader reads the result")
        XCTAssertEqual(display.accessibleDescription, "Result")
        try click("Clear")
        XCTAssertEqual(display.text, "0")
        try click("0", "Point", "1", "Plus", "0", "Point", "2", "Equals")
        XCTAssertEqual(display.text, "0.3")
        try click("1", "Divide", "0", "Equals")
        XCTAssertEqual(display.text, "Error")
        XCTAssertEqual(display.accessibleName, "Error")
        try click("Minus", "Equals")
        XCTAssertEqual(display.text, "Error")
        try click("7")
        XCTAssertEqual(display.text, "7")
    }

    func testTypingRealKeys() async throws {
        let display = try open()
        type("12+3*4")
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(display.text, "24")
        window.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertEqual(display.text, "0")
        type("1,5")
        XCTAssertEqual(display.text, "1.5")
        window.sendKey(Key.backSpace)
        window.sendKey(Key.backSpace)
        MainLoop.drain()
        XCTAssertEqual(display.text, "1")
        window.sendKey(Key.escape)
        for name in ["KP_9", "KP_Divide", "KP_4", "KP_Enter"] { window.sendKey(Key.named(name)) }
        MainLoop.drain()
        XCTAssertEqual(display.text, "2.25")
        type("-1=")
        XCTAssertEqual(display.text, "1.25")
        type("=")
        XCTAssertEqual(display.text, "0.25", "= repeats − 1")
        window.sendKey(Key.delete)
        MainLoop.drain()
        XCTAssertEqual(display.text, "0")
        type("1234567890123456")
        XCTAssertEqual(display.text, "123456789012", "at most 12 digits")
        XCTAssertFalse(display.isEllipsized, "a long number shrinks, it is never cut")
        XCTAssertLessThanOrEqual(display.textPixelSize.width, display.allocatedWidth)
    }

    func testAKeyShowsItsPressedPictureWhileHeld() async throws {
        let display = try open()
        let up = try faceBrightness("5")
        window.sendKeyPress(Key.character("5"))
        MainLoop.drain()
        XCTAssertEqual(display.text, "5")
        XCTAssertGreaterThan(try faceBrightness("5"), up + 30, "held: the -down picture")
        window.sendKeyPress(Key.character("5"), release: true)
        MainLoop.drain()
        XCTAssertEqual(try faceBrightness("5"), up, "released: the normal picture")

        // The mouse: down while the button is held, the digit typed on release.
        let six = try key("6")
        six.sendButton(x: 20, y: 40)
        MainLoop.drain()
        XCTAssertTrue(six.isPressedDown)
        XCTAssertGreaterThan(try faceBrightness("6"), up + 30)
        six.sendButton(x: 20, y: 40, release: true)
        MainLoop.drain()
        XCTAssertEqual(display.text, "56")
        XCTAssertEqual(try faceBrightness("6"), up)
    }

    func testThePendingOperatorStaysLitUntilTheNextKey() async throws {
        _ = try open()
        let unlit = try faceBrightness("Plus")
        try click("9", "Plus")
        let lit = try faceBrightness("Plus")
        XCTAssertGreaterThan(lit, unlit + 30, "the pending + shows its -down picture")
        type("*")
        XCTAssertEqual(try faceBrightness("Plus"), unlit, "a second operator takes over")
        XCTAssertEqual(try faceBrightness("Multiply"), lit)
        type("3")
        XCTAssertEqual(try faceBrightness("Multiply"), unlit)
    }

    func testCopyAndPaste() async throws {
        let display = try open()
        type("12.5*4=")
        window.sendKey(Key.character("c"), modifiers: .control)
        var copied: String?
        Clipboard.standard.requestText { copied = $0 }
        XCTAssertTrue(MainLoop.run(until: { copied != nil }))
        XCTAssertEqual(copied, "50")

        Clipboard.standard.setText(" -3,75\n")
        type("+")
        window.sendKey(Key.character("v"), modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { display.text == "-3.75" }), "shows \(display.text)")
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(display.text, "46.25")

        Clipboard.standard.setText("twelve")
        window.sendKey(Key.named("Insert"), modifiers: .shift)
        MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(display.text, "46.25", "a refused paste leaves the display as it was")
        Clipboard.standard.setText("7")
        window.sendKey(Key.named("Insert"), modifiers: .shift)
        XCTAssertTrue(MainLoop.run(until: { display.text == "7" }))
    }

    /// What Ctrl+C copies, Ctrl+V takes back exactly, through the real
    /// clipboard; BackSpace keeps a pasted number's sign.
    func testCopyThenPasteGivesBackWhatTheDisplayShows() async throws {
        let display = try open()
        func copyClearPaste() -> String {
            let shown = display.text
            window.sendKey(Key.character("c"), modifiers: .control)
            var copied: String?
            Clipboard.standard.requestText { copied = $0 }
            XCTAssertTrue(MainLoop.run(until: { copied != nil }))
            window.sendKey(Key.escape)
            window.sendKey(Key.character("v"), modifiers: .control)
            XCTAssertTrue(MainLoop.run(until: { display.text == shown }), "\(shown) pasted back as \(display.text)")
            return copied ?? ""
        }
        type("999999999999+1=")
        XCTAssertEqual(display.text, "1e12")
        XCTAssertEqual(copyClearPaste(), "1e12")
        type("-1=")
        XCTAssertEqual(display.text, "999999999999", "the pasted value is 10¹² exactly")
        type("*999999999999=")
        XCTAssertEqual(display.text, "9.99999999998e23")
        XCTAssertEqual(copyClearPaste(), "9.99999999998e23")
        window.sendKey(Key.escape)
        type("2/3=")
        XCTAssertEqual(copyClearPaste(), "0.666666666667")

        Clipboard.standard.setText("0.0000000000001")
        window.sendKey(Key.character("v"), modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { display.text == "1e-13" }), "shows \(display.text)")
        Clipboard.standard.setText("3.14159265358979")
        window.sendKey(Key.character("v"), modifiers: .control)
        MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(display.text, "1e-13", "more digits than the display holds: refused, not cut")

        Clipboard.standard.setText("-0.5")
        window.sendKey(Key.character("v"), modifiers: .control)
        XCTAssertTrue(MainLoop.run(until: { display.text == "-0.5" }))
        window.sendKey(Key.backSpace)
        MainLoop.drain()
        XCTAssertEqual(display.text, "-0.")
        type("7+1=")
        XCTAssertEqual(display.text, "0.3")
    }

    /// The keys are Tab stops in reading order, with a focus ring shown once
    /// the keyboard is used; Space presses the focused key.
    func testTheKeysAreTabStopsWithAVisibleFocusRing() async throws {
        let display = try open()
        let order = [
            "8", "9", "Divide", "4", "5", "6", "Multiply", "1", "2", "3", "Minus",
            "0", "Point", "Clear", "Plus", "Equals",
        ]
        XCTAssertTrue(try key("7").hasFocus, "the first digit is focused at first")
        XCTAssertEqual(try ringPixels("7"), 0, "no ring before the keyboard is used")
        let unlit = try ringPixels("8")
        XCTAssertEqual(unlit, 0, "no ring without focus")
        for name in order {
            window.sendKey(Key.tab)
            MainLoop.drain()
            XCTAssertTrue(try key(name).hasFocus, "Tab reaches \(name)")
            XCTAssertGreaterThan(try ringPixels(name), 0, "\(name) shows its focus ring")
        }
        XCTAssertEqual(try ringPixels("8"), 0, "the ring follows the focus")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(display.hasFocus, "after =, the display")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(try key("7").hasFocus, "and round to 7")
        window.sendKey(Key.named("ISO_Left_Tab"), modifiers: .shift)
        window.sendKey(Key.named("ISO_Left_Tab"), modifiers: .shift)
        MainLoop.drain()
        XCTAssertTrue(try key("Equals").hasFocus, "Shift+Tab goes back")

        // Arrows move among the keys; Space presses the focused one.
        try key("8").grabFocus()
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertTrue(try key("5").hasFocus)
        window.sendKey(Key.space)
        MainLoop.drain()
        XCTAssertEqual(display.text, "5")
        type("+2")
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(display.text, "7", "Return is = wherever the focus is")
        try click("9")
        XCTAssertEqual(display.text, "9")
        XCTAssertTrue(try key("5").hasFocus, "a click leaves the focus where it was")
    }

    /// The calculator opens with a focused control, as
    /// a screen reader finds it (the FOCUSED state): the first digit, not
    /// "=", the last key. One Shift+Tab back, the display is a read-only
    /// stop where a screen reader reads what was entered; Ctrl+C says it copied.
    func testItOpensOnTheFirstDigitAndTheDisplayIsAReadOnlyStop() async throws {
        let manager = try WindowManager()  // keys as on a desktop
        defer { manager.stop() }
        let display = try open()
        activate(window)
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        let focused = { (self.window.accessible?.subtree ?? []).filter(\.isFocused).map { "\($0.name) [\($0.role)]" } }
        MainLoop.run(until: { !focused().isEmpty })
        XCTAssertEqual(focused(), ["7 [push button]"])
        window.sendKey(Key.space)
        type("+5")
        window.sendKey(Key.named("ISO_Left_Tab"), modifiers: .shift)
        MainLoop.drain()
        let reached = try XCTUnwrap(window.accessible).subtree.filter(\.isFocused)
        XCTAssertEqual(
            reached.map { "\($0.name) [\($0.role)] \($0.description)" }, ["5 [label] Result"],
            "Shift+Tab from 7: the display, what was entered")
        type("0")
        XCTAssertEqual(display.text, "50", "typing there still calculates; the display itself is read-only")
        let heard = listener.announcements(through: display) {
            window.sendKey(Key.character("c"), modifiers: .control)
        }
        XCTAssertEqual(heard.map(\.text), ["Copied"])
        XCTAssertTrue(heard.allSatisfy(\.isPolite))
    }

    /// How many pixels of the focus ring's blue a key shows in the strip
    /// between its round face and its square's top edge.
    private func ringPixels(_ name: String) throws -> Int {
        let button = try key(name)
        let picture = try XCTUnwrap(button.render())
        let face = picture.height * 6 / 80  // the face's circle starts 6 units in
        return (0..<face).filter { y in
            guard let p = picture.pixel(atX: picture.width / 2, y: y) else { return false }
            return Int(p.blue) > Int(p.red) + 60 && p.alpha > 128
        }.count
    }

    func testEverythingScalesWithTheWindow() async throws {
        let display = try open()
        let seven = try key("7"), equals = try key("Equals")
        XCTAssertEqual(seven.allocatedWidth, 80)
        XCTAssertEqual(seven.allocatedHeight, 80)
        XCTAssertEqual(equals.allocatedWidth, 320)
        let height = window.size.height - seven.parent!.allocatedHeight
        // Windows are kept within the screen's work area (1280 × 1024 here).
        window.resize(width: 480, height: 852 + height)
        XCTAssertTrue(MainLoop.run(until: { seven.allocatedWidth == 120 }), "keys at \(seven.allocatedWidth)")
        XCTAssertEqual(equals.allocatedWidth, 480)
        let big = try XCTUnwrap(display.fontAttribute).size
        window.resize(width: 900, height: 852 + height)
        MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(seven.allocatedWidth, 120, "the proportions are kept: wider is not bigger")
        window.resize(width: 160, height: 284 + height)
        XCTAssertTrue(MainLoop.run(until: { seven.allocatedWidth == 40 }), "keys at \(seven.allocatedWidth)")
        let small = try XCTUnwrap(display.fontAttribute).size
        XCTAssertEqual(small * 3, big, accuracy: 1, "the display's font scales too")
        type("98765432109.8")
        XCTAssertFalse(display.isEllipsized)
        XCTAssertLessThanOrEqual(display.textPixelSize.width, display.allocatedWidth)
    }

    func testEveryPictureExistsAtBothScalesWithItsSize() async throws {
        let folder = FileSystem.join(ShellPaths.current().resourcesDirectory, "calculator")
        var names = ["c", "Decimal", "Plus", "Minus", "Multiply", "Divide"] + (0...9).map(String.init)
        names += names.map { "\($0)-down" }
        var sizes = Dictionary(uniqueKeysWithValues: names.map { ($0, (80, 80)) })
        sizes["Equals"] = (320, 80)
        sizes["Equals-down"] = (320, 80)
        sizes["Cal"] = (320, 568)
        sizes["icon"] = (64, 64)
        XCTAssertEqual(sizes.count, 36)
        for (name, size) in sizes {
            for scale in [1, 2] {
                let file = FileSystem.join(folder, scale == 1 ? "\(name).png" : "\(name)@2x.png")
                let picture = try Pixbuf(path: file)
                XCTAssertEqual(picture.width, size.0 * scale, file)
                XCTAssertEqual(picture.height, size.1 * scale, file)
                if name != "Cal" { XCTAssertTrue(picture.hasAlpha, "\(file): keys are round, their corners clear") }
            }
            XCTAssertTrue(
                FileSystem.exists(FileSystem.join(packageRoot, "Resources/calculator/\(name).svg")), "\(name).svg")
        }
    }
}
