internal import CGtk

/// A `GtkContainer`: a widget that holds others.
@MainActor
open class Container: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_container_get_type() }

    /// Adds `child` as the container's content; a box or a grid places
    /// children with their own methods (`append`, `attach`).
    public func add(_ child: Widget) { gtk_container_add(cast(), child.widget) }
    /// Takes `child` out; it is destroyed unless something else keeps it (a Swift reference does).
    public func remove(_ child: Widget) { gtk_container_remove(cast(), child.widget) }

    /// The current children, wrapped.
    public var children: [Widget] {
        let list = gtk_container_get_children(cast())
        defer { g_list_free(list) }
        return pointers(in: list).map { Object.wrap($0, as: Widget.self) }
    }

}

/// The direction a box lays out its children.
public enum Orientation: Sendable {
    /// `horizontal` lays children out in a row (in the reading direction), `vertical` in a column.
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// A `GtkBox`: children in a row or a column.
///
/// ```swift
/// let row = Box(.horizontal, spacing: 12)
/// row.append(Label(localized("Name")))
/// row.append(Entry(), expand: true)
/// row.append(Button(label: localized("_Greet")))
/// window.add(row)
/// ```
@MainActor
public final class Box: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_box_get_type() }

    /// A box laying out its children in a row or a column, `spacing` pixels apart.
    public convenience init(_ orientation: Orientation, spacing: Int = 0) {
        self.init(raw: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, Int32(spacing))), transfer: .floating)
    }

    /// Adds `child` at the end; `expand` gives it a share of spare space.
    public func append(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        gtk_box_pack_start(cast(), child.widget, expand.gboolean, fill.gboolean, UInt32(padding))
    }

    /// Adds `child` at `position` (0 first), before the children from there on.
    public func insert(_ child: Widget, at position: Int, expand: Bool = false, fill: Bool = true) {
        append(child, expand: expand, fill: fill)
        gtk_box_reorder_child(cast(), child.widget, Int32(position))
    }

    /// Adds `child` against the far edge.
    public func appendAtEnd(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
        gtk_box_pack_end(cast(), child.widget, expand.gboolean, fill.gboolean, UInt32(padding))
    }

    /// All children get the same size.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(cast()).bool }
        set { gtk_box_set_homogeneous(cast(), newValue.gboolean) }
    }
}

/// A `GtkGrid`: children in rows and columns.
///
/// ```swift
/// let form = Grid(rowSpacing: 8, columnSpacing: 12)
/// let name = Entry()
/// let nameLabel = Label()
/// nameLabel.setMnemonic(localized("_Name"), for: name)
/// form.attach(nameLabel, column: 0, row: 0)
/// form.attach(name, column: 1, row: 0)
/// window.add(form)
/// ```
@MainActor
public final class Grid: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_grid_get_type() }

    /// A grid with `rowSpacing` pixels between rows and `columnSpacing` between columns.
    public convenience init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
        self.init(raw: UnsafeMutableRawPointer(gtk_grid_new()), transfer: .floating)
        gtk_grid_set_row_spacing(cast(), UInt32(rowSpacing))
        gtk_grid_set_column_spacing(cast(), UInt32(columnSpacing))
    }

    /// Places `child` at `column` and `row` (from 0), spanning `width` columns and `height` rows.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(cast(), child.widget, Int32(column), Int32(row), Int32(width), Int32(height))
    }

}

/// A `GtkScrolledWindow`: scrolls a child larger than itself.
///
/// ```swift
/// let list = ListBox()
/// let scroller = ScrolledWindow()
/// scroller.showsFrame = true
/// scroller.add(list)
/// window.add(scroller)
/// ```
@MainActor
public final class ScrolledWindow: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_scrolled_window_get_type() }

    /// A scrolled window that scrolls vertically only, for a list or a long
    /// text: add the content with `add(_:)`.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)), transfer: .floating)
        gtk_scrolled_window_set_policy(cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Lets the child scroll sideways as well.
    public var scrollsHorizontally: Bool {
        get {
            var h = GTK_POLICY_NEVER, v = GTK_POLICY_NEVER
            gtk_scrolled_window_get_policy(cast(), &h, &v)
            return h != GTK_POLICY_NEVER
        }
        set {
            gtk_scrolled_window_set_policy(
                cast(), newValue ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        }
    }

    /// When a direction gets a scroll bar: `.never` makes the scrolled window
    /// as large as its child that way; `.automatic` lets it be smaller.
    public enum Policy: Sendable {
        /// `never` makes the scrolled window as large as its child that way;
        /// `automatic` lets it be smaller.
        case never, automatic

        var gtk: GtkPolicyType { self == .never ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC }
    }

    /// Sets, for each direction, whether the child scrolls (`.automatic`) or
    /// sets the size (`.never`).
    public func setPolicy(horizontal: Policy, vertical: Policy) {
        gtk_scrolled_window_set_policy(cast(), horizontal.gtk, vertical.gtk)
    }

    /// As tall as its child, up to `maximumHeight`; beyond it, the child
    /// scrolls. A wrapping text that grows (a long status) then never
    /// makes its window taller than the screen.
    public func growsWithContent(upTo maximumHeight: Int) {
        gtk_scrolled_window_set_propagate_natural_height(cast(), 1)
        gtk_scrolled_window_set_max_content_height(cast(), Int32(clamping: maximumHeight))
    }

    /// A frame around the content (GTK_SHADOW_IN), as GNOME's forms draw
    /// around a list or text among other widgets; none by default.
    public var showsFrame: Bool {
        get { gtk_scrolled_window_get_shadow_type(cast()) != GTK_SHADOW_NONE }
        set { gtk_scrolled_window_set_shadow_type(cast(), newValue ? GTK_SHADOW_IN : GTK_SHADOW_NONE) }
    }

}

/// A `GtkOverlay`: children drawn on top of a main child.
///
/// ```swift
/// let overlay = Overlay()
/// overlay.add(DrawingArea())
/// let badge = Label(localized("New"))
/// badge.horizontalAlignment = .end
/// badge.verticalAlignment = .start
/// overlay.addOverlay(badge)
/// ```
@MainActor
public final class Overlay: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_overlay_get_type() }

    /// An overlay: `add(_:)` its main child, then `addOverlay(_:)` what goes
    /// on top (a badge, a fading note).
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_overlay_new()), transfer: .floating)
    }
    /// Draws `child` over the main child, placed by its own alignment (a
    /// top-right badge: `.end`, `.start`).
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(cast(), child.widget) }
}

/// A `GtkEventBox`: gives a windowless child its own input and background.
@MainActor
public final class EventBox: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_event_box_get_type() }

    /// An event box: `add(_:)` a label or an image that needs clicks of its own.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_event_box_new()), transfer: .floating)
    }
}

/// A `GtkSeparator`: a thin line between groups of widgets, as between a
/// menu's sections.
///
/// ```swift
/// let items = Box(.vertical)
/// items.append(ModelButton(text: localized("_Undo")))
/// items.append(Separator(.horizontal), padding: 4)
/// items.append(ModelButton(text: localized("_New Game")))
/// ```
@MainActor
public final class Separator: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_separator_get_type() }

    /// A line between groups of widgets: `.horizontal` across a column, `.vertical` down a row.
    public convenience init(_ orientation: Orientation) {
        self.init(raw: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk)), transfer: .floating)
    }
}

/// The data pointers of a GList, in order (the list itself is not freed).
func pointers(in list: UnsafeMutablePointer<GList>?) -> [UnsafeMutableRawPointer] {
    var result: [UnsafeMutableRawPointer] = []
    var node = list
    while let current = node {
        if let data = current.pointee.data { result.append(data) }
        node = current.pointee.next
    }
    return result
}
