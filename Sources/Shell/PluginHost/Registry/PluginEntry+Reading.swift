@_spi(Shell) import DemoKit
import ShellModel

extension PluginEntry {
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
