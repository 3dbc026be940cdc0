@testable import DemoValues
@testable import EditRunModel
@testable import ShellModel
import Glibc
import TestSupport

/// The test process's one Show Values pipe: the channel opens once per
/// process (as in an edited demo) on the variable set here, so every test
/// that logs through it reads this pipe, and keeps only its own file's records.
enum ValuesPipe {
    /// The read end, non-blocking; opened (and the variable set) on first use.
    static let readEnd: Int32 = {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        var info = stat()
        fstat(ends[1], &info)
        setenv(valuesVariable, "\(ends[1]):\(info.st_ino)", 1)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return ends[0]
    }()

    /// Opens the channel on this pipe (the first log would, from the variable).
    static func open() {
        _ = readEnd
        _ = __builtin_log_scope_entry(1, 1, 1, 1, 1, 0)  // file 0: a line the channel drops
        unsetenv(valuesVariable)
    }

    /// Reads and decodes records of `file` (a build's file id) until `done`
    /// says so or `seconds` pass (a failure's limit, not a measure).
    static func read(file: Int, path: String, seconds: Int = 120, until done: ([ValueRecord]) -> Bool) -> [ValueRecord]
    {
        var wire = ValueWire(files: [file: path], origin: 0)
        var records: [ValueRecord] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        Poll.until(timeout: Double(seconds), interval: 0.005) {
            // All there is now, then the check (the pipe does not block).
            while case let count = buffer.withUnsafeMutableBytes({ Glibc.read(readEnd, $0.baseAddress, $0.count) }),
                count > 0
            {
                records += wire.decode(Array(buffer[0..<count])).filter { $0.relativePath == path }
            }
            return done(records)
        }
        return records
    }
}
