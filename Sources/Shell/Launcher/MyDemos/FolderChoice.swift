import DemoShellKit

/// Export… and Import…: a folder chooser over `parent`, opening in the home
/// folder; `chosen` gets the folder once accepted, nothing when cancelled.
@MainActor
enum FolderChoice {
    static func ask(
        _ title: String, accept: String, over parent: Window,
        then chosen: @escaping @MainActor (String) -> Void
    ) {
        let chooser = FileChooserDialog(
            folderChooserTitled: title, parent: parent, cancel: localized("_Cancel"), accept: accept)
        chooser.showFolder(Environment.homeDirectory)
        chooser.onResponse { dialog, response in
            let folder = dialog.as(FileChooserDialog.self)?.folder
            dialog.destroy()
            guard response == FileChooserDialog.acceptResponse, let folder else { return }
            chosen(folder)
        }
        chooser.present()
    }
}
