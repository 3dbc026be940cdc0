import DemoKitTesting
import DemoShellKit
import Foundation
import PasswordGeneratorModel
import TestSupport
import XCTest

/// What the Password Generator's GUI tests share: the window opened through
/// the real plugin loader, and its controls found by accessible name.
@MainActor
class PasswordGeneratorTestCase: GtkTestCase {
    var window: Window!
    var host: TestHost!

    func open(others: [DemoInfo] = [], settingsPath: String? = nil) throws {
        (window, host) = try openBuiltInDemo(
            "password", prepare: { $0.otherDemos = others }, settingsPath: settingsPath)
        show(window)
    }

    func control<T: Widget>(
        _ type: T.Type, _ name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        try XCTUnwrap(window.find(type, named: name), "no \(T.self) named “\(name)”", file: file, line: line)
    }

    var password: Label { get throws { try XCTUnwrap(window.find(Label.self, described: "Password")) } }
    var generate: Button { get throws { try control(Button.self, "Generate Password") } }
    var strength: String {
        window.descendants.compactMap { $0.as(Label.self) }.first { $0.text.hasPrefix("Strength:") && $0.isVisible }?
            .text ?? ""
    }
    /// The box holding the password's block and its spelling (it fades).
    var result: Widget { get throws { try XCTUnwrap(password.parent?.parent) } }
    var emptySetMessage: Label? { window.find(Label.self, named: "No password character set selected.") }

    /// Waits until a fade has put a password other than `old` in place at 85 %.
    func waitForNewPassword(after old: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let label = try password, result = try result
        XCTAssertTrue(
            MainLoop.run(until: { label.text != old && result.opacity > 0.849 }),
            "no new password faded in", file: file, line: line)
    }

    /// Whether the window is turning over (its turning picture is up; the
    /// front's own picture is a drawing area too, always shown).
    var isTurning: Bool {
        window.descendants.contains {
            $0.as(DrawingArea.self).map { $0.isVisible && $0.hasStyleClass("password-flip") } == true
        }
    }

    func waitForTheTurn(file: StaticString = #filePath, line: UInt = #line) {
        MainLoop.spin(seconds: 0.05)
        XCTAssertTrue(MainLoop.run(until: { !self.isTurning }), "the turn never ended", file: file, line: line)
    }

    func isShown(_ widget: Widget) -> Bool {
        var current: Widget? = widget
        while let w = current {
            if !w.isVisible { return false }
            current = w.parent
        }
        return true
    }

    /// Skips unless this machine has no mail program (the test would open it).
    func skipUnlessMailHasNoProgram() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["gio", "mime", "x-scheme-handler/mailto"]
        let output = Pipe()
        probe.standardOutput = output
        probe.standardError = FileHandle.nullDevice
        probe.environment = ["LANG": "C", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        try probe.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        try XCTSkipUnless(
            answer.contains("No default applications"), "this machine has a mail program; the test would open it")
    }
}

/// scripts/atspi-windows in its "again" mode: it lists every window (its
/// whole tree), keeps what it met, and asks each object again on request.
@MainActor
final class KeepingATSPIClient {
    private let process = Process()
    private let input = Pipe()
    private let outputPath: String

    init(_ client: String) throws {
        outputPath = FileSystem.join(FileSystem.dirname(client), "listing-\(UInt64.random(in: 0...UInt64.max))")
        XCTAssertTrue(FileManager.default.createFile(atPath: outputPath, contents: nil))
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = ["40", "again"]
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        try process.run()
    }

    /// What it printed so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Asks every object again and returns what they answered.
    func askAgain() throws -> String {
        input.fileHandleForWriting.write(Data("again\n".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertTrue(MainLoop.run(until: { !self.process.isRunning }, timeout: 10), "the client never finished")
        let all = output
        return all.range(of: "listed\n").map { String(all[$0.upperBound...]) } ?? ""
    }
}
