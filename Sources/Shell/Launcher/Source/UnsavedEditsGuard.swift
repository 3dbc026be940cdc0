import DemoShellKit
import PluginHost
import ShellModel

/// Closing the launcher never loses an edit. Its close button, Ctrl+W and
/// Ctrl+Q first write every edit still waiting for typing to pause; one the
/// edits folder refuses (read-only, full, not a folder), or one another
/// program wrote over meanwhile, keeps the window open with a dialog that
/// says where it could not be written and offers to save it elsewhere or
/// discard it. A window destroyed without asking still writes what it can.
@MainActor
final class UnsavedEditsGuard {
    private let edits: SourceEdits
    /// The window the dialogs belong to (the page's, once it has one).
    private let window: () -> Window?
    /// The dialog asking what to do with the edits, while it is open.
    private(set) var dialog: Dialog?
    /// The learner answered: the window closes without asking again, and
    /// what they chose to discard is not written as it goes.
    private(set) var answered = false

    init(edits: SourceEdits, window: @escaping () -> Window?) {
        self.edits = edits
        self.window = window
    }

    /// Every edit saved: true, close now. Otherwise false, and a dialog asks
    /// what to do; `proceed` runs once it is answered with Discard, or with
    /// Save Elsewhere and a folder that took the edits.
    func readyToClose(then proceed: @escaping @MainActor () -> Void) -> Bool {
        guard !answered else { return true }
        if let dialog {
            dialog.present()
            return false
        }
        let unsaved = edits.unsaved()
        guard !unsaved.isEmpty else { return true }
        askAboutUnsaved(unsaved, problem: nil, then: proceed)
        return false
    }

    /// Why each of `unsaved` is not saved, a line each.
    private func reasons(_ unsaved: [OpenFile]) -> String {
        unsaved.map { open -> String in
            let file = open.file.relativePath
            if open.changedOnDisk != nil {
                return localized("“{file}” was changed on disk by another program; your version is not saved.").filling(
                    ["file": file])
            }
            return localized("“{file}” could not be written to {path}: {reason}")
                .filling(["file": file, "path": open.editedPath ?? "", "reason": open.saveFailure ?? ""])
        }.joined(separator: "\n")
    }

    private func askAboutUnsaved(_ unsaved: [OpenFile], problem: String?, then proceed: @escaping @MainActor () -> Void)
    {
        let title =
            unsaved.count == 1
            ? localized("Your edit could not be saved")
            : localized("{count} edited files could not be saved").filling(["count": String(unsaved.count)])
        let detail = [problem, reasons(unsaved), localized("Save your edits in another folder, or discard them?")]
            .compactMap { $0 }.joined(separator: "\n\n")
        let dialog = MessageDialog(parent: window(), kind: .warning, title: title, detail: detail)
        dialog.limitWidth(toCharacters: 60)
        dialog.addButton(localized("_Cancel"), response: .cancel)
        dialog.addButton(localized("_Discard"), response: .no).addStyleClass("destructive-action")
        dialog.addButton(localized("_Save Elsewhere…"), response: .ok).addStyleClass("suggested-action")
        dialog.setDefaultResponse(.ok)
        dialog.onResponse { [weak self] dialog, response in
            dialog.destroy()
            guard let self else { return }
            self.dialog = nil
            switch response {
            case .ok:
                self.chooseFolder(for: unsaved, then: proceed)
            case .no:
                self.answered = true
                proceed()
            default:
                break  // the window stays open, the edits in it
            }
        }
        self.dialog = dialog
        dialog.present()
    }

    /// A folder chooser; the edits are written there as `ID/RELATIVE-PATH`.
    private func chooseFolder(for unsaved: [OpenFile], then proceed: @escaping @MainActor () -> Void) {
        let chooser = FileChooserDialog(
            folderChooserTitled: localized("Save Your Edits In"), parent: window(),
            cancel: localized("_Cancel"), accept: localized("_Save"))
        chooser.showFolder(Environment.homeDirectory)
        chooser.onResponse { [weak self] dialog, response in
            let folder = dialog.as(FileChooserDialog.self)?.folder
            dialog.destroy()
            guard let self else { return }
            self.dialog = nil
            guard response == FileChooserDialog.acceptResponse, let folder else {
                return self.askAboutUnsaved(unsaved, problem: nil, then: proceed)
            }
            do throws(FileError) {
                for open in unsaved {
                    try FileSystem.writeAtomically(open.buffer.text, to: Self.elsewherePath(open, in: folder))
                }
            } catch {
                let problem = localized("They could not be saved in {folder} either: {reason}")
                    .filling(["folder": folder, "reason": error.message])
                return self.askAboutUnsaved(unsaved, problem: problem, then: proceed)
            }
            self.answered = true
            proceed()
        }
        self.dialog = chooser
        chooser.present()
    }

    /// Where Save Elsewhere writes `open` in `folder`.
    static func elsewherePath(_ open: OpenFile, in folder: String) -> String {
        FileSystem.join(folder, open.demoID ?? "", open.file.relativePath)
    }
}
