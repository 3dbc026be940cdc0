import DemoBasics
internal import CBasics
import Glibc

/// How `FileSystem.writeAtomically` writes: the text goes into an unnamed
/// file in the target's folder (`O_TMPFILE`), which gets a name
/// (`FILE.tmp-PID-RANDOM`) only once it is whole and is renamed over the
/// target at once. A process killed while writing (Stop during 2048's
/// Autoplay, which saves on every move) leaves nothing behind; killed in
/// the instant between the name and the rename, it leaves a name that says
/// whose it was, and `removeLeftovers(of:)` removes it at the next start.
/// Where the file system has no unnamed files, a named temporary file of
/// the same form is written instead.
public enum AtomicFile {
    /// Called once the text is written, before it has the target's name
    /// (tests look at the folder then, as a process killed there would leave
    /// it: `AtomicFile.whileUnnamed` in DemoKitTesting).
    package nonisolated(unsafe) static var unnamedHook: ((_ path: String) -> Void)?

    static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try FileSystem.makeDirectory(FileSystem.dirname(path))
        // As GLib's g_file_set_contents: readable as the umask allows.
        let mask = umask(0)
        umask(mask)
        let mode = 0o666 & ~mask
        let fd = basics_open_unnamed(FileSystem.dirname(path), UInt32(mode))
        if fd >= 0 {
            if let code = FileSystem.writeAll(bytes, to: fd) {
                close(fd)
                throw FileError(path: path, errno: code)
            }
            if FileSystem.exists(path), fsync(fd) != 0 {
                let code = errno
                close(fd)
                throw FileError(path: path, errno: code)
            }
            unnamedHook?(path)
            var named: String?
            for _ in 0..<100 {
                let temporary = temporaryName(for: path, random: String(UInt32.random(in: 0...UInt32.max), radix: 36))
                if basics_link_unnamed(fd, temporary) == 0 {
                    named = temporary
                    break
                }
                if errno != EEXIST { break }  // no /proc: a named file instead
            }
            close(fd)
            if let named {
                if Glibc.rename(named, path) != 0 {
                    let code = errno
                    unlink(named)
                    throw FileError(path: path, errno: code)
                }
                return
            }
        }
        try writeNamed(bytes, to: path, mode: mode)
    }

    /// `FILE.tmp-PID-RANDOM`: whose temporary file it is, so that another
    /// process's start removes it only once that process is gone.
    static func temporaryName(for path: String, random: String) -> String {
        path + ".tmp-\(getpid())-" + random
    }

    private static func writeNamed(_ bytes: [UInt8], to path: String, mode: mode_t) throws(FileError) {
        var template = Array(temporaryName(for: path, random: "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { basics_make_temporary_file($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> FileError {
            close(fd)
            unlink(temporary)
            return FileError(path: path, errno: code)
        }
        if let code = FileSystem.writeAll(bytes, to: fd) { throw fail(code) }
        unnamedHook?(path)
        // mkostemp made it 0600.
        if fchmod(fd, mode) != 0 { throw fail(errno) }
        if FileSystem.exists(path), fsync(fd) != 0 { throw fail(errno) }
        if close(fd) != 0 {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, errno: code)
        }
        if Glibc.rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, errno: code)
        }
    }

    /// Removes what writes of `path` cut short left beside it: a
    /// `FILE.tmp-PID-…` whose process is gone (a live one's may be renamed
    /// any moment), and an older Demo Shell's `FILE.XXXXXX` (six random
    /// letters and digits, at least one a capital or a digit: `FILE.backup`
    /// is someone's). Never a link or a folder. Returns the names removed.
    @discardableResult
    public static func removeLeftovers(of path: String) -> [String] {
        let path = FileSystem.resolvingLinks(path), folder = FileSystem.dirname(path)
        let prefix = FileSystem.basename(path) + "."
        var removed: [String] = []
        for name in FileSystem.contents(ofDirectory: folder) where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let leftover: Bool
            if rest.hasPrefix("tmp-"), let pid = Int32(rest.dropFirst(4).prefix { $0 != "-" }), pid > 0 {
                leftover = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            } else {
                leftover =
                    rest.count == 6 && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    && rest.contains { $0.isUppercase || $0.isNumber }
            }
            var info = stat()
            let full = FileSystem.join(folder, name)
            guard leftover, lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(full) == 0 else {
                continue
            }
            removed.append(name)
        }
        return removed
    }
}
