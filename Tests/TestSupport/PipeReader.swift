import Foundation

/// Drains a pipe on another thread until the writer closes it, so a program
/// writing more than a pipe holds (64 KB) never blocks on a test that reads
/// only after it exits.
package final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    package init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// What was written; what came so far if the writer (a child that
    /// inherited the pipe, say) is still open after `seconds`.
    package func text(waitingAtMost seconds: Double = 5) -> String {
        _ = done.wait(timeout: .now() + seconds)
        return String(decoding: data, as: UTF8.self)
    }
}
