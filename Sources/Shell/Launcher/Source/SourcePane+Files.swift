import DemoShellKit
import PluginHost
import ShellModel

/// The files of the Source page: each opened once per session into a
/// buffer of its own (`OpenFile`), shown by switching the view's buffer;
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
        return openFiles[openFileKey(file)]
    }

    /// `file` as opened this session: its shipped text, or the learner's
    /// edited copy, read the first time it is shown.
    func openFile(_ file: SourceFile) -> Result<OpenFile, SourceReadError> {
        let key = openFileKey(file)
        if let open = openFiles[key] { return .success(open) }
        guard let view else { return .failure(SourceReadError(message: localized("The file cannot be read."))) }
        let shipped: String
        switch DemoSources.read(file) {
        case .failure(let error): return .failure(error)
        case .success(let text): shipped = text
        }
        let buffer = SourceBuffer()
        buffer.languageID = file.languageID
        buffer.styleSchemeID = view.styleSchemeID
        buffer.setHighlightsMatchingBrackets(true)
        buffer.load(shipped)
        let open = OpenFile(workspace: workspace, file: file, buffer: buffer, shipped: buffer.text)
        let disk = open.readDisk()
        if let edited = disk.text {
            open.load(edited)
            open.onDisk = buffer.text
            open.notUTF8 = disk.notUTF8
        }
        buffer.onChanged { [weak self, weak open] _ in
            guard let self, let open else { return }
            self.textChanged(open)
        }
        openFiles[key] = open
        return .success(open)
    }

    /// Drops demo `id`'s open files, unsaved: that demo is gone for good,
    /// and a new demo that takes its id shows its own files, not the old
    /// text (nor "changed on disk" against it).
    func forgetFiles(ofDemo id: String) {
        for (key, open) in openFiles where open.demoID == id {
            open.pendingSave?.cancel()
            open.pendingSave = nil
            open.monitor?.cancel()
            open.monitor = nil
            openFiles[key] = nil
        }
    }

    /// Whether another program changed `file`'s edited copy, and the
    /// learner has not yet said to reload it or keep theirs.
    func isChangedOnDisk(_ file: SourceFile) -> Bool {
        editableDemo != nil && openFiles[openFileKey(file)]?.changedOnDisk != nil
    }

    /// Whether the learner has changed `file` (saved or not).
    func isEdited(_ file: SourceFile) -> Bool {
        guard editableDemo != nil, EditWorkspace.isEditable(file) else { return false }
        if let open = openFiles[openFileKey(file)] { return open.isEdited }
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

    /// What the file now shown needs said, and its edited copy watched.
    func fileShown() {
        let open = shownOpenFile
        if let open, open.changedOnDisk == nil, let change = open.diskChangedElsewhere() {
            open.pendingSave?.cancel()
            open.pendingSave = nil
            open.changedOnDisk = change
            refreshFileMarks()
        }
        if let open, open.changedOnDisk != nil { showDiskChange(of: open) } else { notices.hide(.changedOnDisk) }
        if let open, open.notUTF8 {
            notices.show(.notUTF8, localized("“{file}” in your edits is not valid UTF-8 text: what cannot be read is shown as �. The file stays as it is on disk unless you change it.")
                .filling(["file": open.editedPath ?? open.file.relativePath]))
        } else {
            notices.hide(.notUTF8)
        }
        if !openFiles.values.contains(where: { $0.saveFailure != nil }) { notices.hide(.saveFailed) }
        watch(open)
    }
}
