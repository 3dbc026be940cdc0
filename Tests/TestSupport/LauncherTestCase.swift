import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import XCTest

/// What every launcher test needs: a shell with its launcher shown, and
/// the ways a person reaches it (search, rows, the Info/Source switch).
@MainActor
open class LauncherTestCase: GtkTestCase {
    package var shell: Shell!

    @discardableResult
    package func makeShell(
        extraPluginFolder: String? = nil, extraFolderIsOwn: Bool = false, myDemoStore: MyDemoStore? = nil
    )
        -> Shell
    {
        let shell = makeTestShell(
            extraPluginFolder: extraPluginFolder, extraFolderIsOwn: extraFolderIsOwn, myDemoStore: myDemoStore)
        shell.showLauncher()
        self.shell = shell
        return shell
    }

    package func launcher() throws -> LauncherWindow {
        let launcher = try XCTUnwrap(shell.launcher)
        // Mapped, then the Info page built in the frame after the first.
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped && launcher.infoPane != nil }))
        MainLoop.drain()
        return launcher
    }

    /// The launcher's Info page (built by now: see `launcher()`).
    package func infoPane(_ launcher: LauncherWindow) throws -> InfoPane { try XCTUnwrap(launcher.infoPane) }

    /// Types into the search and waits for GtkSearchEntry's delayed
    /// "search-changed" (the launcher's own handler, connected first, has then run).
    package func search(_ launcher: LauncherWindow, _ text: String) {
        var reported = false
        let id = launcher.searchEntry.onSearchChanged { _ in reported = true }
        launcher.searchEntry.text = text
        XCTAssertTrue(MainLoop.run(until: { reported }), "search-changed never came")
        launcher.searchEntry.disconnect(id)
        MainLoop.drain()
    }

    package func row(_ launcher: LauncherWindow, named name: String) throws -> ListBoxRow {
        try XCTUnwrap(
            launcher.list.children.compactMap { $0.as(ListBoxRow.self) }.first { $0.accessibleName == name },
            "no row \(name)")
    }

    /// Clicks the stack switcher's button for a page, as a mouse would.
    package func switchTo(_ launcher: LauncherWindow, _ title: String) throws {
        let button = try XCTUnwrap(
            launcher.window.descendants.compactMap { $0.as(ToggleButton.self) }
                .first { $0.parent?.as(StackSwitcher.self) != nil && $0.accessibleName == title }, "no \(title) switch")
        button.click()
        MainLoop.drain()
    }
}
