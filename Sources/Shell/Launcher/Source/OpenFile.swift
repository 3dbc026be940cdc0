import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// One file of a demo as the Source page holds it for the whole session:
/// a buffer of its own (its text, cursor and undo history survive a switch to
/// another file or demo, so Ctrl+Z can bring back a file emptied before a
/// Run jumped elsewhere), and what is known of its copy in the edits folder,
/// so that an edit is never lost without a word: not on close, not when the
/// folder cannot be written, not when another launcher wrote it meanwhile.
@MainActor
final class OpenFile {
    /// Where the demo's edits are kept (nil: a file that is never edited),
    /// fixed when the file is opened: what was read there is written there.
    let workspace: EditWorkspace?
    let file: SourceFile
    let buffer: SourceBuffer
    /// The shipped text, as the buffer holds it.
    let shipped: String
    /// The edits folder's copy as last read or written (nil: none, the
    /// shipped text stands), as the buffer holds it.
    var onDisk: String?
    /// Set while text is put into the buffer by the page (not an edit).
    var loading = false
    /// The save waiting for typing to pause.
    var pendingSave: SourceID?
    /// Why the last save failed (the path and the system's reason); nil once saved.
    var saveFailure: String?
    /// The edits folder's copy changed under the editor (another launcher
    /// saved it): what it holds now (nil: removed), until the learner
    /// reloads it or keeps theirs. Nothing is saved over it meanwhile.
    var changedOnDisk: String??
    /// The edits folder's copy is not UTF-8: shown repaired, and saved back
    /// only once the learner changes it.
    var notUTF8 = false
    /// Watches the edited copy while the page is open, shown or not.
    var monitor: FileMonitor?

    init(workspace: EditWorkspace?, file: SourceFile, buffer: SourceBuffer, shipped: String) {
        self.workspace = workspace
        self.file = file
        self.buffer = buffer
        self.shipped = shipped
    }

    var demoID: String? { workspace?.demoID }
    var isEditable: Bool { workspace != nil && EditWorkspace.isEditable(file) }

    /// What the buffer held when it was last safe on disk.
    var savedText: String { onDisk ?? shipped }

    /// The learner's text is not (yet) what the edits folder holds.
    var hasUnsavedChanges: Bool { isEditable && buffer.text != savedText }

    /// Whether the file differs from what it shipped with.
    var isEdited: Bool { buffer.text != shipped }

    /// Puts `text` into the buffer as a file just opened (not undoable).
    func load(_ text: String) {
        loading = true
        buffer.load(text)
        loading = false
    }

    /// Puts `text` into the buffer as one edit, which Ctrl+Z takes back.
    func replace(with text: String) {
        buffer.replaceText(with: text)
    }

    /// What the edits folder holds now, as the buffer would hold it (nil:
    /// no edit, or a file that is never edited).
    func readDisk() -> (text: String?, notUTF8: Bool) {
        guard isEditable, let contents = workspace?.editedContents(file.relativePath) else { return (nil, false) }
        switch contents {
        case .text(let text): return (text, false)
        case .notUTF8(let shown): return (shown, true)
        }
    }

    /// Whether another program changed the edits folder's copy since this
    /// page last read or wrote it.
    func diskChangedElsewhere() -> String?? {
        guard isEditable, changedOnDisk == nil else { return changedOnDisk }
        let disk = readDisk().text
        return disk == onDisk ? nil : .some(disk)
    }

    /// Writes the buffer's text to the edits folder (removing the copy when it
    /// is the shipped text again). Nothing is written while another
    /// program's version waits for the learner's answer.
    @discardableResult
    func save() -> Bool {
        pendingSave?.cancel()
        pendingSave = nil
        guard isEditable, let workspace, changedOnDisk == nil else { return changedOnDisk == nil }
        let text = buffer.text
        guard text != savedText else {
            saveFailure = nil  // what the folder holds is the learner's text
            return true
        }
        if let change = diskChangedElsewhere() {
            changedOnDisk = change
            return false
        }
        do throws(FileError) {
            try workspace.save(text, for: file.relativePath, original: shipped)
            onDisk = text == shipped ? nil : text
            saveFailure = nil
            notUTF8 = false
            return true
        } catch {
            saveFailure = error.message
            return false
        }
    }

    /// Where the edited copy is kept.
    var editedPath: String? { isEditable ? workspace?.editedPath(file.relativePath) : nil }
}
