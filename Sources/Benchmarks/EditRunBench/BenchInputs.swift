// The Swift files of a demo as a Run Edited compiles them, each passed
// through `edit` (the one change a benchmark makes), for the benchmarks of
// this program: one Run Edited (main.swift), 2048's Autoplay (ValuesBench).
import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

@MainActor
func benchInputs(
    of entry: PluginEntry, paths: ShellPaths,
    editing edit: (_ relativePath: String, _ text: inout String) -> Void
) -> [EditBuildPlan.Input] {
    let files = DemoSources.files(
        for: entry.manifest, manifestPath: entry.manifestPath,
        installedSourcesDirectory: paths.sourcesDirectory)
    var inputs: [EditBuildPlan.Input] = []
    for file in files where EditWorkspace.isEditable(file) {
        guard case .success(var text) = DemoSources.read(file) else { continue }
        edit(file.relativePath, &text)
        inputs.append(EditBuildPlan.Input(relativePath: file.relativePath, text: text))
    }
    return inputs
}
