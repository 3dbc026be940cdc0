import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

/// A window manager on the test's display (openbox in Xvfb), as on a
/// desktop: it gives the focus to a window that asks, and back to the last
/// one when the focused window goes, which bare Xvfb never does. Stop it
/// when done: the other tests expect a display without one.
@MainActor
final class WindowManager {
    private let process = Process()

    /// Starts openbox and waits until it manages the display.
    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openbox", "--sm-disable"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        XCTAssertTrue(
            MainLoop.run(until: { Self.isRunning || !self.process.isRunning }, timeout: 10),
            "openbox never managed the display (make deps installs it)")
        XCTAssertTrue(process.isRunning, "openbox could not start (make deps installs it)")
    }

    /// Whether a window manager says it manages the display (EWMH's
    /// `_NET_SUPPORTING_WM_CHECK` on the root window).
    static var isRunning: Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]
        let output = Pipe()
        check.standardOutput = output
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        check.waitUntilExit()
        return String(decoding: data, as: UTF8.self).contains("window id")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        MainLoop.drain()
    }
}
