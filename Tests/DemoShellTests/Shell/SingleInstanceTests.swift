import Foundation
import TestSupport
import XCTest

/// The single instance (section 3), out of process: the built
/// `demo-shell`, each test on a D-Bus session bus of its own (its own
/// `dbus-daemon`), so no other test's instance can answer for it.
final class SingleInstanceTests: ShellProcessTestCase {
    func testAStoppedPrimaryIsNamedAndTheNewStartRunsOnItsOwn() throws {
        let primary = try start(["--run=say-hello"])
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: primary.pid), "the primary shows its demo")
        XCTAssertEqual(kill(primary.pid, SIGSTOP), 0)

        // Without the probe this start waited 2 × 25 s in D-Bus time limits,
        // printed CRITICALs and exited 1.
        let second = try start(["--autoquit"])
        XCTAssertTrue(
            waitForWindow(named: "Demo Shell", pid: second.pid, while: second.process),
            "the new process shows its own launcher")
        let status = second.finish(within: 20)
        XCTAssertEqual(status, 0, "the new process ran and quit on its own: \(second.stderr)")
        XCTAssertTrue(second.stderr.contains("(process \(primary.pid)) did not answer within 2 s"), second.stderr)
        XCTAssertTrue(second.stderr.contains("runs on its own"), second.stderr)
        assertQuiet(second.stderr)
        XCTAssertTrue(
            windows(named: "Demo Shell", pid: primary.pid).isEmpty, "the stopped primary was not asked to show one")

        // Woken up, the primary is still whole and still the primary.
        XCTAssertEqual(kill(primary.pid, SIGCONT), 0)
        let third = try start(["--run=labels"])
        XCTAssertEqual(third.finish(within: 20), 0, third.stderr)
        assertQuiet(third.stderr)
        XCTAssertTrue(waitForWindow(named: "Labels", pid: primary.pid), "the woken primary opened the demo")
    }

    func testAStoppedPrimaryIsNamedInChinese() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        XCTAssertEqual(kill(primary.pid, SIGSTOP), 0)
        environment.merge(["LANG": "zh_CN.UTF-8", "LANGUAGE": "", "LC_ALL": ""]) { $1 }
        let second = try start(["--run=say-hello", "--autoquit"])
        XCTAssertEqual(second.finish(within: 20), 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("（进程 \(primary.pid)）在 2 秒内没有应答"), second.stderr)
        assertQuiet(second.stderr)
    }

    func testAPlainStartShowsTheLauncherInARunModeInstance() throws {
        let primary = try start(["--run=say-hello"])
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: primary.pid))
        XCTAssertTrue(windows(named: "Demo Shell").isEmpty, "--run shows no launcher")

        let plain = try start([])
        XCTAssertEqual(plain.finish(within: 20), 0, plain.stderr)
        assertQuiet(plain.stderr)
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid), "the running instance shows its launcher")
        XCTAssertEqual(windows(named: "Say Hello", pid: primary.pid).count, 1, "the demo stays open")

        // Again: the same launcher comes forward, not a second one.
        let again = try start([])
        XCTAssertEqual(again.finish(within: 20), 0, again.stderr)
        assertQuiet(again.stderr)
        // Not a pause, which a slow second launcher would pass: a later
        // hand-over's demo window, once mapped, was requested after whatever
        // the primary did for `again`, on the same connection to the X
        // server, which handles a client's requests in order.
        let later = try start(["--run=labels"])
        XCTAssertEqual(later.finish(within: 20), 0, later.stderr)
        XCTAssertTrue(waitForWindow(named: "Labels", pid: primary.pid), "the later hand-over's demo shows")
        XCTAssertEqual(windows(named: "Demo Shell").count, 1, "one launcher")
        XCTAssertTrue(primary.process.isRunning)
    }

    func testARunStartHandsItsDemoToTheLauncherInstanceQuietly() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        let second = try start(["--run=say-hello"])
        XCTAssertEqual(second.finish(within: 20), 0, second.stderr)
        assertQuiet(second.stderr)
        XCTAssertEqual(second.stderr, "", "a hand-over says nothing")
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: primary.pid))
    }

    /// `DEMO_SHELL_PLUGIN_PATH=… --run=ID` while a launcher started
    /// without those folders is open: the launcher never sees the variable,
    /// and the start says exactly why it refused and what runs the plugin.
    func testARunThatNamesPluginFoldersTheLauncherLacksSaysWhy() throws {
        let primary = try start([])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: primary.pid))
        let folder = NSTemporaryDirectory() + "demo-shell-path-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/libSayHello.so", withDestinationPath: buildProductsDirectory + "/libSayHello.so")
        try "[Plugin]\nId=path-hello\nModule=SayHello\nEntry=SayHelloDemo\nName=Path Hello\nABI=1\n".write(
            toFile: folder + "/path-hello.plugin", atomically: true, encoding: .utf8)
        environment["DEMO_SHELL_PLUGIN_PATH"] = folder
        let second = try start(["--run=path-hello", "--autoquit"])
        XCTAssertEqual(second.finish(within: 60), 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("There is no demo"), second.stderr)
        XCTAssertTrue(
            second.stderr.contains(
                "was started without the plugin folders this start names (DEMO_SHELL_PLUGIN_PATH=\(folder))"),
            second.stderr)
        XCTAssertTrue(second.stderr.contains("--run-plugin=MANIFEST"), second.stderr)
        XCTAssertTrue(primary.process.isRunning, "the launcher stays")
        let own = try start(["--run-plugin=" + folder + "/path-hello.plugin", "--autoquit"])
        XCTAssertEqual(own.finish(within: 60), 0, "what the hint says runs it: \(own.stderr)")
    }
}
