internal import CGtk

/// A `GtkFileChooserDialog` that picks a folder (where to save something
/// the usual place refused), modal on its parent, with a New Folder button.
@MainActor
public final class FileChooserDialog: Dialog {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_file_chooser_dialog_get_type() }

    /// What the accept button answers. Not one of GTK's own accept answers
    /// (`.ok`…): for those GTK records the folder in the user's recent files,
    /// which a place to save to once does not belong in.
    public static let acceptResponse = Response.custom(1)

    /// A folder chooser titled `title`, with `cancel` (answering `.cancel`)
    /// and `accept` (answering `acceptResponse`, the default) buttons.
    public convenience init(folderChooserTitled title: String, parent: Window?, cancel: String, accept: String) {
        // gtk_file_chooser_dialog_new is variadic; its properties are set one by one instead.
        guard let dialog = g_object_new_with_properties(gtk_file_chooser_dialog_get_type(), 0, nil, nil) else {
            preconditionFailure("no GtkFileChooserDialog")
        }
        self.init(raw: UnsafeMutableRawPointer(dialog), transfer: .floating)
        gtk_file_chooser_set_action(chooser, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
        gtk_file_chooser_set_create_folders(chooser, 1)
        gtk_file_chooser_set_local_only(chooser, 1)
        self.title = title
        accessibleName = title
        transientFor = parent
        isModal = true
        gtk_window_set_destroy_with_parent(cast(), 1)
        addButton(cancel, response: .cancel)
        addButton(accept, response: Self.acceptResponse)
        setDefaultResponse(Self.acceptResponse)
    }

    private var chooser: OpaquePointer { OpaquePointer(raw) }

    /// The folder chosen: the one selected, else the one shown.
    public var folder: String? {
        if let name = gtk_file_chooser_get_filename(chooser) {
            defer { g_free(name) }
            return String(cString: name)
        }
        guard let name = gtk_file_chooser_get_current_folder(chooser) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Shows the folder at `path` (its contents load in the background:
    /// `folder` says it once they have).
    public func showFolder(_ path: String) { _ = gtk_file_chooser_set_current_folder(chooser, path) }
}
