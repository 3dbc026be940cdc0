import Foundation
import XCTest

/// Tests of the built `demo-shell` as a separate process, each test on a
/// D-Bus session bus of its own (its own `dbus-daemon`), so no other test's
/// instance can answer for it, and with its own settings folder. No test
/// methods here: subclasses hold them.
open class ShellProcessTestCase: XCTestCase {
    package var binary: String { buildProductsDirectory + "/demo-shell" }
    private var bus: Process?
    package var environment: [String: String] = [:]
    private var started: [Process] = []

    open override func setUpWithError() throws {
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
        environment["NO_AT_BRIDGE"] = "1"  // no accessibility bus on this private session
        environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "demo-shell-instance-\(UUID().uuidString)"
    }

    open override func tearDown() {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGCONT)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if let bus, bus.isRunning {
            bus.terminate()
            bus.waitUntilExit()
        }
        if let home = environment["XDG_CONFIG_HOME"] { try? FileManager.default.removeItem(atPath: home) }
    }

    package final class Run {
        package let process = Process()
        private var out: PipeReader?, err: PipeReader?
        package var stdout: String { out?.text() ?? "" }
        package var stderr: String { err?.text() ?? "" }
        package var pid: Int32 { process.processIdentifier }

        package init(_ binary: String, _ arguments: [String], environment: [String: String]) throws {
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
        package func finish(within timeout: TimeInterval) -> Int32? {
            guard Poll.until(timeout: timeout, { !process.isRunning }) else { return nil }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    package func start(_ arguments: [String]) throws -> Run {
        let run = try Run(binary, arguments, environment: environment)
        started.append(run.process)
        return run
    }

    /// Ids of the mapped windows titled exactly `title`, of process `pid` if given
    /// (GDK titles a hidden leader window with the application name, too).
    package func windows(named title: String, pid: Int32? = nil) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["xdotool", "search", "--all", "--onlyvisible"] + (pid.map { ["--pid", String($0)] } ?? []) + [
                "--name", "^\(title)$",
            ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    package func waitForWindow(named title: String, pid: Int32? = nil, while running: Process? = nil) -> Bool {
        var shown = false
        Poll.until(timeout: 15, interval: 0.05) {
            shown = !windows(named: title, pid: pid).isEmpty
            return shown || running?.isRunning == false
        }
        return shown || !windows(named: title, pid: pid).isEmpty
    }

    package func assertQuiet(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(stderr.contains("CRITICAL"), "no CRITICAL: \(stderr)", file: file, line: line)
        XCTAssertFalse(stderr.contains("WARNING"), "no GLib warning: \(stderr)", file: file, line: line)
    }

    /// xdotool's output (an empty string when it fails).
    @discardableResult
    package func xdotool(_ arguments: [String]) -> String { output(of: ["xdotool"] + arguments) }

}
