import DemoShellKit
import PluginHost
import ShellModel

/// What the Source page shows for the row selected in the launcher: a
/// demo's files (edits allowed), an unavailable plugin's manifest (what is
/// broken is often the manifest), or nothing.
@MainActor
struct LauncherRowSources {
    let files: [SourceFile]
    let demo: EditableDemo?

    init(_ kind: LauncherRow.Kind?, registry: PluginRegistry, paths: ShellPaths) {
        switch kind {
        case .demo(let info)?:
            guard let entry = registry.entry(id: info.id) else {
                (files, demo) = ([], nil)
                return
            }
            files = DemoSources.files(
                for: entry.manifest, manifestPath: entry.manifestPath,
                installedSourcesDirectory: paths.sourcesDirectory)
            demo = EditableDemo(manifest: entry.manifest, manifestPath: entry.manifestPath)
        case .unavailable(let failure)?:
            files = [
                SourceFile(
                    relativePath: FileSystem.basename(failure.manifestPath), path: failure.manifestPath, problem: nil)
            ]
            demo = nil
        case nil:
            (files, demo) = ([], nil)
        }
    }
}
