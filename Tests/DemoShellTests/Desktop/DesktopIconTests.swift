import DemoKit
@testable import DemoShellCore
import Foundation
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
        for id in ["say-hello", "calculator"] {
            XCTAssertTrue(shell.openDemo(id: id))
            let window = try XCTUnwrap(shell.window(forDemo: id))
            XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
            XCTAssertGreaterThan(window.iconCount, 0, "\(id): the window has its picture as icon")
            shell.showAbout(from: window)
            let name = try XCTUnwrap(shell.registry.entry(id: id)?.info.name)
            let about = try XCTUnwrap(waitForWindow(titled: "About \(name)") ?? Window.all.first { $0.typeName == "GtkAboutDialog" && $0.isVisible })
            let dialog = about.as(AboutDialog.self)!
            XCTAssertEqual(dialog.programName, name, "F1 in a demo is about that demo")
            XCTAssertTrue(dialog.hasLogo, "\(id): the demo's icon is the logo")
            dialog.destroy()
            window.destroy()
            MainLoop.drain()
        }
    }
}
