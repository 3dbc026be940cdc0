import DemoShellKit
import ShellModel

/// The learner's demos (`MyDemoStore`) as the registry lists them.
///
/// They are listed as entries like any plugin, so that the list, the Info
/// page and the Source page (with Edit and Run Edited) treat them as the
/// built-in ones, but they have no library until they are built:
/// `opening` answers `.mine` for them, and nothing checks or loads them
/// here. Each is listed under "My Demos" whatever its manifest's Category
/// (an imported package may name another). Reading them is one folder
/// listing and a small manifest per demo, with the plugins' manifests at
/// start; a folder damaged by hand is a failure (Unavailable), one deleted
/// is gone at the next rescan.
@MainActor
struct MyDemoListing {
    /// The store's demos and its folders that are not demos, as last read.
    private(set) var demos: [MyDemo] = []
    private(set) var failures: [PluginFailure] = []

    init(demos: [MyDemo] = [], failures: [PluginFailure] = []) {
        self.demos = demos
        self.failures = failures
    }

    /// The store's demo `id`, while it is the one listed under that id
    /// (whose manifest is `listedManifest`).
    func demo(id: String, listedManifest: String?) -> MyDemo? {
        guard let demo = demos.first(where: { $0.id == id }), listedManifest == demo.manifestPath else { return nil }
        return demo
    }

    /// What the store's demos add after the plugins' `entries`: an id a
    /// plugin has already (a plugin installed under it later) leaves the
    /// store's demo ignored, never shadowing either way unnoticed.
    func listed(after entries: [PluginEntry], store: MyDemoStore?) -> (
        entries: [PluginEntry], duplicates: [PluginFailure], failures: [PluginFailure]
    ) {
        guard let store else { return ([], [], []) }
        var added: [PluginEntry] = [], duplicates: [PluginFailure] = []
        for demo in demos {
            if let other = entries.first(where: { $0.manifest.id == demo.id }) {
                duplicates.append(
                    PluginFailure(
                        id: demo.id, name: demo.manifest.info.name, manifestPath: demo.manifestPath,
                        reason: localized("Ignored: the id “{id}” is already provided by {path}.")
                            .filling(["id": demo.id, "path": other.manifestPath])))
            } else {
                added.append(Self.entry(of: demo, in: store))
            }
        }
        let failing = failures.filter { failure in !entries.contains { $0.manifest.id == failure.id } }
        return (added, duplicates, failing)
    }

    /// `demo` as the launcher lists it: under "My Demos", with no library yet.
    static func entry(of demo: MyDemo, in store: MyDemoStore) -> PluginEntry {
        let info = demo.manifest.info
        var manifest = demo.manifest
        manifest.info = DemoInfo(
            id: info.id, name: info.name, description: info.description,
            category: localized("My Demos"), iconName: info.iconName, version: info.version)
        manifest.untranslatedCategory = DemoTemplate.category
        return PluginEntry(
            manifest: manifest, manifestPath: demo.manifestPath, libraryPath: "", searchDirectory: store.root)
    }
}
