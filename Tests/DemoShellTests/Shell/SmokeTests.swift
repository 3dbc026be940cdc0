import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// The built `demo-shell` binary, run out of process as a person or a script would.
final class SmokeTests: XCTestCase {
    private var binary: String { buildProductsDirectory + "/demo-shell" }

    private struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    @discardableResult
    private func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 30)
        throws -> Run
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the program runs: a pipe holds 64 KB, and a
        // program writing more would block forever if nobody read until exit.
        let stdout = PipeReader(out), stderr = PipeReader(err)
        if !Poll.until(timeout: timeout, { !process.isRunning }) {
            process.terminate()
            XCTFail("demo-shell \(arguments) did not exit within \(timeout) s")
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout.text(), stderr: stderr.text())
    }

    func testMoreOutputThanAPipeHoldsIsReadWhileTheProgramRuns() async throws {
        // 1,500 broken manifests: --list reports each on stderr, far over 64 KB.
        let folder = NSTemporaryDirectory() + "demo-shell-many-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 0..<1500 {
            try "[Plugin]\nId=broken-\(index)\nName=Broken plugin number \(index) with a long name\n"
                .write(toFile: folder + "/broken-\(index).plugin", atomically: false, encoding: .utf8)
        }
        let list = try run(["--list"], environment: ["DEMO_SHELL_PLUGIN_PATH": folder], timeout: 60)
        XCTAssertEqual(list.status, 0)
        XCTAssertGreaterThan(list.stderr.utf8.count, 65_536)
        XCTAssertTrue(list.stderr.contains("broken-1499"), "the last report arrived")
        XCTAssertTrue(list.stdout.contains("say-hello"), "the good demos are listed too")
    }

    /// Private settings per run, so a test never reads or writes the user's.
    private var isolated: [String: String] {
        ["XDG_CONFIG_HOME": NSTemporaryDirectory() + "demo-shell-smoke-\(UUID().uuidString)"]
    }

    private func listedIDs() throws -> [String] {
        let list = try run(["--list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        return list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    func testListPrintsIDTabName() throws {
        let list = try run(["--list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("say-hello\tSay Hello\n"), list.stdout)
        XCTAssertEqual(list.stderr, "", "no built-in plugin is broken")
    }

    func testEveryAvailableDemoRunsAndAutoquits() throws {
        let ids = try listedIDs()
        XCTAssertTrue(ids.contains("say-hello"))
        for id in ids {
            let result = try run(["--run=\(id)", "--autoquit"], environment: isolated)
            XCTAssertEqual(result.status, 0, "\(id): \(result.stderr)")
        }
    }

    func testLauncherAutoquits() throws {
        let result = try run(["--autoquit"], environment: isolated)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testRunWithSeparateArgument() throws {
        XCTAssertEqual(try run(["--run", "say-hello", "--autoquit"]).status, 0)
    }

    func testUnknownOptionExitsTwo() throws {
        let result = try run(["--frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--frobnicate"), result.stderr)
    }

    func testUnknownIDExitsOne() throws {
        let result = try run(["--run=no-such-demo"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no-such-demo"), result.stderr)
    }

    func testVersionAndHelp() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("demo-shell "), version.stdout)
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--run=ID"))
    }

    func testUnavailablePluginIsReportedByListAndRunExitsOneWithTheReason() throws {
        let folder = NSTemporaryDirectory() + "demo-shell-broken-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[Plugin]\nId=broken\nModule=Broken\nName=Broken Demo\nABI=1\n"
            .write(toFile: folder + "/broken.plugin", atomically: true, encoding: .utf8)
        try "not a library".write(toFile: folder + "/libBroken.so", atomically: true, encoding: .utf8)
        let environment = ["DEMO_SHELL_PLUGIN_PATH": folder]

        let list = try run(["--list"], environment: environment)
        XCTAssertEqual(list.status, 0)
        XCTAssertFalse(list.stdout.contains("broken"), "unavailable demos are not listed as available")
        XCTAssertTrue(list.stderr.contains("Broken Demo"), list.stderr)
        XCTAssertTrue(list.stderr.contains("cannot be loaded"), list.stderr)

        let run = try run(["--run=broken"], environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("cannot be loaded"), run.stderr)
    }

    func testChineseLocaleTranslatesTheCommandLine() throws {
        let result = try run(["--help"], environment: ["LANG": "zh_CN.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("用法"), result.stdout)
        let list = try run(["--list"], environment: ["LANG": "zh_CN.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
        XCTAssertTrue(list.stdout.contains("say-hello\t打招呼"), list.stdout)
    }

    func testSecondInstanceOpensTheDemoInTheFirstAndExitsZero() throws {
        let first = Process()
        first.executableURL = URL(fileURLWithPath: binary)
        first.arguments = []
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            if first.isRunning { first.terminate() }
            first.waitUntilExit()
        }
        XCTAssertTrue(waitForWindow(named: "Demo Shell"), "the launcher appears")

        let second = try run(["--run=say-hello"], timeout: 15)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(waitForWindow(named: "Say Hello"), "the first instance opened the demo")
        XCTAssertTrue(first.isRunning)
    }

    func testRunModeQuitsWhenItsOnlyWindowIsClosedWithCtrlW() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: binary)
        shell.arguments = ["--run=say-hello"]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        defer { if shell.isRunning { shell.terminate() } }
        XCTAssertTrue(waitForWindow(named: "Say Hello"))
        XCTAssertFalse(try windowExists(named: "Demo Shell"), "--run shows no launcher")
        // Real key presses through the X server's keyboard (XTEST), as a person
        // would type them: focus the window, press Ctrl+W, release both keys.
        // (`key --window` mixes XSendEvent and XTEST and can leave keys held
        // down, auto-repeating into whatever window comes next.)
        let id = try XCTUnwrap(try xdotool(["search", "--name", "^Say Hello$"]).split(separator: "\n").first)
        _ = try xdotool(["windowfocus", "--sync", String(id)])
        _ = try xdotool(["key", "ctrl+w"])
        defer { _ = try? xdotool(["keyup", "ctrl", "w"]) }
        XCTAssertTrue(Poll.until(timeout: 10) { !shell.isRunning }, "closing the only window quits")
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0)
    }

    private func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    private func windowExists(named title: String) throws -> Bool {
        !(try xdotool(["search", "--name", "^\(title)$"])).isEmpty
    }

    /// Polls the X server's window tree (xwininfo) for a top-level title.
    private func waitForWindow(named title: String) -> Bool {
        return Poll.until(timeout: 10, interval: 0.1) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xwininfo")
            process.arguments = ["-root", "-tree"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.contains("\"\(title)\"")
        }
    }
}
