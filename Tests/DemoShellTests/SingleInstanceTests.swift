import Foundation
import XCTest

/// The single instance (issue 13, section 3), out of process: the built
/// `demo-shell`, each test on a D-Bus session bus of its own (its own
/// `dbus-daemon`), so no other test's instance can answer for it.
final class SingleInstanceTests: XCTestCase {
    private var binary: String { buildProductsDirectory + "/demo-shell" }
    private var bus: Process?
    private var environment: [String: String] = [:]
    private var started: [Process] = []

    override func setUpWithError() throws {
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        bus = daemon
        var address = Data()
        while !address.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            address.append(chunk)
        }
        let line = String(decoding: address, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(line.hasPrefix("unix:"), "dbus-daemon printed its address: \(line)")
        environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = line
        environment["NO_AT_BRIDGE"] = "1" // no accessibility bus on this private session
        environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "demo-shell-instance-\(UUID().uuidString)"
    }

    override func tearDown() {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGCONT)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if let bus, bus.isRunning { bus.terminate(); bus.waitUntilExit() }
        if let home = environment["XDG_CONFIG_HOME"] { try? FileManager.default.removeItem(atPath: home) }
    }

    private final class Run {
        let process = Process()
        private var out: PipeReader?, err: PipeReader?
        var stdout: String { out?.text() ?? "" }
        var stderr: String { err?.text() ?? "" }
        var pid: Int32 { process.processIdentifier }

        init(_ binary: String, _ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.environment = environment
            let o = Pipe(), e = Pipe()
            process.standardOutput = o
            process.standardError = e
            try process.run()
            out = PipeReader(o)
            err = PipeReader(e)
        }

        /// Waits for the exit (at most `timeout`: a hang guard, not a timing check).
        func finish(within timeout: TimeInterval) -> Int32? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { return nil }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func start(_ arguments: [String]) throws -> Run {
        let run = try Run(binary, arguments, environment: environment)
        started.append(run.process)
        return run
    }

    /// Ids of the mapped windows titled exactly `title`, of process `pid` if given
    /// (GDK titles a hidden leader window with the application name, too).
    private func windows(named title: String, pid: Int32? = nil) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool", "search", "--all", "--onlyvisible"] + (pid.map { ["--pid", String($0)] } ?? []) + ["--name", "^\(title)$"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    private func waitForWindow(named title: String, pid: Int32? = nil, while running: Process? = nil) -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if !windows(named: title, pid: pid).isEmpty { return true }
            if let running, !running.isRunning { return !windows(named: title, pid: pid).isEmpty }
            usleep(50_000)
        }
        return false
    }

    private func assertQuiet(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(stderr.contains("CRITICAL"), "no CRITICAL: \(stderr)", file: file, line: line)
        XCTAssertFalse(stderr.contains("WARNING"), "no GLib warning: \(stderr)", file: file, line: line)
    }

    func testAStoppedPrimaryIsNamedAndTheNewStartRunsOnItsOwn() throws {
        let primary = try start(["--run=say-hello"])
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: primary.pid), "the primary shows its demo")
        XCTAssertEqual(kill(primary.pid, SIGSTOP), 0)

        // Without the probe this start waited 2 × 25 s in D-Bus time limits,
        // printed CRITICALs and exited 1.
        let second = try start(["--autoquit"])
        XCTAssertTrue(waitForWindow(named: "Demo Shell", pid: second.pid, while: second.process),
                      "the new process shows its own launcher")
        let status = second.finish(within: 20)
        XCTAssertEqual(status, 0, "the new process ran and quit on its own: \(second.stderr)")
        XCTAssertTrue(second.stderr.contains("(process \(primary.pid)) did not answer within 2 s"), second.stderr)
        XCTAssertTrue(second.stderr.contains("runs on its own"), second.stderr)
        assertQuiet(second.stderr)
        XCTAssertTrue(windows(named: "Demo Shell", pid: primary.pid).isEmpty, "the stopped primary was not asked to show one")

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
        usleep(500_000)
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
}
