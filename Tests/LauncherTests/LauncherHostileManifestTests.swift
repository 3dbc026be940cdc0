import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Manifests are their authors' text: a 20,000-character name once made the
/// launcher 32,767 px wide and blank, and a 120-character one 943 px wide.
@MainActor
final class LauncherHostileManifestTests: LauncherTestCase {
    private func hostileFolder() throws -> String {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-hostile-XXXXXX"))
        let huge = String(repeating: "W", count: 20_000)
        let long = String(repeating: "Wide ", count: 24)  // 120 characters
        let combining = "e" + String(repeating: "\u{301}", count: 5_000)
        let plugins: [(String, String, String)] = [
            ("huge-name", huge, String(repeating: "Description ", count: 2_000)),
            ("long-name", long, "Normal"),
            ("accents", combining, "\u{202E}dlrow olleh"),
        ]
        for (id, name, description) in plugins {
            try FileSystem.writeAtomically(
                "[Plugin]\nId=\(id)\nModule=Hostile\nName=\(name)\nDescription=\(description)\nABI=1\n",
                to: FileSystem.join(folder, "\(id).plugin"))
        }
        try FileSystem.writeAtomically("", to: FileSystem.join(folder, "libHostile.so"))
        // Unavailable, with a long name and a long reason.
        try FileSystem.writeAtomically(
            "[Plugin]\nId=broken-long\nModule=\(String(repeating: "M", count: 3000))\nName=\(huge)\nABI=1\n",
            to: FileSystem.join(folder, "broken-long.plugin"))
        return folder
    }

    func testHostileManifestTextNeverWidensTheLauncher() async throws {
        let folder = try hostileFolder()
        makeShell(extraPluginFolder: folder)
        let launcher = try launcher()
        XCTAssertTrue(launcher.visibleDemoIDs.contains("huge-name"))
        XCTAssertEqual(launcher.window.size.width, 960, "the long names did not widen the window")
        for row in launcher.list.children.compactMap({ $0.as(ListBoxRow.self) }) {
            launcher.list.select(row)
            MainLoop.drain()
            XCTAssertEqual(launcher.window.size.width, 960, "selecting \(row.accessibleName) widened the window")
        }
        shell.showAbout()
        let about = try XCTUnwrap(waitForWindow(titled: "About Demo Shell"))
        MainLoop.drain()
        XCTAssertLessThanOrEqual(about.size.width, 1280, "the About dialog fits the screen")
        about.destroy()
    }
}
