import DemoShellKit
import DemoKitTesting
import Foundation
import PasswordGeneratorModel
import TestSupport
import XCTest

/// The Password Generator's length field, its strength line, its Tab stops
/// and a long password's layout.
@MainActor
final class PasswordGeneratorFieldTests: PasswordGeneratorTestCase {
    func testTypingAnInvalidLengthIsRefused() async throws {
        try open()
        let length = try control(SpinButton.self, "Password Length")
        length.grabFocus()
        length.selectAll()
        for c in "x7" { length.sendKey(Key.character(c)) }
        MainLoop.drain()
        XCTAssertEqual(length.text, "7", "letters are not typed")
        length.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(length.intValue, 7)
        try waitForNewPassword()
        XCTAssertEqual(try password.text.count, 7, "Enter in the field generates")

        // Typed: the minus sign is refused; out of range is brought to the end.
        for (typed, shown, value) in [
            ("-5", "5", 5), ("129", "128", 128), ("1000", "128", 128), ("3", "3", 4), ("0", "0", 4),
        ] {
            length.grabFocus()
            length.selectAll()
            for c in typed { length.sendKey(Key.character(c)) }
            // What typing alone left, read before the loop turns: a focus
            // change the window manager makes late (a test window gone, this
            // one shown) reaches the field as a focus-out, which reads "3" as
            // the length 4, as GTK does.
            XCTAssertEqual(length.text, shown, "typing “\(typed)”")
            length.sendKey(Key.returnKey)
            MainLoop.drain()
            XCTAssertEqual(length.intValue, value, "“\(typed)” then Enter")
            XCTAssertEqual(length.text, String(value))
        }
        // Emptied, then left: the length stays.
        length.grabFocus()
        length.selectAll()
        length.sendKey(Key.named("Delete"))
        length.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(length.intValue, 4)
        XCTAssertEqual(length.text, "4")
        length.value = 500
        XCTAssertEqual(length.intValue, 128)
    }

    func testPastedLengthsAreWholeNumbersOrRefused() async throws {
        try open()
        let length = try control(SpinButton.self, "Password Length")
        func paste(_ text: String) {
            length.grabFocus()
            length.selectAll()
            Clipboard.standard.setText(text)
            length.sendKey(Key.character("v"), modifiers: .control)
            MainLoop.run(until: { false }, timeout: 0.15)
        }
        for refused in ["4.5", "1e2", "-5", "12a", "1 2", "\u{202E}12"] {
            paste(refused)
            XCTAssertEqual(length.text, "8", "“\(refused)” is refused whole")
            XCTAssertEqual(length.intValue, 8)
        }
        paste("1000")
        XCTAssertEqual(length.text, "128", "a number past the end is brought to it")
        XCTAssertEqual(strength, "Strength: Excellent (789 bits)", "the strength follows the field before Enter")
        paste(" 42\n")
        XCTAssertEqual(length.text, "42", "the spaces around a paste go")
        paste(String(repeating: "9", count: 40))
        XCTAssertEqual(length.text, "128", "however long the number")
        paste("２０")
        XCTAssertEqual(length.text, "20", "full-width digits count")
        XCTAssertEqual(strength, "Strength: Excellent (123 bits)")
        length.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertEqual(length.intValue, 20)
        Clipboard.standard.clear()
    }

    func testTheStrengthAlwaysDescribesThePasswordShown() async throws {
        try open()
        try generate.click()
        try waitForNewPassword()
        let short = try password.text
        XCTAssertEqual(strength, "Strength: Weak (49 bits)")  // 8 × log₂ 72
        let length = try control(SpinButton.self, "Password Length")
        let label = try password
        // On every frame from here on, the line describes the password on screen.
        var mismatches: [String] = []
        func check() {
            let expected = label.text.count == 128 ? "Strength: Excellent (789 bits)" : "Strength: Weak (49 bits)"
            if strength != expected { mismatches.append("\(label.text.count) characters under “\(strength)”") }
        }
        length.value = 128
        check()
        XCTAssertTrue(
            MainLoop.run(until: {
                check()
                return label.text.count == 128 && (try? self.result.opacity) ?? 0 > 0.849
            }),
            "a password of the new length replaces “\(short)”")
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(strength, "Strength: Excellent (789 bits)")

        // A switch that changes the characters draws anew too; phonetics do not.
        let before = label.text
        try control(Switch.self, "Show Phonetics").toggle()
        MainLoop.spin(seconds: 0.2)
        XCTAssertEqual(label.text, before, "showing the spelling keeps the password")
        try control(Switch.self, "Include Punctuation").toggle()
        XCTAssertTrue(MainLoop.run(until: { label.text != before && label.text.count == 128 }))
        XCTAssertTrue(label.text.allSatisfy { $0.isLetter || $0.isNumber })
        XCTAssertTrue(MainLoop.run(until: { self.strength == "Strength: Excellent (762 bits)" }))  // 128 × log₂ 62
    }

    /// The names Tab stops at, from the length field round to it again.
    private func tabStops(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let length = try control(SpinButton.self, "Password Length")
        length.grabFocus()
        var stops: [String] = []
        for _ in 0..<30 {
            window.sendKey(Key.tab)
            MainLoop.drain()
            guard let focused = window.focusedWidget else {
                stops.append("(nothing)")
                continue
            }
            if focused === length { return stops }
            // A label is read by its text; its role is in its description.
            let role = focused.as(Label.self) != nil ? focused.accessibleDescription : focused.accessibleName
            stops.append(role.isEmpty ? "unnamed \(focused.typeName)" : role)
        }
        XCTFail("Tab never came back to the length field: \(stops)", file: file, line: line)
        return stops
    }

    func testTabStopsOnlyAtNamedControls() async throws {
        try open()
        let switches = [
            "Show Phonetics", "Include Lower Case", "Include Upper Case", "Include Numbers",
            "Include Punctuation", "Avoid Look-Alikes",
        ]
        XCTAssertEqual(try tabStops(), switches + ["Generate Password", "About"])
        try generate.click()
        try waitForNewPassword()
        XCTAssertEqual(
            try tabStops(),
            switches + ["Generate Password", "Password", "Phonetic", "Copy", "E-Mail Password", "About"])
    }

    func testALongPasswordIsAnEvenBlockAndTheButtonsStayInView() async throws {
        try open()
        try control(SpinButton.self, "Password Length").value = 128
        try generate.click()
        try waitForNewPassword()
        MainLoop.drain()
        let label = try password
        XCTAssertEqual(label.displayedLines, PasswordLayout.lines(of: label.text), "one monospace block, broken evenly")
        XCTAssertEqual(label.displayedLines.map(\.count), [22, 22, 22, 22, 22, 18], "no line cut short for a hyphen")
        let height = Double(window.allocatedHeight)
        for name in ["Copy", "E-Mail Password", "About"] {
            let frame = try XCTUnwrap(try control(Button.self, name).frame(in: window))
            XCTAssertTrue(
                frame.y >= 0 && frame.y + frame.height <= height, "\(name) at \(frame) in a window \(height) high")
        }
        // The spelling is read whole, in the page's one scroller.
        var scrollers = 0
        var ancestor = try control(TextView.self, "Phonetic").parent
        while let current = ancestor {
            if current.as(ScrolledWindow.self) != nil { scrollers += 1 }
            ancestor = current.parent
        }
        XCTAssertEqual(scrollers, 1, "no scroller inside the page's")
    }
}
