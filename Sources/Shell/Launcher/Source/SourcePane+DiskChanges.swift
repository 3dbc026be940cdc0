import DemoShellKit
import PluginHost
import ShellModel

/// The edits folder as others see it: two launchers of one user (two
/// sessions) share it, so the copy of every file opened is watched, shown or
/// not, and one written by another program is never saved over without
/// asking: a bar offers to reload it or keep the learner's, at once for the
/// file shown, for another once it is shown (the list marks it meanwhile).
/// And Revert File, which puts one file back to the code it shipped with, as
/// one edit Undo takes back.
extension SourcePane {
    /// Watches the edited copy of `open` from now on; `again` watches it
    /// anew (after its folder was made).
    func watch(_ open: OpenFile?, again: Bool = false) {
        guard let open, let path = open.editedPath, open.monitor == nil || again else { return }
        open.monitor?.cancel()
        open.monitor = FileMonitor(file: path)
        open.monitor?.onChanged { [weak self, weak open] _ in
            guard let self, let open else { return }
            self.diskMayHaveChanged(open)
        }
    }

    /// A monitor's event: this page's own writes leave the copy as it
    /// knows it; anything else is another program's.
    private func diskMayHaveChanged(_ open: OpenFile) {
        guard open.changedOnDisk == nil, let change = open.diskChangedElsewhere() else { return }
        open.pendingSave?.cancel()
        open.pendingSave = nil
        open.changedOnDisk = change
        showDiskChange(of: open)
        refreshFileMarks()
    }

    /// The bar about `open`'s copy changed elsewhere, when it is the file shown.
    func showDiskChange(of open: OpenFile) {
        guard open === shownOpenFile, open.changedOnDisk != nil else { return }
        let message = localized("“{file}” was changed on disk by another program (another Demo Shell?). Reload it, or keep your version?")
            .filling(["file": open.file.relativePath])
        notices.show(.changedOnDisk, message, actions: [
            .init(label: localized("_Reload"), name: localized("Reload")) { [weak self, weak open] in
                guard let self, let open else { return }
                self.reload(open)
            },
            .init(label: localized("_Keep Mine"), name: localized("Keep Mine")) { [weak self, weak open] in
                guard let self, let open else { return }
                self.keepMine(open)
            },
        ])
    }

    /// The other program's copy replaces the learner's text, as one edit
    /// (Ctrl+Z brings the learner's back).
    func reload(_ open: OpenFile) {
        let disk = open.readDisk()
        open.changedOnDisk = nil
        open.onDisk = disk.text
        open.notUTF8 = disk.notUTF8
        open.replace(with: disk.text ?? open.shipped)
        open.pendingSave?.cancel() // the buffer holds what the folder holds: nothing to write
        open.pendingSave = nil
        refreshFileMarks()
        fileShown()
    }

    /// The learner's text is written over the other program's copy.
    func keepMine(_ open: OpenFile) {
        open.changedOnDisk = nil
        open.onDisk = open.readDisk().text
        save(open)
        refreshFileMarks()
    }

    // MARK: Revert File

    /// The file shown goes back to its shipped code, saved at once (the list
    /// stops saying "edited"); Undo brings the edit back.
    func revertFile() {
        guard let open = shownOpenFile, open.isEditable, open.isEdited else { return }
        open.replace(with: open.shipped)
        save(open)
        refreshFileMarks()
        updateRevertButton()
        setStatus(localized("“{file}” is back to the code it shipped with; Undo (Ctrl+Z) brings your edit back.")
            .filling(["file": open.file.relativePath]))
    }
}
