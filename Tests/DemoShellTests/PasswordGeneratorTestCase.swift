import DemoKit
import Foundation
import PasswordGeneratorModel
import XCTest

/// What the Password Generator's GUI tests share: the window opened through
/// the real plugin loader, and its controls found by accessible name.
@MainActor
class PasswordGeneratorTestCase: GtkTestCase {
    var window: Window!
    var host: TestHost!

    func open(others: [DemoInfo] = [], settingsPath: String? = nil) throws {
        (window, host) = try openBuiltInDemo("password", prepare: { $0.otherDemos = others }, settingsPath: settingsPath)
        show(window)
    }

    func control<T: Widget>(_ type: T.Type, _ name: String,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> T {
        try XCTUnwrap(window.find(type, named: name), "no \(T.self) named “\(name)”", file: file, line: line)
    }

    var password: Label { get throws { try control(Label.self, "Password") } }
    var generate: Button { get throws { try control(Button.self, "Generate Password") } }
    var strength: String {
        window.descendants.compactMap { $0.as(Label.self) }.first { $0.text.hasPrefix("Strength:") && $0.isVisible }?.text ?? ""
    }
    /// The box holding the password's block and its spelling (it fades).
    var result: Widget { get throws { try XCTUnwrap(password.parent?.parent) } }
    var emptySetMessage: Label? { window.find(Label.self, named: "No password character set selected.") }

    /// Waits until a fade has put a password other than `old` in place at 85 %.
    func waitForNewPassword(after old: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let label = try password, result = try result
        XCTAssertTrue(MainLoop.run(until: { label.text != old && result.opacity > 0.849 }, timeout: 5),
                      "no new password faded in", file: file, line: line)
    }

    /// Whether the window is turning over (its turning picture is up).
    var isTurning: Bool { window.descendants.contains { $0.as(DrawingArea.self)?.isVisible == true } }

    func waitForTheTurn(file: StaticString = #filePath, line: UInt = #line) {
        MainLoop.spin(seconds: 0.05)
        XCTAssertTrue(MainLoop.run(until: { !self.isTurning }, timeout: 3), "the turn never ended", file: file, line: line)
    }

    func isShown(_ widget: Widget) -> Bool {
        var current: Widget? = widget
        while let w = current {
            if !w.isVisible { return false }
            current = w.parent
        }
        return true
    }
}
