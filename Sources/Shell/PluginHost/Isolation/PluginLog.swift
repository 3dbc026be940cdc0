import DemoShellKit
import Glibc
import ShellModel

/// A plugin's own log: what its process printed, its crash report
/// (symbolicated, as Edit and Run shows it) and how it ended, kept per
/// plugin in `$XDG_STATE_HOME/demo-shell/logs/ID.log`, for the Info page's
/// Show Log. A launcher started from the desktop has no terminal, and the
/// `[ID]` lines on its standard error reach no one there.
///
/// Bounded: past `limit` bytes the file keeps its newest half, cut at a
/// line, so a chatty demo costs at most `limit` on disk.
@MainActor
package final class PluginLog {
    package nonisolated static let limit = 256 * 1024

    package let path: String
    private var descriptor: Int32
    private var size: Int

    /// `$XDG_STATE_HOME/demo-shell/logs` (`~/.local/state/…` without it).
    package nonisolated static var directory: String {
        let state = Environment.value("XDG_STATE_HOME").flatMap { $0.isEmpty ? nil : $0 }
        return FileSystem.join(
            state ?? FileSystem.join(Environment.homeDirectory, ".local/state"), "demo-shell", "logs")
    }

    /// The log of plugin `id` (a manifest's id: lower-case words and dashes).
    package nonisolated static func path(id: String) -> String { FileSystem.join(directory, id + ".log") }

    /// Opens demo `id`'s log to add to it; nil when it cannot be written
    /// (the demo runs all the same).
    package init?(id: String) {
        path = Self.path(id: id)
        guard (try? FileSystem.makeDirectory(Self.directory)) != nil else { return nil }
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Adds what the demo wrote, keeping the file within `limit`.
    package func append(_ bytes: [UInt8]) {
        guard descriptor >= 0, !bytes.isEmpty else { return }
        if size + bytes.count > Self.limit { trim(adding: bytes.count) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written > 0 { size += written }
    }

    package func append(line: String) { append(Array((line + "\n").utf8)) }

    package func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// The log's text for people, at most `limit` bytes of it; nil when
    /// the demo has none.
    package nonisolated static func text(id: String) -> String? {
        guard let bytes = FileSystem.readBytes(path(id: id)), !bytes.isEmpty else { return nil }
        return String(decoding: bytes.suffix(limit), as: UTF8.self)
    }

    /// Keeps the newest half of the file (from a line's start), so that
    /// `adding` more bytes fits.
    private func trim(adding count: Int) {
        let bytes = FileSystem.readBytes(path) ?? []
        var kept = Array(bytes.suffix(max(0, Self.limit / 2 - count)))
        if let newline = kept.firstIndex(of: 10) { kept.removeFirst(newline + 1) }
        let text = String(decoding: kept, as: UTF8.self)
        guard (try? FileSystem.writeAtomically(text, to: path)) != nil else { return }
        Glibc.close(descriptor)
        descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        size = text.utf8.count
    }
}
