internal import CGtk
internal import CGtkShim

/// A `GtkComboBoxText`: a drop-down list of strings, each with an id.
@MainActor
public final class ComboBoxText: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_combo_box_text_get_type() }

    /// An empty drop-down list: add its entries, then name it for screen
    /// readers (`nameItsButton(_:)`).
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_combo_box_text_new()), transfer: .floating)
        on("realize") { $0.realizeMenuWindow() }
    }

    /// Gives the list's menu its window now, though it is not shown.
    /// A screen reader (or a test through AT-SPI) picks an entry with its
    /// menu item's "click" action while the menu is not shown; GTK then
    /// grabs for the menu and, before it ever showed, finds no window:
    /// `Gdk-CRITICAL gdk_window_get_window_type: assertion 'GDK_IS_WINDOW
    /// (window)' failed`. A realized, unmapped window costs an
    /// X window and nothing on screen.
    private func realizeMenuWindow() {
        guard let popup = gtk_combo_box_get_popup_accessible(comboBox),
            let menu = gtk_accessible_get_widget(
                UnsafeMutableRawPointer(popup).assumingMemoryBound(to: GtkAccessible.self)),
            let toplevel = gtk_widget_get_toplevel(menu), gtk_widget_get_realized(toplevel) == 0
        else { return }
        gtk_widget_realize(toplevel)
    }

    private var comboBox: UnsafeMutablePointer<GtkComboBox> { cast() }

    /// Adds an entry at the end.
    public func append(id: String, text: String) { gtk_combo_box_text_append(cast(), id, text) }

    /// Removes every entry.
    public func removeAll() { gtk_combo_box_text_remove_all(cast()) }

    /// The chosen entry's text.
    public var activeText: String? {
        gtk_combo_box_text_get_active_text(cast()).map { text in
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    /// The chosen entry's index (-1: none).
    public var activeIndex: Int {
        get { Int(gtk_combo_box_get_active(comboBox)) }
        set { gtk_combo_box_set_active(comboBox, Int32(clamping: newValue)) }
    }

    /// Names the button inside the combo box, which takes the focus: GTK
    /// leaves it unnamed, and a screen reader said only "toggle button".
    public func nameItsButton(_ name: String) {
        for button in descendants where button.typeName == "GtkToggleButton" { button.accessibleName = name }
    }

    /// Shortens the chosen entry's text in its middle (an ellipsis) when the
    /// box is narrower than it, instead of widening whatever holds the box to
    /// its longest entry; the list that drops down shows entries in full.
    public func ellipsizesEntries() {
        let cells = gtk_cell_layout_get_cells(OpaquePointer(raw))
        defer { g_list_free(cells) }
        for cell in pointers(in: cells) {
            shim_object_set_int(cell, "ellipsize", Int32(PANGO_ELLIPSIZE_MIDDLE.rawValue))
        }
    }

    /// How many entries there are.
    public var count: Int {
        guard let model = gtk_combo_box_get_model(comboBox) else { return 0 }
        return Int(gtk_tree_model_iter_n_children(model, nil))
    }
}

extension SignalEmitter where Self: ComboBoxText {
    /// Runs when another entry is chosen (by the user or in code).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("changed", handler) }
}
