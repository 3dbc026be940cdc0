import DemoBasics
internal import CBasics
import Glibc

/// The few file-system calls the shell and the SDK need, over the C library
/// alone: no Foundation on the launcher's start-up path, and no GLib, so that
/// the shell's GTK-free model can use them. Path rules follow GLib's, which
/// these calls replaced.
public enum FileSystem {
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
    public static func isDirectory(_ path: String) -> Bool { mode(of: path).map { $0 & S_IFMT == S_IFDIR } ?? false }
    public static func isRegularFile(_ path: String) -> Bool { mode(of: path).map { $0 & S_IFMT == S_IFREG } ?? false }

    /// Executable by this user; for root, whose `access` grants every file,
    /// only when an execute bit is set.
    public static func isExecutable(_ path: String) -> Bool {
        guard access(path, X_OK) == 0 else { return false }
        if getuid() != 0 { return true }
        return mode(of: path).map { $0 & (S_IXUSR | S_IXGRP | S_IXOTH) != 0 } ?? false
    }

    /// The names in a directory, sorted, without `.` and `..`; empty when it
    /// can't be read.
    public static func contents(ofDirectory path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The file's text up to its first NUL, or nil when unreadable.
    public static func read(_ path: String) -> String? {
        readBytes(path).map { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// A small file the shell keeps for itself (a window's place, the
    /// completion history), which anyone may have replaced: its bytes when
    /// it is a regular file of at most `limit` bytes (through a link only
    /// when `followingLinks`), else nil. Never blocks: a FIFO is refused
    /// before it is read, and a file that grows past `limit` meanwhile too.
    public static func readSmall(_ path: String, limit: Int, followingLinks: Bool = true) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return total <= limit ? Array(bytes[..<total]) : nil
    }

    /// The file's bytes, or nil when unreadable.
    public static func readBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(Int(info.st_size), 0))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// Writes through a temporary file beside `path` and a rename, so that a
    /// reader sees the old file or the new one, never a part; an existing
    /// file's replacement reaches the disk first (fsync). A symbolic link at
    /// `path` is kept and the file it points to is written (as in a dotfiles
    /// set-up), never replaced by a plain file.
    /// A write cut short (the process killed: Stop) leaves nothing behind
    /// where the file system has unnamed files (`AtomicFile`).
    public static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        try AtomicFile.write(Array(text.utf8), to: resolvingLinks(path))
    }

    /// The file a chain of symbolic links at `path` ends at (which need not
    /// exist yet); `path` itself when it is no link.
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // as the kernel's own limit on a chain
            guard let text = linkTarget(current) else { return current }
            current = text.hasPrefix("/") ? text : join(dirname(current), text)
        }
        return current
    }

    /// Creates a directory and its parents (mode 0700 for private data).
    public static func makeDirectory(_ path: String, mode: Int32 = 0o700) throws(FileError) {
        if isDirectory(path) { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, mode_t(mode)) != 0, errno != EEXIST || !isDirectory(prefix) {
                throw FileError(message: "cannot create \(path)")
            }
        }
    }

    /// Renames, replacing any existing target.
    @discardableResult
    public static func rename(_ from: String, to: String) -> Bool { Glibc.rename(from, to) == 0 }

    /// Moves `path` aside to `path` + `suffix`, or `.1`, `.2`… after it when
    /// that name is taken: an earlier file is never replaced (the rename
    /// itself refuses to, so no other process can slip one in between).
    /// Returns the new path, or nil when the file could not be moved.
    public static func moveAside(_ path: String, suffix: String = ".bak") -> String? {
        for attempt in 0..<1000 {
            let target = path + suffix + (attempt == 0 ? "" : ".\(attempt)")
            if basics_rename_noreplace(path, target) == 0 { return target }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Copies the file at `path` (through any links) to `path` + `suffix`, or
    /// `.1`, `.2`… when that name is taken, never replacing an earlier file.
    /// Returns the copy's path, or nil when no whole copy could be made (a
    /// partial one is removed).
    public static func copyAside(_ path: String, suffix: String = ".bak") -> String? {
        guard let contents = readBytes(path) else { return nil }
        for attempt in 0..<1000 {
            let target = path + suffix + (attempt == 0 ? "" : ".\(attempt)")
            let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            let complete = writeAll(contents, to: fd) == nil && fsync(fd) == 0
            if close(fd) != 0 || !complete {
                _ = unlink(target)
                return nil
            }
            return target
        }
        return nil
    }

    @discardableResult
    public static func remove(_ path: String) -> Bool { Glibc.remove(path) == 0 }

    /// Removes a folder with everything in it. A symbolic link is removed,
    /// never followed: nothing outside `path` is touched.
    public static func removeTree(_ path: String) {
        var link = stat()
        if isDirectory(path), lstat(path, &link) == 0, link.st_mode & S_IFMT != S_IFLNK {
            for name in contents(ofDirectory: path) { removeTree(join(path, name)) }
        }
        _ = remove(path)
    }

    /// The folder part of `path`: `/a` for `/a/b`, `/` for `/a`, `.` for `a`.
    public static func dirname(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard var end = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        while end > 0 && bytes[end] == UInt8(ascii: "/") { end -= 1 }
        return String(decoding: bytes[...end], as: UTF8.self)
    }

    /// The last part of `path`, trailing slashes ignored: `b` for `/a/b/`,
    /// `/` for `/`, `.` for the empty path.
    public static func basename(_ path: String) -> String {
        if path.isEmpty { return "." }
        let bytes = Array(path.utf8)
        guard let last = bytes.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return "/" }
        let start = bytes[...last].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start...last], as: UTF8.self)
    }

    public static func join(_ parts: String...) -> String { join(parts) }

    public static func join(_ parts: [String]) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if result.isEmpty {
                result = part
                continue
            }
            result += (result.hasSuffix("/") ? "" : "/") + (part.hasPrefix("/") ? String(part.dropFirst()) : part)
        }
        return result
    }

    /// The absolute path of the running executable.
    public static var executablePath: String? { linkTarget("/proc/self/exe") }

    /// A new private temporary directory (for tests and scratch work), in
    /// `$TMPDIR` or `/tmp`; `template` ends in `XXXXXX`.
    public static func makeTemporaryDirectory(_ template: String = "demo-shell-XXXXXX") -> String? {
        let folder = Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var path = Array(join(folder, template).utf8CString)
        return path.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    private static func mode(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode : nil
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes every byte, retrying after signals; the errno of a failure.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return EIO }
            written += count
        }
        return nil
    }
}

extension FileSystem {
    /// What changes when a file is edited or replaced (size, modification
    /// time to the nanosecond, device and inode); nil when it cannot be read.
    public static func version(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_dev):\(info.st_ino)"
    }
}
