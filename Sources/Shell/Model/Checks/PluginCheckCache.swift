import DemoBasics
import ShellBasics
import Glibc

/// What plugin checks found, kept in `$XDG_CACHE_HOME/demo-shell/plugin-checks`
/// and keyed by the library's path, size, modification time (to the
/// nanosecond), the shell's SDK version node (`SDKVersionNode.shell`) and
/// the Entry class the manifest names, so that a plugin is checked once
/// per change, not once per start. A line it cannot read is skipped, a file
/// of another format ignored: the cost of a bad cache is a check, never a
/// wrong answer.
@MainActor
package final class PluginCheckCache {
    /// The cache file, or nil for none.
    let path: String?
    private var records: [String: Record] = [:]
    private var loaded = false

    package struct Record: Equatable, Sendable {
        var size: Int64
        var modified: Int64  // nanoseconds since the epoch
        var sdk: String
        /// The Entry class checked (`Module.Type`), empty for none.
        var entry: String
        package var outcome: PluginCheckOutcome
    }

    /// `records`: the file's, read already (`read(_:)`, on another thread).
    package init(path: String?, records: [String: Record]? = nil) {
        self.path = path
        if let records {
            self.records = records
            loaded = true
        }
    }

    /// The outcome recorded for `subject`, if its library's size and time,
    /// the shell's SDK node and the Entry are unchanged.
    package func outcome(_ subject: PluginCheckSubject) -> PluginCheckOutcome? {
        load()
        guard let record = records[subject.library], let key = Self.fileKey(subject.library),
            record.size == key.size, record.modified == key.modified,
            record.sdk == SDKVersionNode.shell.name, record.entry == subject.entry ?? ""
        else { return nil }
        return record.outcome
    }

    package func record(
        _ outcome: PluginCheckOutcome, for subject: PluginCheckSubject, key: (size: Int64, modified: Int64)
    ) {
        load()
        records[subject.library] = Record(
            size: key.size, modified: key.modified, sdk: SDKVersionNode.shell.name,
            entry: subject.entry ?? "", outcome: outcome)
    }

    package func forget(_ library: String) {
        load()
        records[library] = nil
    }

    private func load() {
        guard !loaded else { return }
        loaded = true
        if let path { records = Self.read(path) }
    }

    /// The records of the cache file at `path`: none when it is missing or of
    /// another format. Needs no main thread: a start reads it beside the
    /// manifests (`PluginRegistry.Manifests`) while GTK starts.
    package nonisolated static func read(_ path: String) -> [String: Record] {
        guard let text = FileSystem.read(path) else { return [:] }
        var lines = text.split(separator: "\n")
        guard lines.first.map(String.init) == Self.format else { return [:] }  // another format: start afresh
        lines.removeFirst()
        var records: [String: Record] = [:]
        for line in lines {
            // path, size, modified, sdk node, entry, outcome (which may hold one more tab)
            let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                let outcome = PluginCheckOutcome(encoded: fields[5])
            else { continue }
            records[unescape(fields[0])] = Record(
                size: size, modified: modified, sdk: String(fields[3]),
                entry: String(fields[4]), outcome: outcome)
        }
        return records
    }

    package func save() {
        guard let path else { return }
        var text = Self.format + "\n"
        for (library, record) in records.sorted(by: { $0.key < $1.key }) {
            text +=
                "\(JSONText.escaped(library))\t\(record.size)\t\(record.modified)\t\(record.sdk)\t"
                + "\(PluginCheckOutcome.flatten(record.entry))\t\(record.outcome.encoded)\n"
        }
        // A cache that cannot be written only costs a check next time.
        try? FileSystem.writeAtomically(text, to: path)
    }

    /// The file's first line. Format 2 keys by the SDK's version node and
    /// the Entry (format 1 by the SDK identity hash: read as no cache).
    nonisolated static let format = "demo-shell plugin checks 2"

    /// A path as `JSONText.escaped` wrote it (a cache written before
    /// used only \\ \t and \n, which read the same).
    nonisolated static func unescape(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let c = scalars.popFirst() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let escaped = scalars.popFirst() else { break }
            switch escaped {
            case "t": out.append("\t")
            case "n": out.append("\n")
            case "u":
                let hex = scalars.prefix(4)
                guard hex.count == 4, hex.allSatisfy(\.properties.isASCIIHexDigit),
                    let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else {
                    out.append(escaped)
                    continue
                }
                out.append(scalar)
                scalars.removeFirst(4)
            default: out.append(escaped)
            }
        }
        return String(out)
    }

    /// Size and modification time (ns) of the file `path` points to.
    package static func fileKey(_ path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
