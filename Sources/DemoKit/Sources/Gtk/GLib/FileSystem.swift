import CGtk
import CGtkShim
import Glibc

/// Why a file could not be read, parsed or written (GLib's message).
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

    /// Takes (and frees) a GError from a file or key-file call.
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String) {
        guard let error else { self.init(message: fallback); return }
        let kind: Kind
        if error.pointee.domain == g_file_error_quark() {
            kind = error.pointee.code == Int32(G_FILE_ERROR_NOENT.rawValue) ? .missing : .unreadable
        } else if error.pointee.domain == g_key_file_error_quark() {
            kind = .invalid
        } else {
            kind = .other
        }
        self.init(message: GLibError.take(error) ?? fallback, kind: kind)
    }
}

extension FileError {
    /// A failed `writeAtomically`, told as `PATH: REASON`: GLib's own message
    /// names the temporary file it was writing (`FILE.KM9HZ3`), which the
    /// person never asked for; the cause is GLib's text for the errno behind it.
    init(writing path: String, taking error: UnsafeMutablePointer<GError>?) {
        guard let error else { self.init(message: "\(path): cannot be written"); return }
        let code = error.pointee.domain == g_file_error_quark() ? Self.errno(of: error.pointee.code) : nil
        let glibMessage = GLibError.take(error) ?? "cannot be written"
        guard let code, let reason = g_strerror(code) else {
            self.init(message: "\(path): \(glibMessage)")
            return
        }
        self.init(message: "\(path): \(String(cString: reason))")
    }

    /// The errno a `GFileError` code was made from (`g_file_error_from_errno`
    /// in reverse); nil for `G_FILE_ERROR_FAILED`, which stands for many.
    private static func errno(of code: Int32) -> Int32? {
        let table: [GFileError: Int32] = [
            G_FILE_ERROR_EXIST: EEXIST, G_FILE_ERROR_ISDIR: EISDIR, G_FILE_ERROR_ACCES: EACCES,
            G_FILE_ERROR_NAMETOOLONG: ENAMETOOLONG, G_FILE_ERROR_NOENT: ENOENT, G_FILE_ERROR_NOTDIR: ENOTDIR,
            G_FILE_ERROR_NXIO: ENXIO, G_FILE_ERROR_NODEV: ENODEV, G_FILE_ERROR_ROFS: EROFS,
            G_FILE_ERROR_TXTBSY: ETXTBSY, G_FILE_ERROR_FAULT: EFAULT, G_FILE_ERROR_LOOP: ELOOP,
            G_FILE_ERROR_NOSPC: ENOSPC, G_FILE_ERROR_NOMEM: ENOMEM, G_FILE_ERROR_MFILE: EMFILE,
            G_FILE_ERROR_NFILE: ENFILE, G_FILE_ERROR_BADF: EBADF, G_FILE_ERROR_INVAL: EINVAL,
            G_FILE_ERROR_PIPE: EPIPE, G_FILE_ERROR_AGAIN: EAGAIN, G_FILE_ERROR_INTR: EINTR,
            G_FILE_ERROR_IO: EIO, G_FILE_ERROR_PERM: EPERM, G_FILE_ERROR_NOSYS: ENOSYS,
        ]
        return table[GFileError(rawValue: UInt32(bitPattern: code))]
    }
}

/// The few file-system and environment calls the shell needs, through GLib so
/// that the launcher's start-up path does not load Foundation.
public enum FileSystem {
    public static func exists(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_EXISTS).bool }
    public static func isDirectory(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_DIR).bool }
    public static func isRegularFile(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_REGULAR).bool }
    public static func isExecutable(_ path: String) -> Bool { g_file_test(path, G_FILE_TEST_IS_EXECUTABLE).bool }

    /// The names in a directory, sorted; empty when it can't be read.
    public static func contents(ofDirectory path: String) -> [String] {
        guard let dir = g_dir_open(path, 0, nil) else { return [] }
        defer { g_dir_close(dir) }
        var names: [String] = []
        while let name = g_dir_read_name(dir) { names.append(String(cString: name)) }
        return names.sorted()
    }

    /// The file's text, or nil when unreadable.
    public static func read(_ path: String) -> String? {
        var contents: UnsafeMutablePointer<CChar>?
        var length: Int = 0
        guard g_file_get_contents(path, &contents, &length, nil).bool, let contents else { return nil }
        defer { g_free(contents) }
        return String(cString: contents)
    }

    /// The file's bytes, or nil when unreadable.
    public static func readBytes(_ path: String) -> [UInt8]? {
        var contents: UnsafeMutablePointer<CChar>?
        var length: Int = 0
        guard g_file_get_contents(path, &contents, &length, nil).bool, let contents else { return nil }
        defer { g_free(contents) }
        return contents.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Writes through a temporary file and a rename (GLib's `g_file_set_contents`).
    /// A symbolic link at `path` is kept and the file it points to is written
    /// (as in a dotfiles set-up), never replaced by a plain file.
    public static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        let path = resolvingLinks(path)
        try makeDirectory(dirname(path))
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(text.utf8)
        let ok = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                g_file_set_contents(path, $0, buffer.count, &error)
            }
        }
        if !ok.bool { throw FileError(writing: path, taking: error) }
    }

    /// The file a chain of symbolic links at `path` ends at (which need not
    /// exist yet); `path` itself when it is no link.
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 { // as the kernel's own limit on a chain
            guard let target = g_file_read_link(current, nil) else { return current }
            defer { g_free(target) }
            let text = String(cString: target)
            current = text.hasPrefix("/") ? text : join(dirname(current), text)
        }
        return current
    }

    /// Creates a directory and its parents (mode 0700 for private data).
    public static func makeDirectory(_ path: String, mode: Int32 = 0o700) throws(FileError) {
        if g_mkdir_with_parents(path, mode) != 0 {
            throw FileError(message: "cannot create \(path)")
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
            if shim_rename_noreplace(path, target) == 0 { return target }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Copies the file at `path` (through any links) to `path` + `suffix`, or
    /// `.1`, `.2`… when that name is taken, never replacing an earlier file.
    /// Returns the copy's path, or nil when no whole copy could be made (a
    /// partial one is removed).
    public static func copyAside(_ path: String, suffix: String = ".bak") -> String? {
        var contents: UnsafeMutablePointer<CChar>?
        var length = 0
        guard g_file_get_contents(path, &contents, &length, nil).bool, let contents else { return nil }
        defer { g_free(contents) }
        for attempt in 0..<1000 {
            let target = path + suffix + (attempt == 0 ? "" : ".\(attempt)")
            let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            var written = 0
            while written < length {
                let n = write(fd, contents + written, length - written)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; break }
                written += n
            }
            let complete = written == length && fsync(fd) == 0
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
        if isDirectory(path), !g_file_test(path, G_FILE_TEST_IS_SYMLINK).bool {
            for name in contents(ofDirectory: path) { removeTree(join(path, name)) }
        }
        _ = remove(path)
    }

    public static func dirname(_ path: String) -> String {
        guard let value = g_path_get_dirname(path) else { return "." }
        defer { g_free(value) }
        return String(cString: value)
    }

    public static func basename(_ path: String) -> String {
        guard let value = g_path_get_basename(path) else { return path }
        defer { g_free(value) }
        return String(cString: value)
    }

    public static func join(_ parts: String...) -> String { join(parts) }

    public static func join(_ parts: [String]) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if result.isEmpty || part.hasPrefix("/") && result.isEmpty { result = part; continue }
            result += (result.hasSuffix("/") ? "" : "/") + (part.hasPrefix("/") ? String(part.dropFirst()) : part)
        }
        return result
    }

    /// The absolute path of the running executable.
    public static var executablePath: String? {
        guard let target = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(target) }
        return String(cString: target)
    }

    /// A new private temporary directory (for tests and scratch work).
    public static func makeTemporaryDirectory(_ template: String = "demo-shell-XXXXXX") -> String? {
        guard let path = g_dir_make_tmp(template, nil) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}

/// Environment variables and the XDG base directories.
public enum Environment {
    public static func value(_ name: String) -> String? {
        g_getenv(name).map { String(cString: $0) }
    }

    public static func set(_ name: String, _ value: String?) {
        if let value { g_setenv(name, value, 1) } else { g_unsetenv(name) }
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    public static var userConfigDirectory: String {
        nonEmpty("XDG_CONFIG_HOME") ?? FileSystem.join(homeDirectory, ".config")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    public static var userDataDirectory: String {
        nonEmpty("XDG_DATA_HOME") ?? FileSystem.join(homeDirectory, ".local/share")
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache`.
    public static var userCacheDirectory: String {
        nonEmpty("XDG_CACHE_HOME") ?? FileSystem.join(homeDirectory, ".cache")
    }

    public static var homeDirectory: String { String(cString: g_get_home_dir()) }

    // GLib caches XDG variables at first use; reading them directly keeps
    // tests that change them between cases honest.
    private static func nonEmpty(_ name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }
}

/// Writes text to standard error unbuffered.
public func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
