import Foundation
import TestSupport
import XCTest

/// The shell out of process: a crash loses no launcher state (§8), a plugin
/// added while the shell runs opens through a hand-over whose exit status
/// tells the truth (in a process of its own, looked up afresh),
/// GTK's own options work (§16).
final class ShellProcessTests: ShellProcessTestCase {
    private var pluginFolder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        pluginFolder = NSTemporaryDirectory() + "demo-shell-plugins-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: pluginFolder, withIntermediateDirectories: true)
        environment["DEMO_SHELL_PLUGIN_PATH"] = pluginFolder
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: pluginFolder)
    }

    /// A plugin `id` in `folder` that is Say Hello's library under another name.
    private func addPlugin(_ id: String, name: String, in folder: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/libSayHello.so",
            withDestinationPath: buildProductsDirectory + "/libSayHello.so")
        try """
        [Plugin]
        Id=\(id)
        Module=SayHello
        Entry=SayHelloDemo
        Name=\(name)
        Description=Added while the shell runs
        ABI=1

        """.write(toFile: folder + "/\(id).plugin", atomically: true, encoding: .utf8)
    }

    func testAPluginAddedWhileTheLauncherRunsOpensThroughAHandOver() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        try addPlugin("hello-again", name: "Hello Again", in: pluginFolder)
        let second = try start(["--run=hello-again"])
        XCTAssertEqual(second.finish(within: 20), 0, second.stderr)
        XCTAssertEqual(second.stderr, "", "a hand-over that worked says nothing")
        XCTAssertTrue(waitForWindow(named: "Hello Again"), "the running launcher opened the new demo")
        let demo = try XCTUnwrap(windowProcess(named: "Hello Again"))
        XCTAssertNotEqual(demo, primary.pid, "a plugin from elsewhere runs in a process of its own")
        XCTAssertEqual(parentProcess(of: demo), primary.pid, "which the running launcher started")
        assertQuiet(primary.stderr)
    }

    /// A demo's own process ends with the launcher that started it, even a
    /// launcher killed outright (which runs no code to stop it).
    func testAPluginsProcessEndsWithAKilledLauncher() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        try addPlugin("hello-again", name: "Hello Again", in: pluginFolder)
        let second = try start(["--run=hello-again"])
        XCTAssertEqual(second.finish(within: 20), 0, second.stderr)
        XCTAssertTrue(waitForWindow(named: "Hello Again"))
        let demo = try XCTUnwrap(windowProcess(named: "Hello Again"))
        XCTAssertEqual(parentProcess(of: demo), primary.pid)
        kill(primary.pid, SIGKILL)
        func ended() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(demo)/stat", encoding: .utf8),
                let end = stat.range(of: ")", options: .backwards)
            else { return true }
            return stat[end.upperBound...].split(separator: " ").first == "Z"  // ended, not yet reaped
        }
        XCTAssertTrue(Poll.until(timeout: 5, ended), "the demo's process outlived its launcher")
    }

    /// A `--run=ID` handed over for a plugin the running instance
    /// did not have when it started (and, without a launcher, no folder
    /// monitor told it of) is looked up afresh there, even when this start
    /// cannot see it; the exit status says whether it opened.
    func testARunHandedOverForAPluginAddedLaterIsLookedUpAfresh() throws {
        let primary = try start(["--run=say-hello"])
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: primary.pid))
        let missing = try start(["--run=late-comer"])
        XCTAssertEqual(missing.finish(within: 20), 1, "not there: exit status 1")
        XCTAssertTrue(missing.stderr.contains("There is no demo with the id “late-comer”."), missing.stderr)

        try addPlugin("late-comer", name: "Late Comer", in: pluginFolder)
        environment["DEMO_SHELL_PLUGIN_PATH"] = nil  // only the running instance's path has it
        let second = try start(["--run=late-comer"])
        XCTAssertEqual(second.finish(within: 20), 0, second.stderr)
        XCTAssertEqual(second.stderr, "", "a hand-over that worked says nothing")
        XCTAssertTrue(waitForWindow(named: "Late Comer"), "the running instance opened it")
        let demo = try XCTUnwrap(windowProcess(named: "Late Comer"))
        XCTAssertEqual(parentProcess(of: demo), primary.pid)
        XCTAssertTrue(primary.process.isRunning)
        assertQuiet(primary.stderr)
    }

    /// The process of the one mapped window titled `title`.
    private func windowProcess(named title: String) -> Int32? {
        windows(named: title).first.flatMap {
            Int32(xdotool(["getwindowpid", $0]).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The parent of process `pid` (/proc/PID/stat's fourth field, after the
    /// command in parentheses, which may hold spaces).
    private func parentProcess(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ")", options: .backwards)
        else { return nil }
        let fields = stat[end.upperBound...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    func testAHandOverTheRunningInstanceCannotServeExitsOneWithItsReason() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        // A plugin only this start can see (its own plugin path): the running
        // instance does not know it, and the caller must not say it opened.
        let elsewhere = pluginFolder + "-elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try addPlugin("only-here", name: "Only Here", in: elsewhere)
        environment["DEMO_SHELL_PLUGIN_PATH"] = elsewhere
        let second = try start(["--run=only-here"])
        XCTAssertEqual(second.finish(within: 20), 1, "exit status 1: \(second.stderr)")
        XCTAssertTrue(second.stderr.contains("There is no demo with the id “only-here”."), second.stderr)
        XCTAssertTrue(windows(named: "Only Here").isEmpty)
        XCTAssertTrue(primary.process.isRunning)
    }

    func testAKilledLauncherComesBackAsItWasLeft() throws {
        let first = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: first.pid))
        let window = try XCTUnwrap(windows(named: "Demo Shell", pid: first.pid).first)
        xdotool(["windowsize", "--sync", window, "1003", "707"])
        let size = geometry(of: window)
        XCTAssertEqual(size, "1003x707")
        // The change is written 0.4 s after it: waited for, however loaded the machine.
        let path = environment["XDG_CONFIG_HOME"]! + "/demo-shell/Launcher.ini"
        Poll.until(interval: 0.05) {
            (try? String(contentsOfFile: path, encoding: .utf8))?.contains("window-width=99") ?? false
        }
        XCTAssertEqual(kill(first.pid, SIGKILL), 0)  // no quit, no destroy, no save at close
        _ = first.finish(within: 5)
        let settings = try String(contentsOfFile: path, encoding: .utf8)
        // GTK counts the size without the header bar and frame: 1003 × 707 on X is less here.
        XCTAssertTrue(settings.contains("window-width=99"), settings)

        let second = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: second.pid))
        let again = try XCTUnwrap(windows(named: "Demo Shell", pid: second.pid).first)
        XCTAssertEqual(geometry(of: again), size, "the size left before the crash")
    }

    /// `WM_CLASS(STRING) = "instance", "Class"`, as xprop prints it.
    private func windowClass(of window: String) -> String {
        output(of: ["xprop", "-id", window, "WM_CLASS"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func geometry(of window: String) -> String? {
        xdotool(["getwindowgeometry", window]).split(separator: "\n")
            .first { $0.contains("Geometry:") }?.split(separator: " ").last.map(String.init)
    }

    func testGTKsOwnOptionsAreGTKs() throws {
        let display = try XCTUnwrap(environment["DISPLAY"])
        environment["DISPLAY"] = nil
        let run = try start(["--display=\(display)", "--autoquit", "--"])
        XCTAssertTrue(
            waitForWindow(named: "Demo Shell", pid: run.pid, while: run.process), "opened on the display named")
        XCTAssertEqual(run.finish(within: 20), 0, run.stderr)
        assertQuiet(run.stderr)

        let elsewhere = try start(["--display=:4711", "--autoquit"])
        XCTAssertNotEqual(elsewhere.finish(within: 20), 0)
        XCTAssertTrue(elsewhere.stderr.contains("cannot open display: :4711"), elsewhere.stderr)

        environment["DISPLAY"] = display
        // --name and --class name the windows (WM_CLASS) instead of the app id.
        let classed = try start(["--name=shell-under-test", "--class=ShellUnderTest", "--autoquit"])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: classed.pid, while: classed.process))
        let launcher = try XCTUnwrap(windows(named: "Demo Shell", pid: classed.pid).first)
        XCTAssertTrue(
            windowClass(of: launcher).hasSuffix("= \"shell-under-test\", \"ShellUnderTest\""), windowClass(of: launcher)
        )
        XCTAssertEqual(classed.finish(within: 20), 0, classed.stderr)

        let help = try start(["--help-gtk"])
        XCTAssertEqual(help.finish(within: 10), 0)
        XCTAssertTrue(help.stdout.contains("--display=DISPLAY"), help.stdout)
        let version = try start(["-v"])
        XCTAssertEqual(version.finish(within: 10), 0)
        XCTAssertTrue(version.stdout.hasPrefix("demo-shell "), version.stdout)
        let both = try start(["--list", "--run=nope"])
        XCTAssertEqual(both.finish(within: 10), 2, both.stdout)
        XCTAssertEqual(both.stdout, "", "nothing listed")
    }
}
