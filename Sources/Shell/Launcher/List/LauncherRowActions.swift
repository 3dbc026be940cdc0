import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel
import TextBounds

/// What the row menu does: Rename and Delete a demo of the learner's own
/// (`MyDemoStore`), Export any demo as a package (`DemoTransfer`). Each
/// change to the store is followed by a rescan, so the list shows it at
/// once rather than when the folder's watch settles.
@MainActor
final class LauncherRowActions {
    private unowned let launcher: LauncherWindow
    /// The row popover Rename's field is shown in.
    private unowned let menu: LauncherRowMenu

    init(launcher: LauncherWindow, menu: LauncherRowMenu) {
        self.launcher = launcher
        self.menu = menu
    }

    private var shell: Shell { launcher.shell }

    // MARK: Rename

    /// A field with the demo's name in a popover over its row; Enter or
    /// **Rename** renames it (the manifest's Name only: its id, module and
    /// files stay). Below the field, as it is typed: "A demo needs a name."
    /// (Rename is off), or the next free name when another demo has this
    /// one ("Say Hello 2", as New Demo and Import offer it).
    func askNewName(ofDemo id: String) {
        guard let demo = shell.registry.myDemo(id: id), let row = launcher.rows.first(where: { $0.demo?.id == id })
        else {
            return
        }
        menu.close()
        let popover = Popover(relativeTo: row)
        popover.accessibleName = localized("Rename")
        let box = Box(.vertical, spacing: 8)
        box.setMargins(12)
        let heading = Label(localized("Name"))
        heading.xAlign = 0
        let entry = Entry()
        entry.accessibleName = localized("New Name")
        entry.bound(filter: DemoNaming.limit.filter, cutting: DemoNaming.limit.cuttingLongCharacters)
        entry.text = demo.manifest.info.name
        entry.widthChars = 28
        let note = Label()
        note.xAlign = 0
        note.wraps = true
        note.wrapMode = .wordCharacter
        note.maxWidthChars = 28
        note.addStyleClass("dim-label")
        note.isExcludedFromShowAll = true
        let button = Button(label: localized("_Rename"))
        button.addStyleClass("suggested-action")
        button.horizontalAlignment = .end
        let names = shell.registry.takenNames(besides: id)
        let noted: @MainActor () -> Void = { [unowned entry, unowned note, unowned button] in
            let free = DemoNaming.freeName(entry.text, taken: names)
            let text =
                free.isEmpty
                ? localized("A demo needs a name.") : DemoNaming.takenNameNote(typed: entry.text, free: free)
            note.text = text ?? ""
            note.isVisible = text != nil
            entry.accessibleDescription = text ?? ""
            button.isSensitive = !free.isEmpty
        }
        let rename: @MainActor () -> Void = { [unowned self, unowned entry, unowned note] in
            let free = DemoNaming.freeName(entry.text, taken: names)
            guard !free.isEmpty else {
                entry.errorBell()
                _ = note.announce(note.text)
                return
            }
            self.menu.close()
            self.renameDemo(id: id, to: free)
        }
        entry.onChanged { _ in noted() }
        entry.onActivate { _ in rename() }
        button.onClicked { _ in rename() }
        box.append(heading)
        box.append(entry)
        box.append(note)
        box.append(button)
        box.showAll()
        noted()
        popover.add(box)
        menu.show(popover, for: row)
        entry.grabFocus()
        entry.selectAll()
    }

    func renameDemo(id: String, to name: String) {
        guard let store = shell.registry.myDemoStore else { return }
        let oldName = shell.registry.myDemo(id: id)?.manifest.info.name ?? id
        switch store.rename(id: id, to: name) {
        case .success:
            shell.rescanPlugins()
            focusSelectedRow()
        case .failure(let problem):
            showProblem(localized("“{name}” cannot be renamed").filling(["name": oldName]), problem)
        }
    }

    // MARK: Delete

    /// Deletes at once, then offers Undo (`MyDemoNotices`).
    func deleteDemo(id: String) {
        guard let store = shell.registry.myDemoStore else { return }
        let name = shell.registry.myDemo(id: id)?.manifest.info.name ?? id
        switch store.delete(id: id) {
        case .success(let deleted):
            shell.rescanPlugins()
            focusSelectedRow()
            launcher.myDemoNotices.showDeleted(deleted, name: name, store: store) { [unowned self] deleted in
                self.undoDelete(deleted, name: name, in: store)
            }
        case .failure(let problem):
            showProblem(localized("“{name}” cannot be deleted").filling(["name": name]), problem)
        }
    }

    private func undoDelete(_ deleted: DeletedDemo, name: String, in store: MyDemoStore) {
        switch store.undo(deleted) {
        case .success(let id):
            shell.rescanPlugins()
            launcher.selectDemo(id: id)
            focusSelectedRow()
        case .failure(let problem):
            showProblem(localized("“{name}” cannot be brought back").filling(["name": name]), problem)
        }
    }

    /// After the rows were rebuilt, a keyboard user stays in the list.
    private func focusSelectedRow() {
        guard let row = launcher.list.selectedRow, row.isChildVisible else { return }
        row.grabFocus()
    }

    // MARK: Export

    /// A folder chooser; the demo is exported into `FOLDER/ID/`.
    func askExportFolder(forDemo id: String) {
        guard let entry = shell.registry.entry(id: id) else { return }
        let name = entry.info.name
        FolderChoice.ask(
            localized("Export “{name}” To").filling(["name": name]), accept: localized("_Export"), over: launcher.window
        ) {
            [weak self] folder in self?.exportDemo(id: id, to: folder)
        }
    }

    /// Writes demo `id` as the package `folder/ID/`, as `--export` does: as
    /// the learner has it now, its edits included.
    func exportDemo(id: String, to folder: String) {
        guard let entry = shell.registry.entry(id: id) else { return }
        let title = localized("“{name}” cannot be exported").filling(["name": entry.info.name])
        let sdk: EditSDK
        switch EditSDK.locate(paths: shell.paths) {
        case .failure(let problem): return showProblem(title, .sdk(problem))
        case .success(let found): sdk = found
        }
        let files = DemoFiles.current(
            entry, myDemo: shell.registry.myDemo(id: id), sourcesDirectory: shell.paths.sourcesDirectory,
            resourcesDirectory: shell.paths.resourcesDirectory, edits: EditWorkspace(demoID: id))
        switch files.flatMap({ DemoTransfer.export($0, to: folder, sdk: sdk) }) {
        case .success(let target): launcher.myDemoNotices.showExported(to: target)
        case .failure(let problem): showProblem(title, problem)
        }
    }

    // MARK: Problems

    /// Says in a dialog over the launcher what could not be done, and why.
    func showProblem(_ title: String, _ problem: MyDemosProblem) {
        let dialog = MessageDialog(parent: launcher.window, kind: .error, title: title, detail: problem.message)
        dialog.addButton(localized("_Close"), response: .close)
        dialog.onResponse { dialog, _ in dialog.destroy() }
        dialog.present()
    }
}
