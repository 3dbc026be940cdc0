import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

/// A window manager on the test's display (openbox in Xvfb), as on a
/// desktop: it gives the focus to a window that asks, and back to the last
/// one when the focused window goes, which bare Xvfb never does. Stop it
/// when done: the other tests expect a display without one.
@MainActor
package final class WindowManager {
    private let process = Process()

    /// Starts openbox and waits until it manages the display.
    package init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openbox", "--sm-disable"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // xprop at most every 50 ms: run at every turn of the loop, it took
        // the CPU openbox needed to start on a loaded machine.
        var asked = 0.0
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    guard MainLoop.monotonicSeconds - asked >= 0.05 else { return !self.process.isRunning }
                    asked = MainLoop.monotonicSeconds
                    return Self.isRunning || !self.process.isRunning
                }, timeout: 30), "openbox never managed the display (make deps installs it)")
        XCTAssertTrue(process.isRunning, "openbox could not start (make deps installs it)")
        // openbox names itself on the display before it has finished
        // starting, and a window mapped meanwhile was sometimes never
        // managed (no frame, never mapped, openbox idle): a desktop switch
        // asked for, and seen done, proves its event loop runs. Asked again
        // every 100 ms, as a request sent before then may be dropped too.
        for desktop in ["1", "0"] {
            var asked = 0.0
            XCTAssertTrue(
                MainLoop.run(
                    until: {
                        guard MainLoop.monotonicSeconds - asked >= 0.1 else { return false }
                        asked = MainLoop.monotonicSeconds
                        if commandOutput(["xprop", "-root", "_NET_CURRENT_DESKTOP"]).hasSuffix(" = \(desktop)\n") {
                            return true
                        }
                        _ = commandOutput(["xdotool", "set_desktop", desktop])
                        return false
                    }, timeout: 30), "openbox never switched to desktop \(desktop)")
        }
    }

    /// Whether a window manager says it manages the display (EWMH's
    /// `_NET_SUPPORTING_WM_CHECK` on the root window).
    package static var isRunning: Bool {
        commandOutput(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]).contains("window id")
    }

    /// Ends openbox: asked (SIGTERM), then killed if it has not ended
    /// within 10 s: it has deadlocked in Xlib as it closed its display,
    /// which would hang the test run. Killed, it leaves its name on the
    /// root window, which is then taken away.
    package func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !Poll.until(timeout: 10, { !self.process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = commandOutput(["xprop", "-root", "-remove", "_NET_SUPPORTING_WM_CHECK"])
        }
        process.waitUntilExit()
        MainLoop.drain()
    }
}
