import DemoKitTesting
import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The launcher's and demos' windows fit the screen: narrow enough to tile to
/// half a 1366-pixel screen, never stuck wider than the user left them, never
/// opening larger than the monitor; and the Source page's colours follow the
/// theme, not the window's focus.
@MainActor
final class LauncherFitTests: GtkTestCase {
    private func showLauncher(_ shell: Shell) throws -> LauncherWindow {
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped && launcher.infoPane != nil }))
        MainLoop.drain()
        return launcher
    }

    private func resize(_ window: Window, to width: Int, _ height: Int) {
        window.resize(width: width, height: height)
        XCTAssertTrue(
            MainLoop.run(until: { window.size == (width, height) && window.allocatedWidth > 0 }),
            "resized to \(width) × \(height), is \(window.size)")
        MainLoop.drain()
    }

    /// Half of a 1366-pixel screen, where GNOME tiles a window to one side.
    private let halfScreen = 683

    func testTheLauncherTilesToHalfAScreenAndNarrowsAgainAfterWidening() async throws {
        let shell = makeTestShell()
        let launcher = try showLauncher(shell)
        XCTAssertFalse(
            try XCTUnwrap(launcher.infoPane).shownTexts.contains(""),
            "the window's showAll shows no empty part of the Info page")
        // Every demo's Info page and the Source page count towards the minimum.
        launcher.detailStack.visiblePageName = "source"
        MainLoop.drain()
        for id in launcher.visibleDemoIDs {
            launcher.list.select(
                try XCTUnwrap(
                    launcher.list.children.compactMap { $0.as(ListBoxRow.self) }
                        .first { $0.accessibleName == shell.registry.entry(id: id)?.info.name }))
            MainLoop.drain()
            XCTAssertLessThanOrEqual(launcher.window.minimumSize.width, halfScreen, "\(id): minimum width")
        }
        launcher.detailStack.visiblePageName = "info"
        MainLoop.drain()
        XCTAssertLessThanOrEqual(launcher.window.minimumSize.width, halfScreen)

        // Wider, then maximized and back, then as narrow as half a screen:
        // the wrapped Info text must not keep the width it once had.
        resize(launcher.window, to: 1250, 700)
        launcher.window.maximize()
        MainLoop.run(until: { launcher.window.isMaximized }, timeout: 1)
        launcher.window.unmaximize()
        MainLoop.run(until: { !launcher.window.isMaximized }, timeout: 1)
        MainLoop.drain()
        resize(launcher.window, to: 1250, 700)
        XCTAssertLessThanOrEqual(launcher.window.minimumSize.width, halfScreen, "the minimum after widening")
        resize(launcher.window, to: halfScreen, 600)
        let infoPane = try XCTUnwrap(launcher.infoPane)
        XCTAssertLessThanOrEqual(
            infoPane.help.allocatedWidth, infoPane.helpScroller.allocatedWidth,
            "the Info text wraps to the narrow width, no sideways scrolling")
        launcher.window.destroy()
        MainLoop.drain()
        let saved = try String(contentsOfFile: LauncherWindow.settingsPath(), encoding: .utf8)
        XCTAssertTrue(saved.contains("window-width=\(halfScreen)"), "the narrow size is the one saved: \(saved)")
    }

    func testASavedSizeLargerThanTheScreenOpensWithinIt() async throws {
        let area = try XCTUnwrap(Window(title: "probe").workArea)
        let huge = "[Settings]\nwindow-width=5000\nwindow-height=4000\nwindow-maximized=false\n"
        for path in [LauncherWindow.settingsPath(), Settings(pluginID: "say-hello").path] {
            try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
            try huge.write(toFile: path, atomically: false, encoding: .utf8)
        }
        let shell = makeTestShell()
        let launcher = try showLauncher(shell)
        XCTAssertTrue(shell.openDemo(id: "say-hello"))
        let demo = try XCTUnwrap(shell.window(forDemo: "say-hello"))
        XCTAssertTrue(MainLoop.run(until: { demo.isMapped }))
        MainLoop.drain()
        MainLoop.run(until: { false }, timeout: 0.3)  // fitted once mapped, net of the header bar
        for window in [launcher.window, demo] {
            let frame = try XCTUnwrap(window.frameSize)
            XCTAssertLessThanOrEqual(frame.width, area.width, "\(window.title): \(frame) in \(area)")
            XCTAssertLessThanOrEqual(
                frame.height, area.height, "\(window.title), header bar included: \(frame) in \(area)")
        }
    }

    func testADemoWindowsDefaultSizeFitsTheScreen() async throws {
        let area = try XCTUnwrap(Window(title: "probe").workArea)
        let frame = DemoWindow(title: "Huge", width: area.width + 900, height: area.height + 700)
        XCTAssertEqual(frame.window.defaultSize.width, area.width)
        XCTAssertEqual(frame.window.defaultSize.height, area.height)
        let small = DemoWindow(title: "Small", width: 400, height: 300)
        XCTAssertEqual(small.window.defaultSize.width, 400, "a size that fits is kept")
        XCTAssertEqual(small.window.defaultSize.height, 300)
        frame.window.destroy()
        small.window.destroy()
    }

    func testTheFittingRule() async {
        XCTAssertEqual(Window.fitting((2024, 1478), into: (640, 512)).width, 640)
        XCTAssertEqual(Window.fitting((2024, 1478), into: (640, 512)).height, 512)
        XCTAssertEqual(Window.fitting((-1, 300), into: (640, 512)).width, -1, "unset stays unset")
        XCTAssertEqual(Window.fitting((900, 700), into: nil).width, 900, "no monitor known: unchanged")
    }

    func testTheDarkRuleFollowsTheThemeNotItsColours() async {
        XCTAssertFalse(ThemeVariant.isDark(themeName: "Adwaita", prefersDark: false, environment: nil))
        XCTAssertTrue(ThemeVariant.isDark(themeName: "Adwaita", prefersDark: true, environment: nil))
        XCTAssertTrue(ThemeVariant.isDark(themeName: "Adwaita-dark", prefersDark: false, environment: nil))
        XCTAssertTrue(ThemeVariant.isDark(themeName: "Adwaita:dark", prefersDark: false, environment: nil))
        XCTAssertTrue(ThemeVariant.isDark(themeName: "HighContrastInverse", prefersDark: false, environment: nil))
        XCTAssertFalse(ThemeVariant.isDark(themeName: "HighContrast", prefersDark: false, environment: nil))
        XCTAssertTrue(ThemeVariant.isDark(themeName: "Adwaita", prefersDark: false, environment: "Adwaita:dark"))
        XCTAssertFalse(
            ThemeVariant.isDark(themeName: "Adwaita-dark", prefersDark: true, environment: "Adwaita"),
            "GTK_THEME overrides the settings, as GTK does")
        XCTAssertFalse(ThemeVariant.isDark(themeName: "Adwaita", prefersDark: false, environment: ""))
    }

    func testTheSourcePageStaysLightWhenTheLauncherIsInTheBackground() async throws {
        XCTAssertNil(Environment.value("GTK_THEME"), "the test needs the default light theme")
        let shell = makeTestShell()
        let launcher = try showLauncher(shell)
        launcher.detailStack.visiblePageName = "source"
        MainLoop.drain()
        let view = try XCTUnwrap(launcher.sourcePane.view)
        XCTAssertEqual(view.styleSchemeID, SourcePane.lightScheme)

        // Another window comes to the front: the launcher goes to the backdrop,
        // where Adwaita's text is light grey.
        launcher.window.showAsBackdrop(true)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.sourcePane.widget.usesDarkColors }),
            "the launcher is in the background")
        // Its style is updated at the next frames.
        MainLoop.run(until: { view.styleSchemeID != SourcePane.lightScheme }, timeout: 1)
        XCTAssertEqual(view.styleSchemeID, SourcePane.lightScheme, "still the light scheme in the background")

        // The dark preference (GNOME's dark style) does switch it.
        Toolkit.setPrefersDarkTheme(true)
        defer { Toolkit.setPrefersDarkTheme(false) }
        XCTAssertTrue(MainLoop.run(until: { view.styleSchemeID == SourcePane.darkScheme }))
        Toolkit.setPrefersDarkTheme(false)
        XCTAssertTrue(MainLoop.run(until: { view.styleSchemeID == SourcePane.lightScheme }))
    }

    func testAWindowTallerThanTheScreenAtItsSmallestScrollsItsContent() async throws {
        let area = try XCTUnwrap(Window(title: "probe").workArea)
        let frame = DemoWindow(title: "Tall form", width: 500, height: 400)
        let form = Box(.vertical)
        form.setSizeRequest(width: 300, height: area.height + 300)
        let field = Entry()
        field.accessibleName = "Last field"
        form.append(field)
        frame.window.add(form)
        let folder = FileSystem.makeTemporaryDirectory("fit-XXXXXX") ?? "/tmp"
        show(frame.window)  // as demos do while building their window
        XCTAssertGreaterThan(frame.window.size.height, area.height, "the test needs a window too tall")
        WindowMemory.attach(to: frame.window, settings: Settings(path: folder + "/Tall.ini")) {}
        XCTAssertTrue(
            MainLoop.run(until: { (frame.window.frameSize?.height ?? .max) <= area.height }),
            "the window, header bar included, fits the screen: \(String(describing: frame.window.frameSize))")
        XCTAssertLessThanOrEqual(frame.window.minimumSize.height, area.height)
        XCTAssertNotNil(form.parent?.parent?.as(ScrolledWindow.self), "the form scrolls (in a viewport)")
        XCTAssertNotNil(frame.window.find(Entry.self, named: "Last field"), "and is all still there")

        // A window that fits is left alone.
        let small = DemoWindow(title: "Small form", width: 300, height: 200)
        let box = Box(.vertical)
        small.window.add(box)
        show(small.window)
        WindowMemory.attach(to: small.window, settings: Settings(path: folder + "/Small.ini")) {}
        XCTAssertTrue(box.parent === small.window)

        // One that grows past the screen after it was shown is looked at again.
        let growing = DemoWindow(title: "Growing form", width: 300, height: 200)
        let rows = Box(.vertical)
        growing.window.add(rows)
        show(growing.window)
        WindowMemory.attach(to: growing.window, settings: Settings(path: folder + "/Growing.ini")) {}
        XCTAssertTrue(rows.parent === growing.window, "it fits: left alone")
        rows.setSizeRequest(width: 300, height: area.height + 300)
        XCTAssertTrue(
            MainLoop.run(until: { rows.parent?.parent?.as(ScrolledWindow.self) != nil }),
            "grown past the screen, it scrolls")
        XCTAssertTrue(
            MainLoop.run(until: { (growing.window.frameSize?.height ?? .max) <= area.height }),
            "and fits again: \(String(describing: growing.window.frameSize))")
        growing.window.destroy()
        frame.window.destroy()
        small.window.destroy()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
