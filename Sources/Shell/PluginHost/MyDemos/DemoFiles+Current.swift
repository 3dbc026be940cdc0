import DemoShellKit
import EditRunModel
import ShellModel

extension DemoFiles {
    /// Demo `entry`'s files as the learner has them now, its edits
    /// (`edits`) in place of the files they change: what New Demo copies
    /// and Save as New Demo starts from. A demo of the learner's own
    /// (`myDemo`) is read from its store folder, as an import is (its
    /// pictures beside its manifest); any other as `builtIn` reads it.
    public static func current(
        _ entry: PluginEntry, myDemo: MyDemo?, sourcesDirectory: String?, resourcesDirectory: String?,
        edits: EditWorkspace
    ) -> Result<DemoFiles, MyDemosProblem> {
        guard let myDemo else {
            return builtIn(
                entry, sourcesDirectory: sourcesDirectory, resourcesDirectory: resourcesDirectory, edits: edits)
        }
        switch folder(myDemo.folder) {
        case .failure(let problem):
            return .failure(.importRefused(problem))
        case .success(var files):
            for path in edits.editedFiles where files.texts[path] != nil {
                if let edited = edits.editedText(path) { files.texts[path] = edited }
            }
            // Kept edits written in the old plugin shape go into a copy in the current shape.
            files.texts = DemoShapeUpdates.updated(files.texts)
            return .success(files)
        }
    }
}
