import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The same isolation for plugins from elsewhere: a plugin found
/// outside the shell's own folders runs in a process of its own, a crash
/// there leaves the launcher standing and says so, with Open Again; the
/// built-in demos stay in the launcher's process.
@MainActor
final class IsolatedDemosTests: LauncherTestCase {
    private var folder = ""
    private var savedEnvironment: [String: String?] = [:]

    override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-elsewhere-XXXXXX"))
        for name in ["GREETER_ON_CLICK", "DEMO_SHELL_PLUGIN_PATH"] { savedEnvironment[name] = Environment.value(name) }
    }

    override func tearDown() async throws {
        if let shell {
            shell.isolatedDemos.stopAll()
            XCTAssertTrue(
                MainLoop.run(until: { shell.isolatedDemos.runningIDs.isEmpty }, timeout: 10), "a demo process was left")
        }
        for (name, value) in savedEnvironment { Environment.set(name, value) }
        try? FileManager.default.removeItem(atPath: folder)
        try await super.tearDown()
    }

    func testAPluginFromElsewhereRunsInAProcessOfItsOwnWithItsOwnSettings() async throws {
        try installExternalGreeter(in: folder)
        makeShell(extraPluginFolder: folder)
        _ = try launcher()

        XCTAssertTrue(shell.openDemo(id: "external-greeter"), "\(shell.lastOpenFailure.map(\.reason) ?? "")")
        let pid = try XCTUnwrap(shell.isolatedDemos.processID(of: "external-greeter"), "no process of its own")
        XCTAssertNotEqual(pid, getpid())
        let window = try XCTUnwrap(
            waitForProcessWindow(titled: "External Greeter", pid: pid), "its window never showed")
        XCTAssertNil(shell.window(forDemo: "external-greeter"), "no window in the launcher's process")
        XCTAssertFalse(shell.registry.isLoaded(id: "external-greeter"))
        let maps = try XCTUnwrap(FileSystem.read("/proc/self/maps"))  // all of it (its size says 0)
        XCTAssertTrue(maps.contains("libDemoKit.so"), "the whole map was read")
        XCTAssertFalse(maps.contains(folder), "the launcher's process never loaded the plugin's library")

        // Its settings are the plugin's own file, as when it ran in the launcher.
        xdotool(["windowsize", "--sync", window, "431", "277"])
        let settings = FileSystem.join(Environment.userConfigDirectory, "demo-shell")
        XCTAssertTrue(
            MainLoop.run(until: { FileSystem.exists(FileSystem.join(settings, "external-greeter.ini")) }, timeout: 10),
            "its window's size is saved in its usual settings")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(settings, "external-greeter.edited.ini")))

        // Opened again while it runs: the same process brings its window forward.
        xdotool(["windowunmap", "--sync", window])
        XCTAssertTrue(
            MainLoop.run(until: { self.visibleWindows(titled: "External Greeter", pid: pid).isEmpty }, timeout: 10))
        XCTAssertTrue(shell.openDemo(id: "external-greeter"))
        XCTAssertEqual(shell.isolatedDemos.processID(of: "external-greeter"), pid, "no second process")
        XCTAssertNotNil(waitForProcessWindow(titled: "External Greeter", pid: pid), "its window came back")
        XCTAssertEqual(visibleWindows(titled: "External Greeter").count, 1)

        // Ctrl+W closes its window, as in the launcher's process; a clean end says nothing.
        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "ctrl+w"])
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.isolatedDemos.processID(of: "external-greeter") == nil }, timeout: 10),
            "its process ended with its window")
        MainLoop.drain()
        XCTAssertNil(try launcher().crashNotices.message(for: "external-greeter"), "a clean exit is no crash")
    }

    func testACrashInItsProcessLeavesTheLauncherAndOffersToOpenItAgain() async throws {
        try installExternalGreeter(in: folder)
        makeShell(extraPluginFolder: folder)
        let launcher = try launcher()
        Environment.set("GREETER_ON_CLICK", "crash")  // an index out of range in its button's handler

        XCTAssertTrue(shell.openDemo(id: "external-greeter"))
        let pid = try XCTUnwrap(shell.isolatedDemos.processID(of: "external-greeter"))
        let window = try XCTUnwrap(waitForProcessWindow(titled: "External Greeter", pid: pid))
        click(window)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.crashNotices.message(for: "external-greeter") != nil }, timeout: 20),
            "the launcher never said it crashed")
        XCTAssertEqual(launcher.crashNotices.message(for: "external-greeter"), "“External Greeter” crashed (SIGILL).")
        XCTAssertNil(shell.isolatedDemos.processID(of: "external-greeter"))
        XCTAssertTrue(launcher.window.isMapped, "the launcher is still there")
        let bar = try XCTUnwrap(launcher.window.find(named: "Warning"), "a warning bar in the launcher's window")
        XCTAssertTrue(bar.isVisible && bar.isMapped)
        let openAgain = try XCTUnwrap(launcher.crashNotices.openAgainButton(for: "external-greeter"))
        XCTAssertTrue(openAgain.isMapped && openAgain.accessibleName == "Open Again")

        // Its output and its symbolicated backtrace are kept in its
        // own log, which its Info page shows (no terminal from the desktop).
        let log = try XCTUnwrap(FileSystem.read(PluginLog.path(id: "external-greeter")), "no log")
        XCTAssertTrue(log.contains("Fatal error: Index out of range"), log)
        XCTAssertTrue(log.contains("Greeter.swift:"), "the backtrace names the plugin's file: \(log)")
        XCTAssertTrue(log.hasSuffix("— “External Greeter” crashed (SIGILL). —\n"), log)
        launcher.selectDemo(id: "external-greeter")
        let showLog = try XCTUnwrap(launcher.window.find(Button.self, named: "Show Log"))
        XCTAssertTrue(showLog.isVisible)
        showLog.click()
        let logWindow = try XCTUnwrap(
            Window.all.first { $0.title == "Log of External Greeter" }, "Show Log opened no window")
        defer { logWindow.destroy() }
        XCTAssertTrue(MainLoop.run(until: { logWindow.isMapped }))
        let shown = try XCTUnwrap(logWindow.find(TextView.self, named: "Log"))
        XCTAssertTrue(shown.text.contains("Fatal error: Index out of range"))

        Environment.set("GREETER_ON_CLICK", nil)
        openAgain.click()
        let again = try XCTUnwrap(shell.isolatedDemos.processID(of: "external-greeter"), "Open Again started it again")
        XCTAssertNotEqual(again, pid)
        XCTAssertNotNil(waitForProcessWindow(titled: "External Greeter", pid: again))
        XCTAssertNil(launcher.crashNotices.message(for: "external-greeter"), "the bar went with it")
        XCTAssertFalse(launcher.crashNotices.area.isVisible)
    }

    func testADemoInItsOwnProcessOpensOtherDemosThroughTheLauncher() async throws {
        try installExternalGreeter(in: folder)
        Environment.set("DEMO_SHELL_PLUGIN_PATH", folder)  // so the child's list of demos has it too
        Environment.set("GREETER_ON_CLICK", "open:say-hello")
        makeShell(extraPluginFolder: folder)
        _ = try launcher()

        XCTAssertTrue(shell.openDemo(id: "external-greeter"))
        let pid = try XCTUnwrap(shell.isolatedDemos.processID(of: "external-greeter"))
        let window = try XCTUnwrap(waitForProcessWindow(titled: "External Greeter", pid: pid))
        click(window)
        XCTAssertTrue(
            MainLoop.run(until: { self.shell.window(forDemo: "say-hello") != nil }, timeout: 20),
            "the demo's request reached the launcher, which opened a built-in in its own process")
        let demos = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: buildProductsDirectory)
        ).entries.count
        XCTAssertNotNil(
            waitForProcessWindow(titled: "External Greeter: opened, \(demos) demos", pid: pid),
            "the launcher answered, and the child lists every demo: \(visibleWindows(titled: ".*", pid: pid))")
    }

    /// The main actor of a demo in a process of its own (the
    /// executable's `--run-plugin` role) is GLib's, through the shim's hooks:
    /// released in a click handler, a wrapper goes at once; a task's code
    /// after an `await` and a `DispatchQueue.main` block run in GTK's loop.
    func testADemoInItsOwnProcessHasTheMainActorInGtksLoop() async throws {
        try installExternalGreeter(in: folder)
        Environment.set("GREETER_ON_CLICK", "main-actor")
        makeShell(extraPluginFolder: folder)
        _ = try launcher()

        XCTAssertTrue(shell.openDemo(id: "external-greeter"))
        let pid = try XCTUnwrap(shell.isolatedDemos.processID(of: "external-greeter"))
        let window = try XCTUnwrap(waitForProcessWindow(titled: "External Greeter", pid: pid))
        click(window)
        XCTAssertNotNil(
            waitForProcessWindow(titled: "External Greeter: released at once; ran main queue, task", pid: pid),
            "what the demo saw: \(visibleWindows(titled: ".*", pid: pid).map { self.xdotool(["getwindowname", $0]) })")
    }

    func testTheBuiltInDemosStayInTheLaunchersProcessAndTheFolderDecides() async throws {
        // Say Hello's very library, installed from elsewhere under another id.
        try FileManager.default.createSymbolicLink(
            atPath: FileSystem.join(folder, "libSayHello.so"),
            withDestinationPath: FileSystem.join(buildProductsDirectory, "libSayHello.so"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=hello-elsewhere\nModule=SayHello\nEntry=SayHelloDemo\nName=Hello Elsewhere\nABI=1\n",
            to: FileSystem.join(folder, "hello-elsewhere.plugin"))
        makeShell(extraPluginFolder: folder)
        _ = try launcher()

        XCTAssertTrue(shell.openDemo(id: "say-hello"))
        let window = try XCTUnwrap(shell.window(forDemo: "say-hello"), "a built-in opens in the launcher's process")
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }))
        XCTAssertTrue(shell.registry.isLoaded(id: "say-hello"))
        XCTAssertNil(shell.isolatedDemos.processID(of: "say-hello"))

        XCTAssertTrue(shell.openDemo(id: "hello-elsewhere"))
        let pid = try XCTUnwrap(
            shell.isolatedDemos.processID(of: "hello-elsewhere"), "the same code from elsewhere runs apart")
        XCTAssertNotNil(waitForProcessWindow(titled: "Hello Elsewhere", pid: pid))
        XCTAssertNil(shell.window(forDemo: "hello-elsewhere"))
    }

    // MARK: Other processes' windows

    /// The X ids of the mapped windows titled `title` (a regular expression
    /// of the whole title), of process `pid` when given.
    private func visibleWindows(titled title: String, pid: Int32? = nil) -> [String] {
        xdotool(
            ["search", "--all", "--onlyvisible"] + (pid.map { ["--pid", String($0)] } ?? []) + ["--name", "^\(title)$"]
        )
        .split(separator: "\n").map(String.init)
    }

    /// Waits, the launcher's loop running, for process `pid`'s window titled
    /// `title`; its X id.
    private func waitForProcessWindow(titled title: String, pid: Int32) -> String? {
        var found: String?
        MainLoop.run(
            until: {
                found = self.visibleWindows(titled: NSRegularExpression.escapedPattern(for: title), pid: pid).first
                return found != nil
            }, timeout: 20)
        return found
    }

    /// A click inside window `window` (its one button fills it), as a mouse
    /// would. Not `mousemove --sync`: it waits for a move that never comes
    /// when the pointer is already there (the previous test's window was).
    private func click(_ window: String) {
        xdotool(["mousemove", "--window", window, "40", "20", "sleep", "0.2", "click", "1"])
    }

    @discardableResult
    private func xdotool(_ arguments: [String]) -> String { output(of: ["xdotool"] + arguments) }
}
