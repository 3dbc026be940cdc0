import DemoShellKit
import Glibc
import ShellModel

extension PluginEntry {
    static func read(manifestPath: String, searchDirectory: String) -> Result<PluginEntry, PluginFailure> {
        let file = KeyFile()
        let fallbackName = FileSystem.basename(manifestPath)
        let text: String
        switch ManifestFile.read(manifestPath) {
        case .success(let read): text = read
        case .failure(let problem):
            return .failure(
                PluginFailure(id: nil, name: fallbackName, manifestPath: manifestPath, reason: problem.description))
        }
        do {
            try file.load(text: text)
        } catch {
            return .failure(
                PluginFailure(
                    id: nil, name: fallbackName, manifestPath: manifestPath,
                    reason: PluginManifest.Problem.unreadable(error.message).description))
        }
        let group = PluginManifest.group
        let parsed =
            file.hasGroup(group)
            ? PluginManifest.parse(
                value: { file.string($0, in: group) },
                localizedValue: { file.localizedString($0, in: group) })
            : .failure(.missingGroup)
        switch parsed {
        case .failure(let problem):
            let id = file.string("Id", in: group).flatMap {
                PluginManifest.isValidID($0.trimmingWhitespace()) ? $0.trimmingWhitespace() : nil
            }
            let name = file.localizedString("Name", in: group)?.trimmingWhitespace().nonEmpty ?? id ?? fallbackName
            return .failure(PluginFailure(id: id, name: name, manifestPath: manifestPath, reason: problem.description))
        case .success(var manifest):
            manifest.info = ownIcon(of: manifest.info, manifestPath: manifestPath)
            guard
                let library = newestLibrary(
                    libraryCandidates(
                        manifest.libraryFileName, manifestPath: manifestPath, searchDirectory: searchDirectory))
            else {
                return .failure(
                    PluginFailure(
                        id: manifest.id, name: manifest.info.name, manifestPath: manifestPath,
                        reason: missingLibraryReason(
                            manifest, manifestPath: manifestPath, searchDirectory: searchDirectory))
                )
            }
            return .success(
                PluginEntry(
                    manifest: manifest, manifestPath: manifestPath, libraryPath: library,
                    searchDirectory: searchDirectory))
        }
    }

    /// `info` with its picture icon made a path when the picture is the
    /// plugin's own, in its folder (`Icon=tip.svg`, `Icon=pictures/tip.svg`):
    /// a plugin from elsewhere has no picture under the shell's `Resources/`.
    static func ownIcon(of info: DemoInfo, manifestPath: String) -> DemoInfo {
        let icon = info.iconName
        let lower = icon.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".png") else { return info }
        func with(_ iconName: String) -> DemoInfo {
            DemoInfo(
                id: info.id, name: info.name, description: info.description, category: info.category,
                iconName: iconName, version: info.version)
        }
        // A path is only ever the registry's: a manifest's own stays inside its folder.
        guard DemoSources.isValidRelativePath(icon) else { return with("application-x-executable-symbolic") }
        let path = FileSystem.join(FileSystem.dirname(FileSystem.resolvingLinks(manifestPath)), icon)
        return FileSystem.isRegularFile(path) ? with(path) : info
    }

    /// Where `fileName` may be: beside the manifest (a symbolic link's
    /// target's folder first: a manifest linked into the plugins folder
    /// keeps its library where it is), in the search folder, and where
    /// `swift build` puts it beside the manifest.
    static func libraryCandidates(_ fileName: String, manifestPath: String, searchDirectory: String) -> [String] {
        let resolved = FileSystem.resolvingLinks(manifestPath)
        var seen = Set<String>()
        let folders = [FileSystem.dirname(resolved), FileSystem.dirname(manifestPath), searchDirectory].filter {
            seen.insert($0).inserted
        }
        return folders.map { FileSystem.join($0, fileName) }
            + folders.prefix(2).flatMap { builtLibraries(beside: FileSystem.join($0, "x.plugin"), named: fileName) }
    }

    /// The newest of the candidates that exist: a copy beside the manifest
    /// made before the last `swift build` does not hide the new build.
    static func newestLibrary(_ candidates: [String]) -> String? {
        var newest: (path: String, time: Int)?
        for path in candidates where FileSystem.isRegularFile(path) {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let time = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
            if newest == nil || time > newest!.time { newest = (path, time) }
        }
        return newest?.path
    }

    /// Where the library was looked for, and the `lib*.so` files there.
    private static func missingLibraryReason(
        _ manifest: PluginManifest, manifestPath: String, searchDirectory: String
    ) -> String {
        let beside = FileSystem.dirname(FileSystem.resolvingLinks(manifestPath))
        let build = FileSystem.join(beside, ".build")
        let folders =
            [beside, FileSystem.dirname(manifestPath), searchDirectory]
            + ["debug", "release"].map { FileSystem.join(build, $0) }.filter(FileSystem.isDirectory)
        let found = folders.flatMap { FileSystem.contents(ofDirectory: $0).filter(ManifestMistakes.isLibraryName) }
        return ManifestMistakes.missingLibrary(
            manifest.libraryFileName, module: manifest.module, lookedIn: folders, found: found)
    }

    /// The library `swift build` made in the manifest's folder (an exported
    /// demo package): `.build/debug/` or `.build/release/`, the newer first.
    static func builtLibraries(beside manifestPath: String, named fileName: String) -> [String] {
        let build = FileSystem.join(FileSystem.dirname(manifestPath), ".build")
        let built = ["debug", "release"].map { FileSystem.join(build, $0, fileName) }.compactMap {
            path -> (String, Int)? in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return (path, info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
        }
        return built.sorted { $0.1 > $1.1 }.map(\.0)
    }
}
