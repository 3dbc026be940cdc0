import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The icons in use: launcher rows, Info page, demo windows, About dialogs,
/// and the window class the desktop entry names.
@MainActor
final class DesktopIconTests: GtkTestCase {
    func testProgramIdentityIsTheDesktopEntrysWindowClass() async throws {
        Program.identify(as: Shell.applicationID)
        XCTAssertEqual(Program.name, Shell.applicationID)
        XCTAssertEqual(Program.windowClass, Shell.applicationID)
    }

    func testDemoWindowsAndTheirAboutDialogsShowTheDemosIcon() async throws {
        let shell = makeTestShell()
        XCTAssertEqual(Window.defaultIconName, Shell.applicationID)
        for id in ["say-hello", "calculator"] {
            XCTAssertTrue(shell.openDemo(id: id))
            let window = try XCTUnwrap(shell.window(forDemo: id))
            XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
            // An SVG icon (Say Hello's) at the sizes window managers draw, sharp
            // at the display's scale, and no 256-pixel copy kept for nothing;
            // a PNG (the calculator's) at its own size.
            let sizes = [16, 32, 64].map { $0 * window.scaleFactor }
            XCTAssertEqual(
                window.iconWidths, id == "say-hello" ? sizes : [64], "\(id): the window has its picture as icon")
            XCTAssertEqual(
                Window.defaultIconWidths, sizes,
                "the launcher and dialogs take the application's icon, at the same sizes")
            shell.showAbout(from: window)
            let name = try XCTUnwrap(shell.registry.entry(id: id)?.info.name)
            let about = try XCTUnwrap(
                waitForWindow(titled: "About \(name)")
                    ?? Window.all.first { $0.typeName == "GtkAboutDialog" && $0.isVisible })
            let dialog = about.as(AboutDialog.self)!
            XCTAssertEqual(dialog.programName, name, "F1 in a demo is about that demo")
            XCTAssertTrue(dialog.hasLogo, "\(id): the demo's icon is the logo")
            dialog.destroy()
            window.destroy()
            MainLoop.drain()
        }
    }
}
