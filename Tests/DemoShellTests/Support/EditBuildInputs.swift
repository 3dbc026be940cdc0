@testable import EditRunModel
@testable import ShellModel

extension EditAndRunTestCase {
    /// What a Run Edited sends for `entry` without a Source page: its
    /// editable files as installed, each text passed through `edit` (given
    /// the file's relative path and its text), so a test can build any demo,
    /// edited or not, in a session of its own.
    package func editBuildInputs(
        of entry: PluginEntry,
        editing edit: (_ relativePath: String, _ text: String) -> String = { $1 }
    ) -> [EditBuildPlan.Input] {
        let files = DemoSources.files(
            for: entry.manifest, manifestPath: entry.manifestPath,
            installedSourcesDirectory: shell.paths.sourcesDirectory)
        var inputs: [EditBuildPlan.Input] = []
        for file in files where EditWorkspace.isEditable(file) {
            guard case .success(let text) = DemoSources.read(file) else { continue }
            inputs.append(EditBuildPlan.Input(relativePath: file.relativePath, text: edit(file.relativePath, text)))
        }
        return inputs
    }
}
