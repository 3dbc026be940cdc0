internal import CGtk

/// A `GtkListBoxRow`. Open, so that a row can carry what it shows (a Swift
/// subclass keeps its stored properties while the list holds the row: the
/// wrapper is the GObject's one, through its toggle reference).
///
/// ```swift
/// let list = ListBox()
/// let row = ListBoxRow(child: Label(localized("Apples")))
/// row.isActivatable = true
/// list.append(row)
/// ```
@MainActor
open class ListBoxRow: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_list_box_row_get_type() }

    /// A row showing `child` (or nothing yet: `add(_:)` its content later).
    public convenience init(child: Widget? = nil) {
        self.init(raw: UnsafeMutableRawPointer(gtk_list_box_row_new()), transfer: .floating)
        if let child { add(child) }
    }

    /// The row's place in its list, from 0 at the top (-1 when it is in none).
    public var index: Int { Int(gtk_list_box_row_get_index(cast())) }

    /// Whether the row can be chosen (section headers can't).
    public var isSelectable: Bool {
        get { gtk_list_box_row_get_selectable(cast()).bool }
        set { gtk_list_box_row_set_selectable(cast(), newValue.gboolean) }
    }

    /// Whether Enter or a click activates the row ("row-activated"); false for
    /// a row that only shows something.
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(cast()).bool }
        set { gtk_list_box_row_set_activatable(cast(), newValue.gboolean) }
    }

    /// A header shown above the row (a category title, say).
    public var header: Widget? {
        get { gtk_list_box_row_get_header(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) } }
        set { gtk_list_box_row_set_header(cast(), newValue?.widget) }
    }
}

/// A `GtkListBox`: a vertical list of rows.
///
/// ```swift
/// let list = ListBox()
/// for fruit in [localized("Apples"), localized("Pears")] {
///     list.append(ListBoxRow(child: Label(fruit)))
/// }
/// list.onRowActivated { _, row in print(row.index) }
/// ```
@MainActor
public final class ListBox: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_list_box_get_type() }

    /// An empty list: `append(_:)` its rows; put it in a `ScrolledWindow` when
    /// it may grow taller than its window.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_list_box_new()), transfer: .floating)
    }

    /// Adds `row` at the bottom of the list.
    public func append(_ row: ListBoxRow) { gtk_container_add(cast(), row.widget) }

    /// Puts `row` at `position` (0 for the top; past the end appends it).
    public func insert(_ row: ListBoxRow, at position: Int) { gtk_list_box_insert(cast(), row.widget, Int32(position)) }

    /// The row chosen now, or nil.
    public var selectedRow: ListBoxRow? {
        gtk_list_box_get_selected_row(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: ListBoxRow.self) }
    }

    /// Chooses `row` (nil: none), as a click on it would, and emits "row-selected".
    public func select(_ row: ListBoxRow?) { gtk_list_box_select_row(cast(), row?.cast()) }

    /// The row at `index` (from 0), or nil past the end.
    public func row(at index: Int) -> ListBoxRow? {
        gtk_list_box_get_row_at_index(cast(), Int32(index)).map {
            Object.wrap(UnsafeMutableRawPointer($0), as: ListBoxRow.self)
        }
    }

    /// Rows activate on a single click (true) or on a double click (false).
    public var activatesOnSingleClick: Bool {
        get { gtk_list_box_get_activate_on_single_click(cast()).bool }
        set { gtk_list_box_set_activate_on_single_click(cast(), newValue.gboolean) }
    }

    /// Shown when no row is visible (an empty search, say).
    public func setPlaceholder(_ widget: Widget?) { gtk_list_box_set_placeholder(cast(), widget?.widget) }

    /// Re-runs the filter function over every row.
    public func invalidateFilter() { gtk_list_box_invalidate_filter(cast()) }
    /// Asks the header function again for every row, once what it depends on changed.
    public func invalidateHeaders() { gtk_list_box_invalidate_headers(cast()) }

    /// Hides the rows for which `isVisible` returns false.
    ///
    /// GTK would keep the function until the list is finalized; it is
    /// released when the list is destroyed instead, so a controller the
    /// function captures (and that holds the list) is freed with its window.
    public func setFilter(_ isVisible: @escaping @MainActor (ListBoxRow) -> Bool) {
        let box = ClosureBox<RowPredicate> { raw in
            MainActor.assumeIsolated { isVisible(Object.wrap(raw, as: ListBoxRow.self)) }
        }
        gtk_list_box_set_filter_func(
            cast(),
            { row, data in
                guard let row, let data else { return 1 }
                return ClosureBox<RowPredicate>.of(data).call(UnsafeMutableRawPointer(row)) ? 1 : 0
            }, box.retained(),
            { data in
                guard let data else { return }
                Unmanaged<ClosureBox<RowPredicate>>.fromOpaque(data).release()
            })
        releaseOnDestroy { gtk_list_box_set_filter_func($0, nil, nil, nil) }
    }

    /// Sets each row's header from the row and the visible row before it
    /// (released when the list is destroyed, as `setFilter`'s function is).
    public func setHeaders(_ update: @escaping @MainActor (ListBoxRow, ListBoxRow?) -> Void) {
        let box = ClosureBox<RowHeaderMaker> { row, before in
            MainActor.assumeIsolated {
                update(Object.wrap(row, as: ListBoxRow.self), before.map { Object.wrap($0, as: ListBoxRow.self) })
            }
        }
        gtk_list_box_set_header_func(
            cast(),
            { row, before, data in
                guard let row, let data else { return }
                ClosureBox<RowHeaderMaker>.of(data).call(
                    UnsafeMutableRawPointer(row), before.map { UnsafeMutableRawPointer($0) })
            }, box.retained(),
            { data in
                guard let data else { return }
                Unmanaged<ClosureBox<RowHeaderMaker>>.fromOpaque(data).release()
            })
        releaseOnDestroy { gtk_list_box_set_header_func($0, nil, nil, nil) }
    }

    /// Runs `release` on the `GtkListBox *` when the list is destroyed.
    private func releaseOnDestroy(_ release: @escaping (UnsafeMutablePointer<GtkListBox>) -> Void) {
        connect("destroy", shape: .void) { instance, _ in
            release(instance.assumingMemoryBound(to: GtkListBox.self))
            return 0
        }
    }

    /// Runs when a row is activated (Enter, click or double click).
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (ListBox, ListBoxRow) -> Void) -> UInt {
        connect("row-activated", shape: .argument) { instance, row in
            guard let row else { return 0 }
            handler(Object.wrap(instance, as: ListBox.self), Object.wrap(row, as: ListBoxRow.self))
            return 0
        }
    }

    /// Runs when the selection changes (nil: nothing selected).
    @discardableResult
    public func onRowSelected(_ handler: @escaping @MainActor (ListBox, ListBoxRow?) -> Void) -> UInt {
        connect("row-selected", shape: .argument) { instance, row in
            handler(Object.wrap(instance, as: ListBox.self), row.map { Object.wrap($0, as: ListBoxRow.self) })
            return 0
        }
    }
}

extension ListBox {
    /// Makes the list one Tab stop, as GNOME's lists are (the launcher's
    /// too): the arrows move among the rows, Tab and Shift+Tab leave the
    /// list for the next or previous control. A GtkListBox makes every row a
    /// stop, and a keyboard or screen reader user tabbed through them all.
    public func makeOneTabStop() {
        connect("key-press-event", shape: .boolean) { instance, event in
            guard let event = event?.assumingMemoryBound(to: GdkEvent.self) else { return 0 }
            let key = KeyEvent(event)
            guard [Key.tab, Key.leftTab, Key.keypadTab].contains(key.keyval),
                key.modifiers.subtracting(.shift).isEmpty
            else { return 0 }
            let list = Object.wrap(instance, as: ListBox.self)
            let forward = !(key.keyval == Key.leftTab || key.modifiers.contains(.shift))
            // From the row at that end, Tab goes on past the list as GTK orders the window.
            let rows = list.children.filter { $0.isVisible && $0.isChildVisible && $0.isSensitive && $0.canFocus }
            guard let edge = forward ? rows.last : rows.first,
                let top = gtk_widget_get_toplevel(list.widget)
            else { return 0 }
            edge.grabFocus()
            gtk_widget_child_focus(top, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
            return 1
        }
    }
}
