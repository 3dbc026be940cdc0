import DemoBasics
import ShellBasics
import Glibc

/// Reads a `.plugin` file found on the search path, whatever it turns out to
/// be: a folder, a dangling link, a named pipe, half a gigabyte, text with a
/// byte-order mark or bytes that are not UTF-8. Each odd case is named truly;
/// nothing is read whole before its size is known, nothing blocks.
package enum ManifestFile {
    /// Manifests larger than this are refused unread.
    static let sizeLimit = 64 * 1024

    package enum Problem: Error, Equatable, CustomStringConvertible {
        case folder
        case danglingLink(String)
        case notRegular(String)
        case tooLarge(Int64)
        case unreadable(String)
        case invalidUTF8(line: Int)

        package var description: String {
            switch self {
            case .folder:
                localized("This is a folder, not a manifest.")
            case .danglingLink(let target):
                localized("This is a symbolic link to {target}, which does not exist.").filling(["target": target])
            case .notRegular(let kind):
                localized("This is not a regular file but {kind}.").filling(["kind": kind])
            case .tooLarge(let size):
                localized("The manifest is {size}; manifests larger than 64 KiB are refused unread.")
                    .filling(["size": ManifestFile.formatSize(size)])
            case .unreadable(let why):
                localized("The manifest cannot be read: {reason}").filling(["reason": why])
            case .invalidUTF8(let line):
                localized("The manifest is not valid UTF-8 text (line {line}).").filling(["line": String(line)])
            }
        }
    }

    /// The manifest's text (without a byte-order mark), or why there is none.
    package static func read(_ path: String) -> Result<String, Problem> {
        var info = stat()
        if stat(path, &info) != 0 {
            let error = errno
            var link = stat()
            if lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
                return .failure(.danglingLink(linkTarget(path) ?? "?"))
            }
            return .failure(.unreadable(String(cString: strerror(error))))
        }
        // Checked before opening: opening a FIFO for reading waits for a writer.
        if let problem = typeProblem(info.st_mode) { return .failure(problem) }
        if info.st_size > sizeLimit { return .failure(.tooLarge(Int64(info.st_size))) }

        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        // The file may have been swapped since stat(): check what was opened.
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if let problem = typeProblem(info.st_mode) { return .failure(problem) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > sizeLimit { return .failure(.tooLarge(Int64(bytes.count))) }  // it grew
        }
        return decode(bytes)
    }

    /// UTF-8 text without a leading byte-order mark; invalid UTF-8 is named with its line.
    package static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) {
            return .success(text)
        }
        // Find the first line that does not decode.
        var line = 1
        var start = body.startIndex
        for index in body.indices where body[index] == UInt8(ascii: "\n") || index == body.endIndex - 1 {
            let end = body[index] == UInt8(ascii: "\n") ? index : body.endIndex
            if String(validating: body[start..<end], as: UTF8.self) == nil { return .failure(.invalidUTF8(line: line)) }
            line += 1
            start = index + 1
        }
        return .failure(.invalidUTF8(line: line))
    }

    private static func typeProblem(_ mode: mode_t) -> Problem? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .folder
        case S_IFIFO: .notRegular(localized("a named pipe (FIFO)"))
        case S_IFSOCK: .notRegular(localized("a socket"))
        case S_IFCHR, S_IFBLK: .notRegular(localized("a device"))
        default: .notRegular("?")
        }
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func formatSize(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return String(format1(Double(bytes) / Double(1 << 30))) + " GiB" }
        if bytes >= 1 << 20 { return String(format1(Double(bytes) / Double(1 << 20))) + " MiB" }
        return "\(bytes) " + localized("bytes")
    }

    private static func format1(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
