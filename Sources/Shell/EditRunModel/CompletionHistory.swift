import DemoBasics
import ShellBasics

/// The names the learner chose from the completion list, latest last, kept
/// across launches so that what they chose before ranks first again
/// (`LanguageCompletions.shown(_:typed:used:)`). One name a line in a small
/// file under `$XDG_STATE_HOME/demo-shell/`, written whole through a
/// rename. The file is anyone's to damage: one over `byteLimit`, unreadable
/// or not of this format is ignored (the list starts empty), and each name
/// is bounded; it is never trusted beyond ranking.
package struct CompletionHistory: Sendable {
    /// How many names are kept: the oldest go first.
    package static let limit = 200
    /// A longer name is no Swift name of a completion list.
    package static let nameLimit = 256
    /// A file this big was not written by the shell.
    package static let byteLimit = 64 * 1024
    static let header = "demo-shell completion history 1"

    /// Where the file is; nil keeps the list in memory only.
    package let path: String?
    package private(set) var names: [String] = []

    /// `$XDG_STATE_HOME/demo-shell/completion-history` (`~/.local/state/…` without it).
    package static var defaultPath: String {
        let state = Environment.value("XDG_STATE_HOME").flatMap { $0.isEmpty ? nil : $0 }
        return FileSystem.join(
            state ?? FileSystem.join(Environment.homeDirectory, ".local/state"), "demo-shell", "completion-history")
    }

    /// The history kept at `path`, or an empty one when it holds none fit to read.
    package init(path: String?) {
        self.path = path
        guard let path, let bytes = FileSystem.readSmall(path, limit: Self.byteLimit) else { return }
        names = Self.parse(bytes)
    }

    /// `name` was chosen: it moves to the end (the most recent), and the
    /// oldest beyond `limit` go. In memory: `save()` writes the file.
    package mutating func note(_ name: String) {
        guard Self.isFit(name) else { return }
        names.removeAll { $0 == name }
        names.append(name)
        if names.count > Self.limit { names.removeFirst(names.count - Self.limit) }
    }

    /// Writes the file whole; false when it cannot be (the list in memory
    /// stays as it is, for this launch).
    @discardableResult
    package func save() -> Bool {
        guard let path else { return true }
        let text = ([Self.header] + names).joined(separator: "\n") + "\n"
        return (try? FileSystem.writeAtomically(text, to: path)) != nil
    }

    /// The names of a file's bytes: nil-free, control-free lines after the
    /// header, the last `limit`; nothing when the header is not there.
    package static func parse(_ bytes: [UInt8]) -> [String] {
        guard bytes.count <= byteLimit else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return [] }
        var names: [String] = []
        for line in lines.dropFirst() where isFit(String(line)) {
            let name = String(line)
            names.removeAll { $0 == name }
            names.append(name)
        }
        return Array(names.suffix(limit))
    }

    private static func isFit(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameLimit
            && !name.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) || $0 == "\u{FFFD}" }
    }
}
