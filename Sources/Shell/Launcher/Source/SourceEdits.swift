import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// What the Source page tells and asks of the files it shows.
@MainActor
protocol SourceEditsDelegate: AnyObject {
    /// The open file the page shows, if any: only its bars are shown.
    var shownOpenFile: OpenFile? { get }
    /// The learner changed `open`'s text (not the page loading it).
    func sourceEdits(_ edits: SourceEdits, typedIn open: OpenFile)
    /// What the file list says of a file may have changed ("edited", "changed on disk").
    func sourceEditsChangedFileMarks(_ edits: SourceEdits)
    /// Demo `id` gained its first kept edit, or lost its last.
    func sourceEdits(_ edits: SourceEdits, changedEditsOf id: String)
}

/// The edits of the Source page: every file shown this session, opened
/// once into a buffer of its own (`OpenFile`: its text, cursor and undo
/// history survive a switch), saved to the demo's edits folder a moment
/// after typing stops, and watched there, so that a copy another program
/// (a second launcher) wrote is never saved over without asking. Two
/// launchers of one user share the folder: the bar about such a copy
/// offers to reload it or keep the learner's, at once for the file shown,
/// for another once it is shown (the list marks it meanwhile).
@MainActor
final class SourceEdits {
    /// How long typing must pause before the edit is written.
    static let saveDelayMilliseconds = 700

    /// Bars above the code: an edit not saved, a file changed on disk…
    let notices: SourceNotices
    weak var delegate: (any SourceEditsDelegate)?
    /// By `SourcePane.openFileKey`: one per demo and file.
    private var files: [String: OpenFile] = [:]

    init(notices: SourceNotices) { self.notices = notices }

    subscript(key: String) -> OpenFile? { files[key] }

    /// Every file opened this session.
    var all: [OpenFile] { Array(files.values) }

    /// `file` as opened this session under `key`: its shipped text, or the
    /// learner's edited copy in `workspace`, read the first time it is shown.
    func open(
        _ file: SourceFile, key: String, workspace: EditWorkspace?,
        styleSchemeID: String?
    ) -> Result<OpenFile, SourceReadError> {
        if let open = files[key] { return .success(open) }
        let shipped: String
        switch DemoSources.read(file) {
        case .failure(let error): return .failure(error)
        case .success(let text): shipped = text
        }
        let buffer = SourceBuffer()
        buffer.languageID = file.languageID
        buffer.styleSchemeID = styleSchemeID
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
        files[key] = open
        return .success(open)
    }

    private func textChanged(_ open: OpenFile) {
        guard !open.loading, open.isEditable else { return }
        open.pendingSave?.cancel()
        open.pendingSave = MainLoop.after(milliseconds: Self.saveDelayMilliseconds) { [weak self, weak open] in
            guard let self, let open else { return }
            open.pendingSave = nil
            self.save(open)
        }
        delegate?.sourceEdits(self, typedIn: open)
    }

    // MARK: Saving

    /// Writes `open`'s text to the edits folder now, and says so when that
    /// fails or another program wrote the file meanwhile.
    @discardableResult
    func save(_ open: OpenFile) -> Bool {
        let wasEdited = open.onDisk != nil
        let saved = open.save()
        if open.changedOnDisk != nil {
            showDiskChange(of: open)
            delegate?.sourceEditsChangedFileMarks(self)
        } else if let failure = open.saveFailure {
            let message = localized("Your edit of “{file}” could not be saved in {folder}: {reason}")
                .filling([
                    "file": open.file.relativePath, "folder": open.workspace?.sourcesDirectory ?? "", "reason": failure,
                ])
            notices.show(.saveFailed, message)
        }
        if !files.values.contains(where: { $0.saveFailure != nil }) { notices.hide(.saveFailed) }
        if saved { delegate?.sourceEditsChangedFileMarks(self) }
        // GIO polls for a folder that did not exist (every few seconds): the
        // first save made it, so the copies in it are watched again, at once.
        if saved, !wasEdited, open.onDisk != nil {
            for other in files.values where other.workspace?.demoID == open.demoID { watch(other, again: true) }
        }
        if saved, wasEdited != (open.onDisk != nil), let id = open.demoID {
            delegate?.sourceEdits(self, changedEditsOf: id)
        }
        if open.notUTF8 == false, open === delegate?.shownOpenFile { notices.hide(.notUTF8) }
        return saved
    }

    /// Writes every edit waiting to be saved, now (before another file is
    /// shown, a build, or the window's close); false when one could not be.
    @discardableResult
    func saveNow() -> Bool {
        var saved = true
        for open in files.values where open.pendingSave != nil {
            saved = save(open) && saved
        }
        return saved
    }

    /// The files whose text is not in the edits folder, after one more try.
    func unsaved() -> [OpenFile] {
        saveNow()
        for open in files.values where open.hasUnsavedChanges && open.changedOnDisk == nil { save(open) }
        return files.values.filter(\.hasUnsavedChanges).sorted {
            ($0.demoID ?? "", $0.file.relativePath) < ($1.demoID ?? "", $1.file.relativePath)
        }
    }

    /// The page is going: what can be saved is (unless the learner chose to
    /// discard it), and nothing is watched or waits any more.
    func close(saving: Bool) {
        for open in files.values where saving && (open.pendingSave != nil || open.hasUnsavedChanges) {
            open.save()
        }
        for open in files.values { stopWatching(open) }
    }

    /// Drops demo `id`'s open files, unsaved: that demo is gone for good,
    /// and a new demo that takes its id shows its own files, not the old
    /// text (nor "changed on disk" against it).
    func forget(demo id: String) {
        for (key, open) in files where open.demoID == id {
            stopWatching(open)
            files[key] = nil
        }
    }

    /// The demo's edits were discarded: each of its open files is as it
    /// first opened, and Undo starts again from there.
    func discardEdits(ofDemo id: String) {
        for open in files.values where open.demoID == id {
            open.pendingSave?.cancel()
            open.pendingSave = nil
            open.onDisk = nil
            open.saveFailure = nil
            open.changedOnDisk = nil
            open.notUTF8 = false
            open.load(open.shipped)
        }
    }

    private func stopWatching(_ open: OpenFile) {
        open.pendingSave?.cancel()
        open.pendingSave = nil
        open.monitor?.cancel()
        open.monitor = nil
    }

    // MARK: The edits folder as others see it

    /// `open` is now shown: what it needs said, and its edited copy watched.
    func shown(_ open: OpenFile?) {
        if let open, open.changedOnDisk == nil, let change = open.diskChangedElsewhere() {
            open.pendingSave?.cancel()
            open.pendingSave = nil
            open.changedOnDisk = change
            delegate?.sourceEditsChangedFileMarks(self)
        }
        if let open, open.changedOnDisk != nil { showDiskChange(of: open) } else { notices.hide(.changedOnDisk) }
        if let open, open.notUTF8 {
            notices.show(
                .notUTF8,
                localized(
                    "“{file}” in your edits is not valid UTF-8 text: what cannot be read is shown as �. The file stays as it is on disk unless you change it."
                )
                .filling(["file": open.editedPath ?? open.file.relativePath]))
        } else {
            notices.hide(.notUTF8)
        }
        if !files.values.contains(where: { $0.saveFailure != nil }) { notices.hide(.saveFailed) }
        watch(open)
    }

    /// Watches the edited copy of `open` from now on; `again` watches it
    /// anew (after its folder was made).
    private func watch(_ open: OpenFile?, again: Bool = false) {
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
        delegate?.sourceEditsChangedFileMarks(self)
    }

    /// The bar about `open`'s copy changed elsewhere, when it is the file shown.
    private func showDiskChange(of open: OpenFile) {
        guard open === delegate?.shownOpenFile, open.changedOnDisk != nil else { return }
        let message = localized(
            "“{file}” was changed on disk by another program (another Demo Shell?). Reload it, or keep your version?"
        )
        .filling(["file": open.file.relativePath])
        notices.show(
            .changedOnDisk, message,
            actions: [
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
    private func reload(_ open: OpenFile) {
        let disk = open.readDisk()
        open.changedOnDisk = nil
        open.onDisk = disk.text
        open.notUTF8 = disk.notUTF8
        open.replace(with: disk.text ?? open.shipped)
        open.pendingSave?.cancel()  // the buffer holds what the folder holds: nothing to write
        open.pendingSave = nil
        delegate?.sourceEditsChangedFileMarks(self)
        shown(delegate?.shownOpenFile)
    }

    /// The learner's text is written over the other program's copy.
    private func keepMine(_ open: OpenFile) {
        open.changedOnDisk = nil
        open.onDisk = open.readDisk().text
        save(open)
        delegate?.sourceEditsChangedFileMarks(self)
    }
}
