import DemoShellKit
@testable import PluginHost
import TestSupport
import XCTest

/// A plugin's log is bounded: a chatty demo keeps its newest
/// lines, from a line's start, within `PluginLog.limit` bytes.
@MainActor
final class PluginLogTests: XCTestCase {
    func testALogKeepsItsNewestLinesWithinItsLimit() async throws {
        let id = "chatty-\(getpid())"
        let path = PluginLog.path(id: id)
        defer { _ = FileSystem.remove(path) }
        let log = try XCTUnwrap(PluginLog(id: id))
        let line = String(repeating: "x", count: 99) + "\n"
        for index in 0..<(3 * PluginLog.limit / 100) { log.append(Array("\(index) \(line)".utf8)) }
        log.append(line: "the last words")
        log.close()
        let kept = try XCTUnwrap(FileSystem.read(path))
        XCTAssertLessThanOrEqual(kept.utf8.count, PluginLog.limit)
        XCTAssertGreaterThan(kept.utf8.count, PluginLog.limit / 4, "the newest half is kept")
        XCTAssertTrue(kept.hasSuffix("the last words\n"))
        XCTAssertTrue(kept.first?.isNumber ?? false, "cut at a line's start: \(kept.prefix(20))")
        XCTAssertEqual(PluginLog.text(id: id), kept)
        // Opened again, it adds to what is there.
        let again = try XCTUnwrap(PluginLog(id: id))
        again.append(line: "next run")
        again.close()
        XCTAssertTrue(try XCTUnwrap(FileSystem.read(path)).hasSuffix("the last words\nnext run\n"))
    }
}
