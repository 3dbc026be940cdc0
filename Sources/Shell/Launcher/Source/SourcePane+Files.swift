import DemoShellKit
import PluginHost
import ShellModel

/// The files of the Source page: each opened once per session into a
/// buffer of its own (`SourceEdits`), shown by switching the view's buffer;
/// the file list says which are edited, and after a restart shows an
/// edited one first.
extension SourcePane {
    /// One per demo and file: a shared module's file shown for two demos is
    /// two files, as each demo's edits are its own.
    func openFileKey(_ file: SourceFile) -> String {
        (editableDemo?.manifest.id ?? "") + "\u{0}" + (file.path ?? file.relativePath)
    }

    /// The file shown, as opened.
    var shownOpenFile: OpenFile? {
        guard content?.visiblePageName == "code", let file = shownFile else { return nil }
        return edits[openFileKey(file)]
    }

    /// `file` as opened this session (`SourceEdits.open`).
    func openFile(_ file: SourceFile) -> Result<OpenFile, SourceReadError> {
        guard let view else { return .failure(SourceReadError(message: localized("The file cannot be read."))) }
        return edits.open(file, key: openFileKey(file), workspace: workspace, styleSchemeID: view.styleSchemeID)
    }

    /// Whether another program changed `file`'s edited copy, and the
    /// learner has not yet said to reload it or keep theirs.
    func isChangedOnDisk(_ file: SourceFile) -> Bool {
        editableDemo != nil && edits[openFileKey(file)]?.changedOnDisk != nil
    }

    /// Whether the learner has changed `file` (saved or not).
    func isEdited(_ file: SourceFile) -> Bool {
        guard editableDemo != nil, EditWorkspace.isEditable(file) else { return false }
        if let open = edits[openFileKey(file)] { return open.isEdited }
        return workspace?.editedContents(file.relativePath) != nil
    }

    /// "Plugin/SayHelloView.swift (edited)" in the file list.
    func fileLabel(_ file: SourceFile) -> String {
        if isChangedOnDisk(file) { return localized("{file} (changed on disk)").filling(["file": file.relativePath]) }
        return isEdited(file) ? localized("{file} (edited)").filling(["file": file.relativePath]) : file.relativePath
    }

    /// The file list says again which files are edited.
    func refreshFileMarks() {
        guard isBuilt else { return }
        let labels = files.map(fileLabel)
        guard labels != fileLabels else { return }
        let active = fileSelector.activeIndex
        updatingSelector = true
        fileSelector.removeAll()
        for (index, label) in labels.enumerated() { fileSelector.append(id: String(index), text: label) }
        fileSelector.activeIndex = active
        updatingSelector = false
        fileLabels = labels
    }
}
