import DemoBasics
import ShellBasics
import Glibc
import ShellModel

/// What `swiftc --version` said, kept in `$XDG_CACHE_HOME/demo-shell/edit-builds/compiler-versions`
/// and keyed by the compiler's file (its path, and the path, size and
/// modification time of the file it links to): asking costs a driver's start
/// (70–90 ms) on every launcher's first Run Edited, while the answer changes
/// only when the file does. A line it cannot read is skipped, a file of
/// another format ignored: the cost of a bad cache is one more question.
package struct CompilerVersionCache: Sendable {
    /// The cache file.
    package let path: String

    package init(path: String) { self.path = path }

    /// The version line recorded for `compiler`, if its file is unchanged since.
    package func version(of compiler: String) -> String? {
        guard let key = Self.key(compiler) else { return nil }
        return Self.read(path)[key]
    }

    /// Keeps `version` for `compiler` as its file is now. A cache that cannot
    /// be written only costs the question next time.
    package func record(_ version: String, for compiler: String) {
        guard let key = Self.key(compiler), !version.contains("\n") else { return }
        var records = Self.read(path)
        records[key] = version
        var text = Self.header + "\n"
        for (key, version) in records.sorted(by: { $0.key < $1.key }) { text += key + "\t" + version + "\n" }
        try? FileSystem.writeAtomically(text, to: path)
    }

    static let header = "demo-shell compiler versions 1"

    /// "PATH\tRESOLVED\tSIZE\tMODIFIED": the file as it is now, or nil when it cannot be read.
    package static func key(_ compiler: String) -> String? {
        let resolved = FileSystem.resolvingLinks(compiler)
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return [
            JSONText.escaped(compiler), JSONText.escaped(resolved), String(info.st_size),
            String(modified),
        ]
        .joined(separator: "\t")
    }

    private static func read(_ path: String) -> [String: String] {
        guard let text = FileSystem.read(path) else { return [:] }
        var lines = text.split(separator: "\n")
        guard lines.first.map(String.init) == header else { return [:] }
        lines.removeFirst()
        var records: [String: String] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            records[fields[0..<4].joined(separator: "\t")] = String(fields[4])
        }
        return records
    }
}
