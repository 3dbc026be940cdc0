import DemoBasics
import Glibc

/// Why a file could not be read, parsed or written.
public struct FileError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for code that must tell a missing file from an
    /// unreadable one, and both from one that was read but is not valid.
    public enum Kind: Sendable, Equatable {
        /// No file at that path.
        case missing
        /// There, but it cannot be read (permissions, a directory, an I/O error).
        case unreadable
        /// Read, but its content is not what was expected (a parse error).
        case invalid
        /// Anything else (a failed write, say).
        case other
    }

    public let message: String
    public let kind: Kind
    public init(message: String, kind: Kind = .other) {
        self.message = message
        self.kind = kind
    }
    public var description: String { message }

    /// A failed call on `path`, told as `PATH: REASON`: the path the person
    /// asked for (never a temporary file beside it) and the C library's reason.
    init(path: String, errno code: Int32) {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        self.init(message: "\(path): \(reason)", kind: code == ENOENT ? .missing : .other)
    }
}
