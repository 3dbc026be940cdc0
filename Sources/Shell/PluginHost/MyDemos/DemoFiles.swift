import DemoShellKit
import EditRunModel
import Glibc
import ShellModel

/// A demo's files as they are now: the text of its sources and manifest
/// (relative path → text) and the other files (pictures) to copy as they are.
public struct DemoFiles: Equatable, Sendable {
    public var texts: [String: String]
    /// Relative path → the file to copy it from.
    public var copies: [String: String]
    public var manifest: PluginManifest
    public var manifestName: String

    public init(
        texts: [String: String], copies: [String: String] = [:], manifest: PluginManifest,
        manifestName: String = "manifest.plugin"
    ) {
        self.texts = texts
        self.copies = copies
        self.manifest = manifest
        self.manifestName = manifestName
    }

    /// The manifest at `path`, parsed without loading anything, or why not.
    public static func readManifest(_ path: String) -> Result<PluginManifest, ManifestRejection> {
        switch ManifestFile.read(path) {
        case .success(let text): parseManifest(text: text)
        case .failure(let problem): .failure(ManifestRejection(problem.description))
        }
    }

    /// A manifest's text parsed as the shell reads manifests, or why not.
    public static func parseManifest(text: String) -> Result<PluginManifest, ManifestRejection> {
        let file = KeyFile()
        do { try file.load(text: text) } catch {
            return .failure(ManifestRejection(PluginManifest.Problem.unreadable(error.message).description))
        }
        let group = PluginManifest.group
        guard file.hasGroup(group) else {
            return .failure(ManifestRejection(PluginManifest.Problem.missingGroup.description))
        }
        return PluginManifest.parse(
            value: { file.string($0, in: group) }, localizedValue: { file.localizedString($0, in: group) }
        )
        .mapError { ManifestRejection($0.description) }
    }

    /// The manifest's `Name` as written, not translated: what a copy or an
    /// import is called unless the learner names it (a name in the
    /// learner's language would lose the original and give a `my-demo` id).
    public var untranslatedName: String? {
        guard let text = texts["manifest.plugin"] else { return nil }
        let file = KeyFile()
        guard (try? file.load(text: text)) != nil else { return nil }
        return file.string("Name", in: PluginManifest.group)?.trimmingWhitespace().nonEmpty
    }

    /// A built-in demo's files, its edits (Edit and Run) in place of the
    /// shipped text: its own `Model/` and `Plugin/` sources, its manifest,
    /// and its pictures and styles (`resourcesDirectory/ID/`), which go
    /// beside the manifest, where a plugin from elsewhere finds its own.
    public static func builtIn(
        _ entry: PluginEntry, sourcesDirectory: String?, resourcesDirectory: String?,
        edits: EditWorkspace
    ) -> Result<DemoFiles, MyDemosProblem> {
        guard let manifestText = FileSystem.read(entry.manifestPath) else {
            return .failure(.noDemo(entry.manifest.id))
        }
        var texts = ["manifest.plugin": manifestText]
        let files = DemoSources.files(
            for: entry.manifest, manifestPath: entry.manifestPath,
            installedSourcesDirectory: sourcesDirectory)
        for file in files where EditWorkspace.isEditable(file) {
            if let edited = edits.editedText(file.relativePath) {
                texts[file.relativePath] = edited
            } else if case .success(let text) = DemoSources.read(file) {
                texts[file.relativePath] = text
            }
        }
        // Kept edits written in the old plugin shape go into a copy in the current shape.
        texts = DemoShapeUpdates.updated(texts)
        var copies: [String: String] = [:]
        addTestsAndCatalogs(beside: entry.manifestPath, texts: &texts, copies: &copies)
        if let resourcesDirectory {
            let folder = FileSystem.join(resourcesDirectory, entry.manifest.id)
            for name in FileSystem.contents(ofDirectory: folder)
            where FileSystem.isRegularFile(FileSystem.join(folder, name)) {
                copies[name] = FileSystem.join(folder, name)
            }
        }
        return .success(DemoFiles(texts: texts, copies: copies, manifest: entry.manifest))
    }

    /// The files of the demo package in `folder` (a demo of the learner's
    /// own, or a folder offered for import), walked and checked as an
    /// import is: Swift files, the manifest and text under `Model/`,
    /// `Plugin/` and `Tests/` read as text, every other file copied as it
    /// is, except what the shell writes itself (`Package.swift`,
    /// `README.md`, `Shared/`): a package's own manifest is never run.
    public static func folder(_ folder: String) -> Result<DemoFiles, DemoImportProblem> {
        let items: [FolderItem]
        switch FolderWalk.items(of: folder) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): items = found
        }
        let checked: (name: String, manifest: PluginManifest)
        switch DemoImportCheck.check(items, folder: folder, parse: { readManifest(FileSystem.join(folder, $0)) }) {
        case .failure(let problem): return .failure(problem)
        case .success(let result): checked = result
        }
        var texts: [String: String] = [:], copies: [String: String] = [:]
        for item in items where item.kind.isFile {
            let path = item.relativePath, full = FileSystem.join(folder, path)
            if path == "Package.swift" || path == "README.md" || path == TranslationScript.fileName
                || path.hasPrefix("Shared/")
            {
                continue
            }
            if path.hasSuffix(".plugin") && path != checked.name && !path.contains("/") { continue }
            if path == checked.name || path.hasSuffix(".swift") {
                guard let bytes = FileSystem.readBytes(full), let text = String(validating: bytes, as: UTF8.self) else {
                    return .failure(.unreadable(path))
                }
                texts[path == checked.name ? "manifest.plugin" : path] = text
            } else {
                copies[path] = full
            }
        }
        return .success(DemoFiles(texts: texts, copies: copies, manifest: checked.manifest))
    }

    /// The modules this repository shares between demos, as the SDK ships
    /// their sources: module → file name → text.
    public static func sharedModules(_ sdk: EditSDK) -> [String: [String: String]] {
        var modules: [String: [String: String]] = [:]
        for name in FileSystem.contents(ofDirectory: sdk.sharedModulesDirectory) {
            let folder = FileSystem.join(sdk.sharedModulesDirectory, name)
            for file in FileSystem.contents(ofDirectory: folder) where file.hasSuffix(".swift") {
                if let text = FileSystem.read(FileSystem.join(folder, file)) {
                    modules[name, default: [:]][file] = text
                }
            }
        }
        return modules
    }

    /// Writes `texts` and `copies` into the new folder `folder` (folders
    /// 0755, files as the umask allows). The first failure's reason.
    static func write(_ texts: [String: String], copies: [String: String], into folder: String) -> String? {
        do {
            for (path, text) in texts.sorted(by: { $0.key < $1.key }) {
                guard DemoSources.isValidRelativePath(path) else { continue }
                let full = FileSystem.join(folder, path)
                try FileSystem.makeDirectory(FileSystem.dirname(full), mode: 0o755)
                try FileSystem.writeAtomically(text, to: full)
            }
            for (path, source) in copies.sorted(by: { $0.key < $1.key }) {
                guard DemoSources.isValidRelativePath(path), let bytes = FileSystem.readBytes(source) else { continue }
                let full = FileSystem.join(folder, path)
                try FileSystem.makeDirectory(FileSystem.dirname(full), mode: 0o755)
                if let reason = writeNew(bytes, to: full) { return reason }
            }
        } catch {
            return error.message
        }
        return nil
    }

    /// A new private folder `PREFIX` + six random characters in `folder`.
    static func makeTemporaryFolder(in folder: String, prefix: String) -> String? {
        var path = Array(FileSystem.join(folder, prefix + "XXXXXX").utf8CString)
        return path.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    /// Writes a new file (never through a link: `O_EXCL`, `O_NOFOLLOW`).
    static func writeNew(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                return reason
            }
            written += count
        }
        return close(fd) == 0 ? nil : String(cString: strerror(errno))
    }
}
