import DemoShellKit
import EditRunModel
import ShellModel

/// What Demo Shell keeps of a demo of the learner's own outside its
/// folder, under its id: its edits and their builds (`EditWorkspace`), its
/// own builds (`MyDemoBuilds`), and its settings and its edited copy's
/// (the window's size among them). A demo deleted for good takes them
/// along; a new demo removes any an earlier demo of its id left (a launcher
/// killed before the purge, an older Demo Shell), so that it starts from
/// its template, never from a deleted demo's edits, settings or window.
enum DemoLeftovers {
    /// Each file or folder kept under `id`.
    static func paths(id: String) -> [String] {
        [
            EditWorkspace(demoID: id).root, MyDemoBuilds.workspace(id: id).root,
            Settings.path(pluginID: id), Settings.path(pluginID: id + ShellRole.editedSettingsSuffix),
        ]
    }

    /// Removes what is kept under `id` (a demo's id: never a path).
    static func remove(id: String) {
        guard PluginManifest.isValidID(id) else { return }
        for path in paths(id: id) { FileSystem.removeTree(path) }
    }
}
