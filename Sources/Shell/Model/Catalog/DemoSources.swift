import DemoBasics
import ShellBasics
import TextBounds
import Glibc

/// One file of a demo's code, as the launcher's Source pane lists it.
public struct SourceFile: Equatable, Sendable {
    /// The path as the manifest lists it ("Model/SayHelloModel.swift"), or
    /// the manifest's own file name.
    public let relativePath: String
    /// Where the file is, when it was found.
    public let path: String?
    /// Why it cannot be shown (missing, outside the plugin's folder…).
    public let problem: String?

    package init(relativePath: String, path: String?, problem: String?) {
        self.relativePath = relativePath
        self.path = path
        self.problem = problem
    }

    /// The GtkSourceView language that highlights it.
    public var languageID: String? {
        switch relativePath.split(separator: ".").last.map({ $0.lowercased() }) {
        case "swift": "swift"
        case "plugin", "ini", "desktop": "ini"
        case "c", "h": "c"
        case "css": "css"
        case "md": "markdown"
        case "json": "json"
        case "xml", "ui": "xml"
        default: nil
        }
    }
}

/// Which files a demo shows and how they are read: GTK-free rules.
public enum DemoSources {
    /// Files larger than this are not shown (a source file is far smaller).
    public static let maximumFileSize = 1 << 20

    /// A listed path must stay inside the plugin's folder: relative, without
    /// `..`, empty or control-character components.
    public static func isValidRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.utf8.count <= 4096 else { return false }
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != ".." && $0 != "" }
    }

    /// The files to show for a manifest: what `Sources` lists, files under
    /// `Model/` first (the rules before the view), then the manifest itself.
    /// Empty when the manifest lists nothing, or when none of what it lists
    /// is there (only the manifest and the library were copied): either
    /// way, its author shipped no source, which the page says.
    ///
    /// A file is looked for beside the manifest, then in
    /// `installedSourcesDirectory/ID/` (where `make install` puts built-in demos').
    public static func files(
        for manifest: PluginManifest, manifestPath: String,
        installedSourcesDirectory: String?
    ) -> [SourceFile] {
        guard !manifest.sources.isEmpty else { return [] }
        let folders =
            [FileSystem.dirname(manifestPath)]
            + (installedSourcesDirectory.map { [FileSystem.join($0, manifest.id)] } ?? [])
        var seen = Set<String>()
        let listed = manifest.sources.filter { seen.insert($0).inserted }
        let model = listed.filter { $0.hasPrefix("Model/") }
        let ordered = model + listed.filter { !$0.hasPrefix("Model/") }
        var files = ordered.map { relative -> SourceFile in
            guard isValidRelativePath(relative) else {
                return SourceFile(
                    relativePath: relative, path: nil,
                    problem: localized(
                        "The manifest lists “{file}”, which is not a path inside the plugin’s folder."
                    )
                    .filling(["file": TextLimit.isolated(relative)]))
            }
            let candidates = folders.map { FileSystem.join($0, relative) }
            guard let found = candidates.first(where: FileSystem.isRegularFile) else {
                return SourceFile(
                    relativePath: relative, path: nil,
                    problem: localized(
                        "The file “{file}” is listed in the manifest but was not found."
                    ).filling(["file": TextLimit.isolated(relative)]))
            }
            return SourceFile(relativePath: relative, path: found, problem: nil)
        }
        guard files.contains(where: { $0.path != nil }) else { return [] }
        files += sharedModuleFiles(importedBy: files, installedSourcesDirectory: installedSourcesDirectory)
        let manifestName = FileSystem.basename(manifestPath)
        if !seen.contains(manifestName) {
            files.append(SourceFile(relativePath: manifestName, path: manifestPath, problem: nil))
        }
        return files
    }

    /// The files of every module of this repository the demo's files import
    /// besides the SDK (Say Hello's `import TextBounds`): shipped in `modules/`
    /// beside `sources/`, listed as "TextBounds/TextLimit.swift".
    static func sharedModuleFiles(importedBy files: [SourceFile], installedSourcesDirectory: String?) -> [SourceFile] {
        guard let installedSourcesDirectory else { return [] }
        let modules = FileSystem.join(FileSystem.dirname(installedSourcesDirectory), "modules")
        var imported: [String] = []
        for file in files {
            guard file.path != nil, case .success(let text) = read(file) else { continue }
            for module in importedModules(in: text) where !imported.contains(module) { imported.append(module) }
        }
        return imported.flatMap { module -> [SourceFile] in
            let folder = FileSystem.join(modules, module)
            return FileSystem.contents(ofDirectory: folder).filter { $0.hasSuffix(".swift") }.sorted().map {
                SourceFile(relativePath: "\(module)/\($0)", path: FileSystem.join(folder, $0), problem: nil)
            }
        }
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`,
    /// `@_exported import X`), in order.
    package static func importedModules(in text: String) -> [String] {
        var modules: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            // Attributes and an access level may come first: `internal import CGMP`.
            let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) })
            else { continue }
            let name = String(words[index + 1])
            if !modules.contains(name) { modules.append(name) }
        }
        return modules
    }

    /// The text of `file`, or a message saying why it cannot be shown.
    public static func read(_ file: SourceFile) -> Result<String, SourceReadError> {
        if let problem = file.problem { return .failure(SourceReadError(message: problem)) }
        guard let path = file.path else {
            return .failure(SourceReadError(message: localized("The file cannot be read.")))
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(
                SourceReadError(
                    message: localized("The file “{file}” cannot be read.")
                        .filling(["file": TextLimit.isolated(file.relativePath)])))
        }
        guard Int(info.st_size) <= maximumFileSize else {
            return .failure(
                SourceReadError(
                    message: localized("The file “{file}” is too large to show.")
                        .filling(["file": TextLimit.isolated(file.relativePath)])))
        }
        guard let text = FileSystem.read(path) else {
            return .failure(
                SourceReadError(
                    message: localized("The file “{file}” cannot be read.")
                        .filling(["file": TextLimit.isolated(file.relativePath)])))
        }
        return .success(text)
    }
}

public struct SourceReadError: Error, Equatable, Sendable {
    public let message: String

    package init(message: String) { self.message = message }
}
