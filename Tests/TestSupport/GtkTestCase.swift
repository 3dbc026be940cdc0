import DemoKitTesting
import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import Foundation
import XCTest

/// A test case with a real GTK display (Xvfb under `make test`).
///
/// GUI tests run on the main thread with real windows, real signals and real
/// key events. Without a display they fail: a skipped GUI test proves nothing.
///
/// IMPORTANT: write every test method of a subclass as `func testX() async`
/// (or `async throws`). XCTest on Linux crashes ("Could not cast value of type
/// ... @MainActor () throws -> ()") on synchronous @MainActor test methods;
/// async ones run on the main thread as GTK needs.
@MainActor
open class GtkTestCase: XCTestCase {
    /// Each test's own settings folder: windows remember their size and the
    /// launcher its search, so one test must not inherit another's (or the user's).
    private var configFolder: String?
    private var savedConfigHome: String?
    /// GTK's and GLib's warnings and criticals before this test: a test that
    /// makes one more fails (GTK only warns of a stale iterator, say).
    private var warningsBefore = 0
    /// Every shell the test made, alive until it ends (windows point back to theirs).
    private var shells: [Shell] = []

    open override func setUp() async throws {
        GLibLog.startRecording()
        warningsBefore = GLibLog.recorded.count
        savedConfigHome = Environment.value("XDG_CONFIG_HOME")
        configFolder = FileSystem.makeTemporaryDirectory("demo-shell-test-config-XXXXXX")
        if let configFolder { Environment.set("XDG_CONFIG_HOME", configFolder) }
        guard Toolkit.initialize() else {
            XCTFail("No display: run the GUI tests under Xvfb (make test)")
            throw XCTSkip("no display")
        }
        // What the test before let go of (its shells, released after its
        // tearDown drained the loop) is finalized now, not during this test,
        // whose counts of live wrappers and handlers would see it go.
        MainLoop.drain()
    }

    open override func tearDown() async throws {
        // GTK's own tooltip window lives as long as the display: destroying it
        // leaves GtkTooltip with a dead window (criticals on the next motion).
        // The Keyboard Shortcuts windows and About dialogs are hidden, not
        // destroyed, as the shell keeps them (`KeptWindows`): GTK 3 leaves
        // their widgets' accessibles behind, and a later test reading the
        // accessibility tree tripped over them (criticals).
        for window in Window.all where window.typeName != "GtkTooltipWindow" {
            if ["GtkShortcutsWindow", "GtkAboutDialog"].contains(window.typeName) {
                window.hide()
                window.application = nil  // no later test's active window
            } else {
                window.destroy()
            }
        }
        MainLoop.drain()
        Environment.set("XDG_CONFIG_HOME", savedConfigHome)
        if let configFolder { try? FileManager.default.removeItem(atPath: configFolder) }
        shells = []
        XCTAssertEqual(Array(GLibLog.recorded.dropFirst(warningsBefore)), [], "GTK or GLib warned during the test")
    }

    /// A shell on the test process's one registered application, finding the
    /// built-in plugins (after `extraPluginFolder`'s, when given). The extra
    /// folder is one from elsewhere, as `$DEMO_SHELL_PLUGIN_PATH` is, whose
    /// plugins run in processes of their own; `extraFolderIsOwn` makes it one
    /// of the shell's own, for tests of what happens inside the shell's process.
    /// `myDemoStore`: the learner's demos, listed as the launcher lists them.
    package func makeTestShell(
        extraPluginFolder: String? = nil, extraFolderIsOwn: Bool = false, myDemoStore: MyDemoStore? = nil
    ) -> Shell {
        let path = [extraPluginFolder, buildProductsDirectory].compactMap { $0 }
        let paths = ShellPaths.current()
        let own =
            PluginOrigin.ownFolders(executableDirectory: paths.executableDirectory)
            + (extraFolderIsOwn ? [extraPluginFolder].compactMap { $0 } : [])
        let shell = Shell(
            application: registeredTestApplication,
            registry: PluginRegistry(searchPath: path, myDemoStore: myDemoStore),
            paths: paths, onlyDemoID: nil, autoquit: false, ownPluginFolders: own)
        shells.append(shell)
        return shell
    }

    /// Shows `window` and waits until it is on screen.
    package func show(_ window: Window, file: StaticString = #filePath, line: UInt = #line) {
        window.showAll()
        window.present()
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }), "window never mapped", file: file, line: line)
        MainLoop.drain()
    }

    /// The result of `operation`, run as a main-actor task while GTK's loop
    /// spins. A test that simply awaited GTK-driven work (a clipboard read)
    /// would hang: while a test awaits, XCTest runs its own run loop, not GTK's.
    package func gtkResult<T>(
        timeout: Double = 3, file: StaticString = #filePath, line: UInt = #line,
        of operation: @escaping @MainActor () async -> T
    ) -> T? {
        var result: T?
        var done = false
        Task { @MainActor in
            result = await operation()
            done = true
        }
        XCTAssertTrue(
            MainLoop.run(until: { done }, timeout: timeout), "the operation never finished", file: file, line: line)
        return result
    }

    /// A top-level window (a dialog, say) with this title, once it appears.
    package func waitForWindow(titled title: String, timeout: Double = 30) -> Window? {
        var found: Window?
        MainLoop.run(
            until: {
                found = Window.all.first { $0.title == title && $0.isVisible }
                return found != nil
            }, timeout: timeout)
        return found
    }

    /// In the folder chooser that opens, named `name` (its accessible name),
    /// picks `folder` and accepts, as a person would.
    package func chooseFolder(_ folder: String, inChooserNamed name: String) throws {
        var shown: FileChooserDialog?
        XCTAssertTrue(
            MainLoop.run(until: {
                shown = Window.all.compactMap { $0.as(FileChooserDialog.self) }.first { $0.isVisible }
                return shown != nil
            }), "no folder chooser")
        let chooser = try XCTUnwrap(shown)
        XCTAssertEqual(chooser.accessibleName, name)
        chooser.showFolder(folder)
        XCTAssertTrue(MainLoop.run(until: { chooser.folder == folder }), chooser.folder ?? "no folder")
        try XCTUnwrap(chooser.button(for: FileChooserDialog.acceptResponse)).click()
    }
}

/// The one registered application of the test process. GTK registers only
/// one GtkApplication per process on the session bus: a second one fails
/// (g_application_impl_attempt_primary) and its windows are added before any
/// start-up, with CRITICALs. So every test that needs a registered
/// application (shells, launchers) shares this one.
@MainActor package let registeredTestApplication: Application = {
    let application = Application(id: "io.github.demoshell.Tests.Registered", unique: false)
    XCTAssertNil(application.register())
    return application
}()

/// The directory the test binary lives in (`.build/debug`): the built
/// executable, plugins and data bundle are there.
package var buildProductsDirectory: String {
    FileSystem.dirname(FileSystem.executablePath ?? "")
}

/// The package root, from this file's location (Tests/TestSupport/).
package var packageRoot: String {
    FileSystem.dirname(FileSystem.dirname(FileSystem.dirname(#filePath)))
}
