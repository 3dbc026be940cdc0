internal import CGtk

/// A `GtkEntry`: one line of editable text.
///
/// ```swift
/// let greeting = Label()
/// let name = Entry(placeholder: localized("Enter your name"))
/// name.accessibleName = localized("Name")
/// name.widthChars = 18
/// name.onActivate { entry in greeting.text = entry.text }
/// ```
@MainActor
open class Entry: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_entry_get_type() }

    /// An empty field; `placeholder` is the greyed hint it shows until
    /// something is typed (not a label: give the field an accessible name
    /// too).
    public convenience init(placeholder: String? = nil) {
        self.init(raw: UnsafeMutableRawPointer(gtk_entry_new()), transfer: .floating)
        if let placeholder { self.placeholder = placeholder }
    }

    /// The text typed; setting it replaces it (and emits "changed").
    public var text: String {
        get { String(cString: gtk_entry_get_text(cast())) }
        set { gtk_entry_set_text(cast(), newValue) }
    }

    /// Greyed hint shown while the entry is empty.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(cast(), newValue) }
    }

    /// The width the field asks for, in characters of its font: its natural
    /// size, not a limit on the text.
    public var widthChars: Int {
        get { Int(gtk_entry_get_width_chars(cast())) }
        set { gtk_entry_set_width_chars(cast(), Int32(newValue)) }
    }

    /// False keeps the text from being changed by the user, while it can still
    /// be selected and copied.
    public var isEditable: Bool {
        get { gtk_editable_get_editable(OpaquePointer(raw)).bool }
        set { gtk_editable_set_editable(OpaquePointer(raw), newValue.gboolean) }
    }

    /// The cursor position in characters.
    public var cursorPosition: Int {
        get { Int(gtk_editable_get_position(OpaquePointer(raw))) }
        set { gtk_editable_set_position(OpaquePointer(raw), Int32(newValue)) }
    }

    /// Replaces the selection (or inserts at the cursor) as typing or pasting would.
    public func insertAtCursor(_ text: String) {
        var start: Int32 = 0, end: Int32 = 0
        if gtk_editable_get_selection_bounds(OpaquePointer(raw), &start, &end).bool {
            gtk_editable_delete_text(OpaquePointer(raw), start, end)
        }
        var position = gtk_editable_get_position(OpaquePointer(raw))
        gtk_editable_insert_text(OpaquePointer(raw), text, -1, &position)
        gtk_editable_set_position(OpaquePointer(raw), position)
    }

    /// Selects the whole text, so that typing replaces it (as a field that kept a wrong guess).
    public func selectAll() {
        gtk_editable_select_region(OpaquePointer(raw), 0, -1)
    }

    /// Whether Enter also activates the window's default widget.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(cast()).bool }
        set { gtk_entry_set_activates_default(cast(), newValue.gboolean) }
    }

    /// Shows a themed icon at the end of the entry (nil removes it).
    public func setSecondaryIcon(_ iconName: String?, tooltip: String? = nil) {
        gtk_entry_set_icon_from_icon_name(cast(), GTK_ENTRY_ICON_SECONDARY, iconName)
        gtk_entry_set_icon_tooltip_text(cast(), GTK_ENTRY_ICON_SECONDARY, tooltip)
    }

    /// Emits "activate", as pressing Enter does.
    public func activate() { gtk_widget_activate(widget) }
}

extension SignalEmitter where Self: Entry {
    /// Runs when Enter is pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("activate", handler) }

    /// Runs after every edit.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("changed", handler) }
}

/// A `GtkSearchEntry`: an entry with a search icon, a clear button and a delay.
@MainActor
public final class SearchEntry: Entry {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_search_entry_get_type() }

    /// A search field; `placeholder` is its greyed hint ("Search demos").
    public convenience init(placeholder: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_search_entry_new()), transfer: .floating)
        self.placeholder = placeholder
    }
}

extension SignalEmitter where Self: SearchEntry {
    /// Runs shortly after the text changes (GTK's search delay).
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        on("search-changed", handler)
    }

    /// Runs when Escape is pressed in the entry.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("stop-search", handler) }

    /// Runs on Ctrl+G (or Enter, as the entry's owner binds it): the next match.
    @discardableResult
    public func onNextMatch(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("next-match", handler) }

    /// Runs on Ctrl+Shift+G: the previous match.
    @discardableResult
    public func onPreviousMatch(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        on("previous-match", handler)
    }
}
