import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// New Demo, Save as New Demo and Import…: demos of the learner's own made
/// from the launcher (`MyDemoStore`, `DemoTransfer`), then listed and
/// selected in it at once, without waiting for the store folder's watch.
/// It keeps no state: each dialog holds what it was opened with.
@MainActor
final class MyDemoMaker {
    private unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    private var registry: PluginRegistry { shell.registry }
    private var paths: ShellPaths { shell.paths }
    private var launcher: LauncherWindow? { shell.launcher }

    /// Where new demos go: the launcher's store (a test's own, in tests).
    private var newDemoStore: MyDemoStore { registry.myDemoStore ?? MyDemoStore() }

    /// The ids and modules a new demo may not take: every demo's listed or
    /// unavailable (the store adds its own folders', deleted ones too).
    private var takenByOtherDemos: (ids: Set<String>, modules: Set<String>) {
        var ids = Set(registry.entries.map { $0.manifest.id })
        for failure in registry.failures + registry.duplicates { if let id = failure.id { ids.insert(id) } }
        let modules = Set(registry.entries.compactMap { $0.manifest.module })
        return (ids, modules)
    }

    /// The identity a typed name would get now, for the dialog to show as
    /// it is typed (the taken ids and names are read once, as the dialog
    /// opens): the next free name ("Say Hello 2") when a demo has this one.
    private func identityPreview() -> (String) -> DemoIdentity? {
        let taken = takenByOtherDemos, storeIDs = newDemoStore.takenIDs, names = registry.takenNames
        return { name in
            DemoNaming.identity(
                forName: DemoNaming.freeName(name, taken: names), takenIDs: taken.ids.union(storeIDs),
                takenModules: taken.modules)
        }
    }

    /// Ctrl+Shift+N and the primary menu's New Demo: a name and a starting
    /// point (Blank, or any installed demo as it is now, edits included).
    func showNewDemo() {
        guard let launcher else { return }
        let demos = registry.entries.sorted { Collation.key($0.info.name) < Collation.key($1.info.name) }
        let starts =
            [NewDemoDialog.Start(id: nil, name: localized("Blank"))]
            + demos.map { NewDemoDialog.Start(id: $0.manifest.id, name: $0.info.name) }
        let dialog = NewDemoDialog(
            title: localized("New Demo"), accept: localized("C_reate"), acceptName: localized("Create"),
            parent: launcher.window, name: "", starts: starts, identity: identityPreview())
        dialog.onCreate = { [unowned self] name, start in
            guard let id = start?.id else { return self.makeDemo(name: name, from: .blank) }
            switch self.currentFiles(ofDemo: id) {
            case .failure(let problem): return problem
            case .success(let files): return self.makeDemo(name: name, from: .copy(files))
            }
        }
        dialog.present()
    }

    /// The Source page's Save as New Demo: `demo` with `texts` (its own
    /// files as the learner sees them now) becomes a new demo; the
    /// original's edits stay as they are.
    func saveAsNewDemo(_ demo: EditableDemo, texts: [String: String]) {
        guard let launcher else { return }
        let id = demo.manifest.id
        let name = DemoNaming.freeName(
            registry.entry(id: id)?.info.name ?? demo.manifest.info.name, taken: registry.takenNames)
        let dialog = NewDemoDialog(
            title: localized("Save as New Demo"), accept: localized("_Save"), acceptName: localized("Save"),
            parent: launcher.window, name: name, starts: [], identity: identityPreview())
        dialog.onCreate = { [unowned self] name, _ in
            switch self.currentFiles(ofDemo: id) {
            case .failure(let problem):
                return problem
            case .success(var files):
                for (path, text) in texts where files.texts[path] != nil { files.texts[path] = text }
                return self.makeDemo(name: name, from: .copy(files))
            }
        }
        dialog.present()
    }

    /// Demo `id`'s files as they are now, its edits included.
    private func currentFiles(ofDemo id: String) -> Result<DemoFiles, MyDemosProblem> {
        guard let entry = registry.entry(id: id) else { return .failure(.noDemo(id)) }
        return DemoFiles.current(
            entry, myDemo: registry.myDemo(id: id), sourcesDirectory: paths.sourcesDirectory,
            resourcesDirectory: paths.resourcesDirectory, edits: EditWorkspace(demoID: id))
    }

    /// Makes the demo and opens it on its Source page with Edit on; the
    /// problem when it could not be made (nothing is left half-made).
    private func makeDemo(name: String, from start: MyDemoStore.Start) -> MyDemosProblem? {
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return .sdk(problem)
        case .success(let found): sdk = found
        }
        let taken = takenByOtherDemos, free = DemoNaming.freeName(name, taken: registry.takenNames)
        switch newDemoStore.create(name: free, from: start, takenIDs: taken.ids, takenModules: taken.modules, sdk: sdk)
        {
        case .failure(let problem):
            return problem
        case .success(let made):
            guard let launcher, selectNewDemo(id: made.id) else { return nil }
            launcher.showSourceWithEditOn()
            return nil
        }
    }

    /// Lists the store's new demo `id` now and selects it (a search that
    /// would hide it is cleared); false when it is not listed.
    @discardableResult
    private func selectNewDemo(id: String) -> Bool {
        // A demo of this id before was deleted for good: nothing of it shows.
        launcher?.sourcePane.edits.forget(demo: id)
        shell.rescanPlugins()
        guard let launcher else { return false }
        launcher.clearSearch()
        launcher.selectDemo(id: id)
        launcher.window.present()
        return launcher.selectedDemoID == id
    }

    /// The primary menu's Import…: a folder holding a demo package is
    /// copied into the learner's demos and selected; a folder that is not
    /// one is told, naming what is missing.
    func showImport() {
        guard let launcher else { return }
        FolderChoice.ask(localized("Import a Demo"), accept: localized("_Import"), over: launcher.window) {
            [weak self] folder in
            self?.importDemo(from: folder)
        }
    }

    /// Imports the package in `folder` under a name the learner confirms
    /// (its own, or "Say Hello 2" when a demo is called so already); a
    /// folder that is not a package is told in a dialog at once.
    func importDemo(from folder: String) {
        guard let launcher else { return }
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return showImportRefusal(.sdk(problem))
        case .success(let found): sdk = found
        }
        let files: DemoFiles
        switch DemoFiles.folder(folder) {
        case .failure(let problem): return showImportRefusal(.importRefused(problem))
        case .success(let found): files = found
        }
        let name = DemoNaming.freeName(files.untranslatedName ?? files.manifest.info.name, taken: registry.takenNames)
        // Under its own name, a package keeps its id while no demo has it.
        let preview = identityPreview(),
            ownName = DemoNaming.cleanedName(files.untranslatedName ?? files.manifest.info.name)
        let ownIDFree = !takenByOtherDemos.ids.union(newDemoStore.takenIDs).contains(files.manifest.id)
        let dialog = NewDemoDialog(
            title: localized("Import as New Demo"), accept: localized("_Import"), acceptName: localized("Import"),
            parent: launcher.window, name: name, starts: []
        ) { [names = registry.takenNames] typed in
            guard ownIDFree, DemoNaming.freeName(typed, taken: names) == ownName else { return preview(typed) }
            return DemoIdentity(name: ownName, id: files.manifest.id, module: files.manifest.module)
        }
        dialog.onCreate = { [unowned self] typed, _ in
            let taken = self.takenByOtherDemos, free = DemoNaming.freeName(typed, taken: self.registry.takenNames)
            switch DemoTransfer.importDemo(
                from: folder, into: self.newDemoStore, name: free, takenIDs: taken.ids,
                takenModules: taken.modules, sdk: sdk)
            {
            case .failure(let problem):
                return problem
            case .success(let demo):
                self.selectNewDemo(id: demo.id)
                return nil
            }
        }
        dialog.present()
    }

    /// Tells in a dialog over the launcher why a folder cannot be imported.
    private func showImportRefusal(_ problem: MyDemosProblem) {
        launcher?.rowMenu.actions.showProblem(localized("The folder cannot be imported"), problem)
    }
}
