import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
@testable import MemoryCycles
import Foundation
import TestSupport
import XCTest

/// One process opens and closes every demo 100 times
/// (`demo-shell-memory-cycles --cycles=100`, a diagnostic built beside the
/// shell and not installed).
/// Private dirty memory after the last cycle stays within 2 MB of after the
/// first, every GObject of every demo window is finalized, and no Swift
/// wrapper or signal box is left; the launcher's search keeps none either.
/// DEMO_SHELL_MEMORY_CYCLES=N runs fewer (or more) cycles.
final class MemoryCyclesTests: XCTestCase {
    @MainActor
    func testEveryDemoOpenedAndClosedAHundredTimesLeavesNothingBehind() async throws {
        let cycles = Int(ProcessInfo.processInfo.environment["DEMO_SHELL_MEMORY_CYCLES"] ?? "") ?? 100
        let process = Process()
        process.executableURL = URL(fileURLWithPath: buildProductsDirectory + "/demo-shell-memory-cycles")
        process.arguments = ["--cycles=\(cycles)"]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("memory-cycles-\(getpid()).txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let report = try String(contentsOf: output, encoding: .utf8)
        print(report)
        XCTAssertEqual(process.terminationStatus, 0, report)
        XCTAssertTrue(report.contains("each opened and closed \(cycles) times"), report)
        let demos = PluginRegistry(searchPath: [buildProductsDirectory]).ids
        XCTAssertTrue(report.contains("demos: \(demos.count) ("), "every built-in demo is cycled: \(report)")
        // A real count of watched objects (at least a window and a few widgets per demo).
        let watched = report.firstMatch(of: #/watched: (\d+), not finalized: (\d+)/#)
        XCTAssertGreaterThanOrEqual(Int(watched?.1 ?? "") ?? 0, demos.count * cycles * 5, report)
        XCTAssertEqual(watched?.2, "0", report)
        let dirty = report.firstMatch(of: #/after cycle \d+: ([+-]\d+) kB/#)
        XCTAssertLessThanOrEqual(Int(dirty?.1 ?? "") ?? .max, MemoryCycles.dirtyLimitKB, report)
        XCTAssertTrue(report.contains("memory: ok"), report)
    }

    @MainActor
    func testPrivateDirtyMemoryIsReadAndSeesAnAllocation() async {
        let before = MemoryCycles.privateDirtyKB()
        XCTAssertGreaterThan(before, 0)
        // Fresh pages from the kernel: malloc could hand back heap pages an
        // earlier test dirtied and freed, which would not count again.
        let size = 8 << 20
        let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != MAP_FAILED else { return XCTFail("no memory mapped") }
        defer { munmap(mapping, size) }
        mapping.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        XCTAssertGreaterThanOrEqual(MemoryCycles.privateDirtyKB() - before, 7 << 10, "8 MB written are 8 MB dirty")
    }

    func testTheDiagnosticRefusesANonsenseCount() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: buildProductsDirectory + "/demo-shell-memory-cycles")
        process.arguments = ["--cycles=one"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
    }
}
