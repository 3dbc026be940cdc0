import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

extension XCTestCase {
    /// With `DEMO_SHELL_SCREENSHOTS` set (a folder), the screen as it is now,
    /// as NAME.png, for a person to look at; nothing otherwise.
    @MainActor
    package func saveScreenshot(_ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["DEMO_SHELL_SCREENSHOTS"] else { return }
        MainLoop.run(until: { false }, timeout: 0.5)  // drawn, for the eye only
        _ = output(of: ["import", "-window", "root", folder + "/" + name + ".png"])
    }
}
