import DemoShellKit
import ShellModel

/// The learner's demos (`MyDemoStore`) in the launcher's list.
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
extension PluginRegistry {
    /// The store's demo `id`, while it is the one listed under that id.
    package func myDemo(id: String) -> MyDemo? {
        guard let demo = myDemos.first(where: { $0.id == id }),
            entry(id: id)?.manifestPath == demo.manifestPath
        else { return nil }
        return demo
    }

    /// Every listed demo's name, as shown and as written: what an imported
    /// copy's name must not repeat.
    package var takenNames: Set<String> {
        Set(entries.flatMap { [$0.info.name, $0.manifest.untranslatedName] }.filter { !$0.isEmpty })
    }

    /// `takenNames` but demo `id`'s own: a demo renamed may keep its name,
    /// or change only its case.
    package func takenNames(besides id: String) -> Set<String> {
        Set(
            entries.filter { $0.manifest.id != id }.flatMap { [$0.info.name, $0.manifest.untranslatedName] }.filter {
                !$0.isEmpty
            })
    }

    /// Adds the store's demos after the plugins: an id a plugin has already
    /// (a plugin installed under it later) leaves the store's demo ignored,
    /// never shadowing either way unnoticed.
    func addMyDemos() {
        appendMyDemoEntries(
            myDemos.compactMap { demo -> PluginEntry? in
                guard let store = myDemoStore else { return nil }
                if let other = entry(id: demo.id) {
                    appendMyDemoDuplicate(
                        PluginFailure(
                            id: demo.id, name: demo.manifest.info.name, manifestPath: demo.manifestPath,
                            reason: localized("Ignored: the id “{id}” is already provided by {path}.")
                                .filling(["id": demo.id, "path": other.manifestPath])))
                    return nil
                }
                return Self.entry(of: demo, in: store)
            }, failures: myDemoFailures.filter { failure in !entries.contains { $0.manifest.id == failure.id } })
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
