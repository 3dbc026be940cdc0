import DemoShellKit
import EditRunModel
import ShellModel
import Glibc

/// Format on the Source page: the toolchain's `swift-format` with Demo
/// Shell's own configuration, run on a file's text in a process of its own
/// (supervised as every child is), bounded in time and in what it may
/// write. The text goes in through an unlinked file, not a pipe the main
/// loop would have to feed.
@MainActor
package enum SwiftFormatRun {
    /// How a run ended.
    package enum Outcome: Equatable {
        case formatted(String)
        /// The file is not Swift the formatter can read: its first error.
        case refused(String)
        /// No swift-format beside the compiler, or it could not be run.
        case unavailable(String)
    }

    /// Seconds a run may take (`DEMO_SHELL_FORMAT_TIME_LIMIT`, for tests).
    static var timeLimit: Int {
        Environment.value("DEMO_SHELL_FORMAT_TIME_LIMIT").flatMap { Int($0) }.map { max(1, $0) } ?? 20
    }

    /// The formatter beside the Swift compiler, or on `PATH`.
    package static func formatter() -> String? {
        if let compiler = SwiftToolchain.find() {
            let beside = FileSystem.join(FileSystem.dirname(FileSystem.resolvingLinks(compiler)), "swift-format")
            if FileSystem.isExecutable(beside) { return beside }
        }
        return SwiftToolchain.program(named: "swift-format")
    }

    /// Formats `text` (the file `name`) with the configuration at `configuration`.
    package static func format(
        _ text: String, named name: String, configuration: String
    ) async -> Outcome {
        guard let formatter = formatter() else {
            return .unavailable(localized("Format needs swift-format, which comes with the Swift toolchain."))
        }
        guard let input = unlinkedFile(holding: text) else {
            return .unavailable(
                localized("The text cannot be handed to swift-format: {reason}").filling([
                    "reason": String(cString: strerror(errno))
                ]))
        }
        defer { close(input) }
        let arguments = [formatter, "format", "--configuration", configuration, "--assume-filename", name, "-"]
        let started = ChildSupervisor.shared.start(arguments, input: input, adoptingOrphans: false)
        guard case .success(let process) = started else {
            if case .failure(let error) = started { return .unavailable(error.message) }
            return .unavailable("")
        }
        var output: [UInt8] = [], errors: [UInt8] = []
        let limit = 4 * text.utf8.count + 65_536
        process.onOutput { stream, bytes in
            if stream == .output, output.count < limit { output += bytes }
            if stream == .error, errors.count < 65_536 { errors += bytes }
        }
        let timer = MainLoop.after(milliseconds: timeLimit * 1000) { process.abandon() }
        let ending = await process.ended()
        timer.cancel()
        guard let ending else {
            return .unavailable(localized("swift-format took too long and was stopped."))
        }
        if ending == .exited(0), output.count < limit { return .formatted(String(decoding: output, as: UTF8.self)) }
        return .refused(firstError(String(decoding: errors, as: UTF8.self)))
    }

    /// "line 3: expected ')' to end parameter clause" from swift-format's
    /// "<stdin>:3:8: error: …", or its last line.
    static func firstError(_ text: String) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            // PATH:LINE:COLUMN: error: MESSAGE
            guard let at = parts.firstIndex(where: { $0 == " error" }), at >= 2, at + 1 < parts.count else { continue }
            let message = parts[(at + 1)...].joined(separator: ":").drop { $0 == " " }
            guard let number = Int(parts[at - 2]) else { return String(message) }
            return localized("line {line}: {message}").filling(["line": String(number), "message": String(message)])
        }
        return lines.last { line in !line.split(separator: ":").contains { $0 == " warning" } } ?? ""
    }

    private static func unlinkedFile(holding text: String) -> Int32? {
        let folder = Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/demo-shell-format-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                close(fd)
                return nil
            }
            written += count
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
