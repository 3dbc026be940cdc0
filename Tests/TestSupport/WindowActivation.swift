import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

extension GtkTestCase {
    /// Under a window manager (`WindowManager`): brings `window` forward with
    /// the keyboard focus, as a click on it or a task bar does (xdotool
    /// `windowactivate`), and waits until GTK says it is active. A window
    /// shown by a test may otherwise be kept back: openbox gives a new
    /// window the focus only if its user time is later than the focused
    /// one's, and the key events earlier tests sent leave no such time.
    package func activate(_ window: Window, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<3 {
            // A window mapped as a restarted openbox starts up can be left
            // unmanaged (never framed, never given the focus): shown again,
            // the window manager takes it.
            guard let ids = managedWindows(titled: window.title) else {
                window.hide()
                show(window, file: file, line: line)
                continue
            }
            // Not --sync: GTK takes the focus (WM_TAKE_FOCUS) in this loop.
            for id in ids { _ = output(of: ["xdotool", "windowactivate", id]) }
            if MainLoop.run(until: { window.isActive }, timeout: 30) { break }
        }
        XCTAssertTrue(window.isActive, "\(window.title) never came forward", file: file, line: line)
        MainLoop.drain()
    }

    /// The X windows of this process titled `title` that the window manager
    /// lists as its clients (`_NET_CLIENT_LIST`), once it lists one; nil
    /// if it does not within a while.
    private func managedWindows(titled title: String) -> [String]? {
        let pid = String(ProcessInfo.processInfo.processIdentifier)
        var ids: [String] = []
        let listed = MainLoop.run(
            until: {
                let clients = self.output(of: ["xprop", "-root", "_NET_CLIENT_LIST"])
                ids = self.output(of: ["xdotool", "search", "--pid", pid]).split(separator: "\n").map(String.init)
                    .filter { id in
                        guard let number = Int(id) else { return false }
                        return clients.contains("0x" + String(number, radix: 16))
                            && self.output(of: ["xdotool", "getwindowname", id]).trimmingCharacters(in: .newlines)
                                == title
                    }
                return !ids.isEmpty
            }, timeout: 10)
        return listed ? ids : nil
    }
}
