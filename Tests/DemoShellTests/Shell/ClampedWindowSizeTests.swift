import Foundation
import TestSupport
import XCTest

/// A window the screen clamped (2048 opened at GDK_SCALE=2 on a
/// screen of 640 × 512 logical pixels) saved the clamped size, and reopened
/// with it at 1×. Only the user's choice is saved: the real executable, a
/// real window, once at 2× and then at 1×.
final class ClampedWindowSizeTests: ShellProcessTestCase {
    private var settingsPath: String { (environment["XDG_CONFIG_HOME"] ?? "") + "/demo-shell/2048.ini" }

    private func savedSize() -> (width: Int?, height: Int?) {
        let text = (try? String(contentsOfFile: settingsPath, encoding: .utf8)) ?? ""
        func value(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        return (value("window-width"), value("window-height"))
    }

    /// Opens 2048 at `scale`; it closes itself a second after its window maps.
    private func run2048(scale: Int) throws {
        let before = environment
        environment["GDK_SCALE"] = String(scale)
        defer { environment = before }
        let run = try start(["--run=2048", "--autoquit"])
        XCTAssertEqual(run.finish(within: 60), 0, "2048 at \(scale)×: \(run.stderr)")
    }

    func testASizeTheScreenClampedIsNotSavedAndThe1xWindowGetsTheChosenOne() throws {
        try FileManager.default.createDirectory(
            atPath: (settingsPath as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try "[Settings]\nwindow-width=461\nwindow-height=560\nwindow-maximized=false\n"
            .write(toFile: settingsPath, atomically: true, encoding: .utf8)
        // 560 logical pixels do not fit 512 less the header bar: the window is clamped.
        try run2048(scale: 2)
        XCTAssertEqual(savedSize().width, 461)
        XCTAssertEqual(savedSize().height, 560, "the clamped height is the screen's, not a choice")
        // At 1× it reopens at the chosen size (and, closing, saves what it had).
        try run2048(scale: 1)
        XCTAssertEqual(savedSize().width, 461)
        XCTAssertEqual(savedSize().height, 560)
    }
}
