import DemoBasics
import ShellBasics
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

    package init(manifest: PluginManifest, manifestPath: String, libraryPath: String, searchDirectory: String) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.libraryPath = libraryPath
        self.searchDirectory = searchDirectory
    }
}

/// A plugin that cannot be used, and why (kept and shown, never fatal).
public struct PluginFailure: Error, Sendable, Equatable {
    /// The plugin's id when the manifest had one.
    public let id: String?
    public let name: String
    public let manifestPath: String
    public let reason: String

    package init(id: String?, name: String, manifestPath: String, reason: String) {
        self.id = id
        self.name = name
        self.manifestPath = manifestPath
        self.reason = reason
    }
}

/// Finding plugins: the manifests in a folder, each read into an entry or a
/// failure (never fatal). The manifest's own rules are `PluginManifest`'s.
extension PluginEntry {
    /// Every `*.plugin` in `directory`, whatever kind of file it is (an odd
    /// one is reported by `readEntry`), the manifest of each plugin in a
    /// folder of its own (`ID/ID.plugin` or `ID/manifest.plugin`, as libpeas
    /// and GNOME Shell's extensions keep theirs, with the library, sources
    /// and pictures beside it), and the manifests in SwiftPM resource
    /// bundles inside it (where `swift build` puts the built-in demos').
    package static func manifestPaths(in directory: String) -> [String] {
        var paths: [String] = []
        for name in FileSystem.contents(ofDirectory: directory) {
            let path = FileSystem.join(directory, name)
            if name.hasSuffix(".plugin") {
                paths.append(path)
            } else if PluginManifest.isValidID(name) {
                // Two looks, no listing: a build folder's many others cost nothing.
                paths += [name + ".plugin", "manifest.plugin"].map { FileSystem.join(path, $0) }
                    .filter(FileSystem.exists).prefix(1)
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
    package static func searchDirectory(ofManifest manifestPath: String) -> String {
        let folder = FileSystem.dirname(manifestPath), bundle = FileSystem.dirname(folder)
        guard FileSystem.basename(folder) == "plugins", bundle.hasSuffix("_DemoShellData.resources") else {
            return folder
        }
        return FileSystem.dirname(bundle)
    }
}
