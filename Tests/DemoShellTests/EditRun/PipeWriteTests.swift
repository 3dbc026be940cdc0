@testable import PluginHost
import Glibc
import TestSupport
import XCTest

/// A write to a child that has just ended fails; it does not end the launcher.
final class PipeWriteTests: XCTestCase {
    func testAWriteToAPipeWithNoReaderFailsWithoutEndingTheProcess() {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        defer { close(ends[1]) }
        XCTAssertFalse(PipeWrite.all(Array("a request\n".utf8), to: ends[1]), "no reader: the write fails")
        var pending = sigset_t()
        sigpending(&pending)
        XCTAssertEqual(sigismember(&pending, SIGPIPE), 0, "no SIGPIPE left pending")
        var ready: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ready), 0)
        XCTAssertTrue(PipeWrite.all(Array("x".utf8), to: ready[1]), "with a reader it writes")
        close(ready[0])
        close(ready[1])
    }
}
