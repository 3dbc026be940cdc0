import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// GtkSourceView (with libxml2 and ICU) costs start-up: nothing links it, and
/// the launcher maps it only when the Source page is first shown.
final class SourceViewLoadingTests: XCTestCase {
    func testNoBinaryLinksGtkSourceView() throws {
        let binaries =
            ["demo-shell", "libDemoKit.so"]
            + (try FileManager.default.contentsOfDirectory(atPath: buildProductsDirectory))
            .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }
        for name in Set(binaries) {
            let output = output(of: ["readelf", "-d", FileSystem.join(buildProductsDirectory, name)])
            XCTAssertTrue(output.contains("(NEEDED)"), "readelf read \(name)")
            XCTAssertFalse(output.contains("gtksourceview"), "\(name) links GtkSourceView")
            XCTAssertFalse(output.contains("libxml2"), "\(name) links libxml2")
        }
    }

    /// The launcher, started for real: GTK is mapped, GtkSourceView never is.
    func testTheLauncherStartsWithoutMappingGtkSourceView() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "demo-shell"))
        process.arguments = ["--autoquit"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = FileSystem.makeTemporaryDirectory()
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawGtk = false, sawSourceView = false
        // What it maps, looked at every 20 ms until it quits.
        XCTAssertTrue(
            Poll.until(timeout: 60) {
                if let maps = FileSystem.read("/proc/\(process.processIdentifier)/maps") {
                    sawGtk = sawGtk || maps.contains("libgtk-3")
                    sawSourceView = sawSourceView || maps.contains("libgtksourceview")
                }
                return !process.isRunning
            }, "--autoquit never quit")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(sawGtk, "the launcher ran")
        XCTAssertFalse(sawSourceView, "GtkSourceView is loaded only with the Source page")
    }
}
