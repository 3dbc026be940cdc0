import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
@testable import MemoryCycles
import Foundation
import TestSupport
import XCTest

/// `demo-shell-memory-cycles --edit-runs=N --flood` (`make leaks` runs 100):
/// Run Edited of a Say Hello that sends more values and output than the
/// launcher keeps, in one launcher, with the real compiler and real
/// children. The Values log and the Output reach their limits and stay
/// there, each run is served by Edit's ready child, and Stop and Edit off
/// leave no process behind. `make leaks` runs the other lives under valgrind.
final class EditRunCyclesTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, report: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: buildProductsDirectory + "/demo-shell-memory-cycles")
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("edit-runs-\(getpid()).txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    @MainActor
    func testFloodingRunsKeepTheValuesLogAndTheOutputAtTheirLimits() async throws {
        let (status, report) = try run(["--edit-runs=2", "--flood"])
        print(report)
        XCTAssertEqual(status, 0, report)
        XCTAssertTrue(
            report.contains("Values log \(ValueLog.lineLimit) lines (limit \(ValueLog.lineLimit), ≥ "), report)
        XCTAssertTrue(
            report.contains("\(ValueLog.historyLimit) values of a line (limit \(ValueLog.historyLimit))"), report)
        XCTAssertTrue(report.contains("Output \(OutputLimit.lines) lines (limit \(OutputLimit.lines), ≥ "), report)
        XCTAssertTrue(report.contains("2 served by the ready child"), report)
        XCTAssertNotNil(report.firstMatch(of: #/after run 2: [+-]\d+ kB \(limit \d+ kB\)/#), report)
        XCTAssertTrue(report.contains("Stop and Edit off: every child process gone"), report)
        XCTAssertTrue(report.hasSuffix("run-edited-2: ok\n"), report)
    }

    func testTheDiagnosticRefusesANonsenseRunCount() async throws {
        XCTAssertEqual(try run(["--edit-runs=none"]).status, 2)
        XCTAssertEqual(try run(["--edit-runs=2", "--flud"]).status, 2)
    }
}
