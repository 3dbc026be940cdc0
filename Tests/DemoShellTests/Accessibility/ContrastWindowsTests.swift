import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Contrast beyond the demos' own windows: the launcher (both panes), the
/// About dialogs, the dialog of a demo that cannot be opened, the warning bar
/// of a file that failed, and a demo's own dialog, in light and dark themes.
@MainActor
final class ContrastWindowsTests: GtkTestCase {
    override func tearDown() async throws {
        Toolkit.setPrefersDarkTheme(false)
        try await super.tearDown()
    }

    /// Problems in `window` once drawn, on every page.
    private func problemsOnEveryPage(of window: Window) -> [String] {
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }), "\(window.title) never mapped")
        // Laid out and drawn, not only mapped: on a busy machine the first
        // frame comes late, and a label not laid out yet reads as "no text
        // drawn". Then the transitions' time, as before.
        MainLoop.run(until: { !self.problems(in: window).contains { $0.hasSuffix(": no text drawn") } }, timeout: 30)
        MainLoop.run(until: { false }, timeout: 0.15)
        var found: [String] = []
        visitEveryPage(of: window) { found += problems(in: window) }
        return found
    }

    func testTheLauncherAndTheShellsDialogsReadInLightAndDarkThemes() async throws {
        // A plugin whose library will not load, for the "cannot be opened" dialog.
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        try FileSystem.writeAtomically(
            "[Plugin]\nId=junk\nModule=Junk\nName=Junk Plugin\nABI=1\n", to: FileSystem.join(folder, "junk.plugin"))
        try FileSystem.writeAtomically("garbage", to: FileSystem.join(folder, "libJunk.so"))
        for dark in [false, true] {
            Toolkit.setPrefersDarkTheme(dark)
            let theme = dark ? "dark" : "light"
            // A damaged state file, so the warning bar shows too.
            try FileSystem.makeDirectory(FileSystem.dirname(LauncherWindow.settingsPath()))
            try FileSystem.writeAtomically("\u{1}\u{2} not a key file", to: LauncherWindow.settingsPath())
            let shell = makeTestShell(extraPluginFolder: folder)
            shell.showLauncher()
            let launcher = try XCTUnwrap(shell.launcher)
            XCTAssertNotNil(WindowNotice.message(in: launcher.window))
            XCTAssertEqual(problemsOnEveryPage(of: launcher.window), [], "launcher, \(theme)")

            shell.showAbout()
            let about = try XCTUnwrap(waitForWindow(titled: "About Demo Shell"))
            XCTAssertEqual(problemsOnEveryPage(of: about), [], "About Demo Shell, \(theme)")
            about.destroy()

            XCTAssertFalse(shell.openDemo(id: "junk"))
            let failed = try XCTUnwrap(waitForWindow(titled: "“Junk Plugin” cannot be opened"))
            XCTAssertEqual(problemsOnEveryPage(of: failed), [], "cannot be opened, \(theme)")
            failed.destroy()

            XCTAssertTrue(shell.openDemo(id: "say-hello"))
            let demo = try XCTUnwrap(shell.window(forDemo: "say-hello"))
            XCTAssertTrue(MainLoop.run(until: { demo.isMapped }))
            shell.showAbout(from: demo)
            let demoAbout = try XCTUnwrap(waitForWindow(titled: "About Say Hello"))
            XCTAssertEqual(problemsOnEveryPage(of: demoAbout), [], "About Say Hello, \(theme)")
            for window in Window.all where window.typeName != "GtkTooltipWindow" { window.destroy() }
            MainLoop.drain()
        }
    }

    func testADemosOwnDialogReadsInLightAndDarkThemes() async throws {
        for dark in [false, true] {
            Toolkit.setPrefersDarkTheme(dark)
            let (window, _) = try openBuiltInDemo("2048") { host in
                host.settings.set("4:9000:0:0:1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,0", for: "game")
            }
            show(window)
            try XCTUnwrap(window.find(Button.self, named: "Continue")).click()
            MainLoop.drain()
            try XCTUnwrap(window.find(DrawingArea.self, named: "Game board")).sendKey(Key.left)
            let victory = try XCTUnwrap(waitForWindow(titled: "Victory"))
            XCTAssertEqual(problemsOnEveryPage(of: victory), [], "2048's Victory, \(dark ? "dark" : "light")")
            victory.destroy()
            window.destroy()
            MainLoop.drain()
        }
    }
}
