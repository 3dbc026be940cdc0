internal import CGtk

/// How many rows of a list box can be selected (`GtkSelectionMode`).
public enum SelectionMode: Sendable {
    /// None.
    case none
    /// At most one; Ctrl+click deselects.
    case single
    /// Exactly one once chosen, as a picker column: the cursor selects.
    case browse

    var gtk: GtkSelectionMode {
        switch self {
        case .none: GTK_SELECTION_NONE
        case .single: GTK_SELECTION_SINGLE
        case .browse: GTK_SELECTION_BROWSE
        }
    }
}

extension ListBox {
    /// How many rows can be selected: `.none` for a list whose rows are
    /// activated only, `.browse` for a picker.
    public var selectionMode: SelectionMode {
        get {
            switch gtk_list_box_get_selection_mode(cast()) {
            case GTK_SELECTION_NONE: .none
            case GTK_SELECTION_BROWSE: .browse
            default: .single
            }
        }
        set { gtk_list_box_set_selection_mode(cast(), newValue.gtk) }
    }
}
