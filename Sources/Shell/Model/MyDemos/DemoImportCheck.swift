import DemoBasics
import ShellBasics
import TextBounds

/// One thing found in a folder offered for import, as `lstat` saw it: a
/// link is never followed.
public struct FolderItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case directory
        case file(size: Int)
        /// A symbolic link and the text it holds.
        case link(target: String)
        /// A FIFO, a socket, a device: never copied.
        case other
    }

    /// The path relative to the folder, `/`-separated.
    public let relativePath: String
    public let kind: Kind

    public init(relativePath: String, kind: Kind) {
        self.relativePath = relativePath
        self.kind = kind
    }
}

/// Why a folder is not imported: each message names what is missing, too
/// large or not a plain file, so the learner knows what to fix (a file an
/// import cannot copy refuses the package, naming it: nothing is left out
/// without a word).
public enum DemoImportProblem: Error, Equatable, Sendable {
    case notAFolder(String)
    case noManifest(String)
    case severalManifests([String])
    case badManifest(file: String, reason: String)
    case missingSources([String])
    /// `Sources` lists no Swift file under `Plugin/`: the store's build
    /// (which compiles what the manifest lists) would build nothing.
    case noDemoCode
    case linkOutside(String)
    /// A symbolic link to a place inside the folder (or to itself): a copy
    /// would be a different package than the one its author has.
    case linkInside(String)
    /// A FIFO, a socket or a device.
    case notAFile(String)
    /// A name that is not UTF-8 (its bytes shown as U+FFFD).
    case undecodableName(String)
    case tooManyFiles
    case fileTooLarge(String)
    case tooLarge
    case unreadable(String)

    /// The message as the launcher shows it, each path and name isolated
    /// (U+2068 … U+2069) from the sentence around it.
    public var message: String { message(isolating: true) }
    /// The message for a terminal: no bidi there, and a script reading a
    /// path gets the path.
    public var plainMessage: String { message(isolating: false) }

    func message(isolating: Bool) -> String {
        func isolated(_ text: String) -> String { isolating ? TextLimit.isolated(text) : text }
        return switch self {
        case .notAFolder(let path):
            localized("“{path}” is not a folder.").filling(["path": isolated(path)])
        case .noManifest(let path):
            localized("“{path}” holds no demo: a demo’s folder has a manifest.plugin file (see Say Hello).")
                .filling(["path": isolated(path)])
        case .severalManifests(let names):
            localized("The folder holds several manifests ({files}): a demo’s folder has one, manifest.plugin.")
                .filling(["files": names.map(isolated).joined(separator: ", ")])
        case .badManifest(let file, let reason):
            localized("The manifest {file} cannot be used: {reason}").filling([
                "file": isolated(file), "reason": reason,
            ])
        case .noDemoCode:
            localized(
                "The manifest’s Sources list no Swift files under Plugin/, where a demo’s view is, so it would build nothing. A package laid out otherwise (Sources/NAME/) is imported once its files are moved into Model/ and Plugin/ and listed."
            )
        case .missingSources(let files):
            localized("The manifest lists files that are not in the folder: {files}.")
                .filling(["files": files.map(isolated).joined(separator: ", ")])
        case .linkOutside(let path):
            localized("“{path}” is a symbolic link to a file outside the folder; a demo’s files must all be inside it.")
                .filling(["path": isolated(path)])
        case .linkInside(let path):
            localized(
                "“{path}” is a symbolic link; a demo’s files must be files. Put a copy of the file it points to in its place."
            )
            .filling(["path": isolated(path)])
        case .notAFile(let path):
            localized(
                "“{path}” is neither a file nor a folder (a pipe, a socket or a device); a demo holds only files and folders."
            )
            .filling(["path": isolated(path)])
        case .undecodableName(let path):
            localized("The name of “{path}” is not UTF-8 text (� marks what cannot be read); rename or remove it.")
                .filling(["path": isolated(path)])
        case .tooManyFiles:
            localized("The folder holds more than {count} files; a demo is far smaller.")
                .filling(["count": "2,000"])
        case .fileTooLarge(let path):
            localized("“{path}” is larger than {size} MiB; a demo’s files are far smaller.")
                .filling(["path": isolated(path), "size": "8"])
        case .tooLarge:
            localized("The folder holds more than {size} MiB; a demo is far smaller.").filling(["size": "64"])
        case .unreadable(let reason):
            localized("The folder cannot be read: {reason}").filling(["reason": reason])
        }
    }
}

/// What is imported, and the bounds a folder must keep to: checked item
/// by item as the folder is walked, so a folder of 10,000 files or a file
/// of a gigabyte is refused on the first item past a bound, not after
/// reading it all.
public enum DemoImportCheck {
    public static let maximumFiles = 2000
    public static let maximumFileSize = 8 << 20
    public static let maximumTotalSize = 64 << 20
    /// What a built or versioned package holds beside the demo (its build,
    /// SwiftPM's and git's state): never walked, counted or copied.
    public static let skippedFolders: Set<String> = [".build", ".swiftpm", ".git"]

    /// The running count of a walk: `admit` each item as it is found.
    public struct Tally: Sendable {
        public private(set) var files = 0
        public private(set) var bytes = 0

        public init() {}

        /// The problem `item` makes, or nil when it may be imported.
        public mutating func admit(_ item: FolderItem) -> DemoImportProblem? {
            files += 1
            if files > maximumFiles { return .tooManyFiles }
            switch item.kind {
            case .file(let size):
                if size > maximumFileSize { return .fileTooLarge(item.relativePath) }
                bytes += size
                if bytes > maximumTotalSize { return .tooLarge }
            case .link(let target):
                return DemoImportCheck.staysInside(link: item.relativePath, target: target)
                    ? .linkInside(item.relativePath) : .linkOutside(item.relativePath)
            case .other:
                return .notAFile(item.relativePath)
            case .directory: break
            }
            return nil
        }
    }

    /// Whether a link at `link` (relative to the folder) holding `target`
    /// points inside the folder: a relative target whose `..` never climb
    /// above the folder.
    public static func staysInside(link: String, target: String) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("/") else { return false }
        var depth = link.split(separator: "/").count - 1
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                depth -= 1
                if depth < 0 { return false }
            default: depth += 1
            }
        }
        return true
    }

    /// The manifest of a folder whose items are `items`: `manifest.plugin`,
    /// else the only `*.plugin` at its top; the problem otherwise.
    public static func manifestName(in items: [FolderItem], folder: String) -> Result<String, DemoImportProblem> {
        let top = items.filter {
            !$0.relativePath.contains("/") && $0.relativePath.hasSuffix(".plugin") && $0.kind.isFile
        }
        .map(\.relativePath).sorted()
        if top.contains("manifest.plugin") { return .success("manifest.plugin") }
        switch top.count {
        case 0: return .failure(.noManifest(folder))
        case 1: return .success(top[0])
        default: return .failure(.severalManifests(top))
        }
    }

    /// The whole check of a walked folder: every item within the bounds,
    /// a manifest that parses (`parse`, which reads it), and each file its
    /// `Sources=` lists present. The manifest's name on success.
    public static func check(
        _ items: [FolderItem], folder: String,
        parse: (String) -> Result<PluginManifest, ManifestRejection>
    ) -> Result<(name: String, manifest: PluginManifest), DemoImportProblem> {
        var tally = Tally()
        for item in items { if let problem = tally.admit(item) { return .failure(problem) } }
        let name: String
        switch manifestName(in: items, folder: folder) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): name = found
        }
        let manifest: PluginManifest
        switch parse(name) {
        case .failure(let rejection): return .failure(.badManifest(file: name, reason: rejection.reason))
        case .success(let parsed): manifest = parsed
        }
        let present = Set(items.filter { $0.kind.isFile }.map(\.relativePath))
        let missing = manifest.sources.filter { !DemoSources.isValidRelativePath($0) || !present.contains($0) }
        guard missing.isEmpty else { return .failure(.missingSources(missing)) }
        // What the store builds: without a view it would fail with "no input files".
        guard manifest.sources.contains(where: { $0.hasPrefix("Plugin/") && $0.hasSuffix(".swift") }) else {
            return .failure(.noDemoCode)
        }
        return .success((name, manifest))
    }
}

/// Why a manifest was not read, in words for the learner.
public struct ManifestRejection: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension FolderItem.Kind {
    public var isFile: Bool { if case .file = self { true } else { false } }
}
