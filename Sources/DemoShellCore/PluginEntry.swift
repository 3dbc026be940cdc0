import DemoKit
import TextBounds

/// A plugin found on the search path, not necessarily loaded.
public struct PluginEntry: Sendable, Equatable {
    public let manifest: PluginManifest
    public let manifestPath: String
    public let libraryPath: String
    /// The folder of the search path it was found in (which tells a
    /// built-in demo from a plugin from elsewhere: `PluginOrigin`).
    public let searchDirectory: String
    public var info: DemoInfo { manifest.info }
}

/// A plugin that cannot be used, and why (kept and shown, never fatal).
public struct PluginFailure: Error, Sendable, Equatable {
    /// The plugin's id when the manifest had one.
    public let id: String?
    public let name: String
    public let manifestPath: String
    public let reason: String
}

/// Finding plugins: the manifests in a folder, each read into an entry or a
/// failure (never fatal). The manifest's own rules are `PluginManifest`'s.
extension PluginEntry {
    /// Every `*.plugin` in `directory`, whatever kind of file it is (an odd
    /// one is reported by `readEntry`), and the manifests in SwiftPM resource
    /// bundles inside it (where `swift build` puts the built-in demos').
    static func manifestPaths(in directory: String) -> [String] {
        var paths: [String] = []
        for name in FileSystem.contents(ofDirectory: directory) {
            let path = FileSystem.join(directory, name)
            if name.hasSuffix(".plugin") {
                paths.append(path)
            } else if name.hasSuffix("_DemoShellData.resources") && FileSystem.isDirectory(path) {
                paths += FileSystem.contents(ofDirectory: FileSystem.join(path, "plugins"))
                    .filter { $0.hasSuffix(".plugin") }
                    .map { FileSystem.join(path, "plugins", $0) }
            }
        }
        return paths
    }

    /// The search-path folder `manifestPaths` finds `manifestPath` in: its
    /// own folder, or, for a manifest in a SwiftPM resource bundle
    /// (`X_DemoShellData.resources/plugins/`), the folder holding the bundle,
    /// where the library is. What `--run-plugin` searches.
    static func searchDirectory(ofManifest manifestPath: String) -> String {
        let folder = FileSystem.dirname(manifestPath), bundle = FileSystem.dirname(folder)
        guard FileSystem.basename(folder) == "plugins", bundle.hasSuffix("_DemoShellData.resources") else { return folder }
        return FileSystem.dirname(bundle)
    }

    static func read(manifestPath: String, searchDirectory: String) -> Result<PluginEntry, PluginFailure> {
        let file = KeyFile()
        let fallbackName = FileSystem.basename(manifestPath)
        let text: String
        switch ManifestFile.read(manifestPath) {
        case .success(let read): text = read
        case .failure(let problem):
            return .failure(PluginFailure(id: nil, name: fallbackName, manifestPath: manifestPath, reason: problem.description))
        }
        do {
            try file.load(text: text)
        } catch {
            return .failure(PluginFailure(id: nil, name: fallbackName, manifestPath: manifestPath,
                                          reason: PluginManifest.Problem.unreadable(error.message).description))
        }
        let group = PluginManifest.group
        let parsed = file.hasGroup(group)
            ? PluginManifest.parse(value: { file.string($0, in: group) },
                                   localizedValue: { file.localizedString($0, in: group) })
            : .failure(.missingGroup)
        switch parsed {
        case .failure(let problem):
            let id = file.string("Id", in: group).flatMap { PluginManifest.isValidID($0.trimmingWhitespace()) ? $0.trimmingWhitespace() : nil }
            let name = file.localizedString("Name", in: group)?.trimmingWhitespace().nonEmpty ?? id ?? fallbackName
            return .failure(PluginFailure(id: id, name: name, manifestPath: manifestPath, reason: problem.description))
        case .success(let manifest):
            let candidates = [FileSystem.dirname(manifestPath), searchDirectory].map {
                FileSystem.join($0, manifest.libraryFileName)
            }
            guard let library = candidates.first(where: FileSystem.isRegularFile) else {
                return .failure(PluginFailure(
                    id: manifest.id, name: manifest.info.name, manifestPath: manifestPath,
                    reason: localized("The library {file} is missing.").filling(["file": manifest.libraryFileName])))
            }
            return .success(PluginEntry(manifest: manifest, manifestPath: manifestPath, libraryPath: library,
                                        searchDirectory: searchDirectory))
        }
    }
}
