package import CGtk
internal import CGtkShim

/// Where a widget sits in the space it is given (`GtkAlign`).
public enum Align: Sendable {
    /// `fill` (the default) stretches the widget over its space; `start`,
    /// `end` and `center` keep its natural size at that place (start is the
    /// left in left-to-right languages, the right in Arabic or Hebrew);
    /// `baseline` lines text up along a row.
    case fill, start, end, center, baseline

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }
}

/// A `GtkWidget`: what every widget can do, whatever it shows (be shown
/// or hidden, take the focus, be laid out, styled, named for screen readers).
///
/// ```swift
/// let note = Label(localized("Saved"))
/// note.horizontalAlignment = .start
/// note.setMargins(12)
/// note.tooltip = localized("Your settings are kept")
/// note.isVisible = false
/// ```
@MainActor
open class Widget: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_widget_get_type() }

    package var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    // MARK: Life cycle

    /// Shows the widget and every child.
    public func showAll() { gtk_widget_show_all(widget) }
    /// Shows the widget (its children keep their own visibility); a window's
    /// `showAll()` usually does it.
    public func show() { gtk_widget_show(widget) }
    /// Hides the widget: it takes no space and gets no input until shown again.
    public func hide() { gtk_widget_hide(widget) }

    /// Destroys the widget: GTK drops its references and every signal handler.
    public func destroy() { gtk_widget_destroy(widget) }

    /// Whether the widget is shown; false hides it, as a note shown only on an error is.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget).bool }
        set { gtk_widget_set_visible(widget, newValue.gboolean) }
    }

    /// False while a parent hides the widget without changing `isVisible`
    /// (a list box's filter, a stack's other pages).
    public var isChildVisible: Bool { gtk_widget_get_child_visible(widget).bool }

    /// Whether the widget and its parents are shown and its window is mapped.
    public var isMapped: Bool { gtk_widget_get_mapped(widget).bool }

    /// False greys the widget out and ignores its input, as a button with
    /// nothing to act on yet; screen readers hear it as unavailable.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget).bool }
        set { gtk_widget_set_sensitive(widget, newValue.gboolean) }
    }

    // MARK: Accessibility

    /// The name a screen reader announces (and automated tests look up);
    /// set without bidi isolates (`spoken`).
    public var accessibleName: String {
        get { gtk_widget_get_accessible(widget).flatMap { atk_object_get_name($0) }.map { String(cString: $0) } ?? "" }
        set { if let atk = gtk_widget_get_accessible(widget) { atk_object_set_name(atk, Self.spoken(newValue)) } }
    }

    /// A longer description for assistive technologies (without bidi isolates).
    public var accessibleDescription: String {
        get {
            gtk_widget_get_accessible(widget).flatMap { atk_object_get_description($0) }.map { String(cString: $0) }
                ?? ""
        }
        set {
            if let atk = gtk_widget_get_accessible(widget) { atk_object_set_description(atk, Self.spoken(newValue)) }
        }
    }

    /// The text shown when the pointer rests on the widget; an icon-only
    /// button has its name here as well as in `accessibleName`.
    public var tooltip: String? {
        get {
            gtk_widget_get_tooltip_text(widget).map { text in
                defer { g_free(text) }
                return String(cString: text)
            }
        }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// The widget's name in CSS (`#name`) and in the inspector.
    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }

    // MARK: Focus

    /// Moves the keyboard focus here, as a window's first field takes it when the window opens.
    public func grabFocus() { gtk_widget_grab_focus(widget) }
    /// Whether the widget has the keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widget).bool }
    /// Whether Tab and clicks give the widget the focus; false for a label
    /// that shows a result, so Tab skips it.
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget).bool }
        set { gtk_widget_set_can_focus(widget, newValue.gboolean) }
    }

    // MARK: Layout

    /// Where the widget sits across its space when it is given more than it needs.
    public var horizontalAlignment: Align {
        get { Widget.align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    /// Where the widget sits up and down its space when it is given more than it needs.
    public var verticalAlignment: Align {
        get { Widget.align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// Asks for spare width: the widget (and its parents) grow as the window widens.
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(widget).bool }
        set { gtk_widget_set_hexpand(widget, newValue.gboolean) }
    }

    /// Asks for spare height: the widget (and its parents) grow as the window gets taller.
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(widget).bool }
        set { gtk_widget_set_vexpand(widget, newValue.gboolean) }
    }

    /// Sets the same margin on all four sides.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }

    /// Sets each margin, the space kept around the widget; `start` and `end`
    /// follow the reading direction.
    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, Int32(top))
        gtk_widget_set_margin_bottom(widget, Int32(bottom))
        gtk_widget_set_margin_start(widget, Int32(start))
        gtk_widget_set_margin_end(widget, Int32(end))
    }

    /// The minimum size; -1 keeps the natural size on that axis.
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, Int32(width), Int32(height))
    }

    /// The width the widget was given at the last layout, for drawing to fit it.
    public var allocatedWidth: Int { Int(gtk_widget_get_allocated_width(widget)) }
    /// The height the widget was given at the last layout, for drawing to fit it.
    public var allocatedHeight: Int { Int(gtk_widget_get_allocated_height(widget)) }

    /// The device-pixel scale (2 on a HiDPI screen or with GDK_SCALE=2).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// Asks for the widget to be drawn again soon, once what its draw handler shows has changed.
    public func queueDraw() { gtk_widget_queue_draw(widget) }

    // MARK: Style

    /// Adds a CSS class: the theme's ("suggested-action", "dim-label",
    /// "title") or one of a demo's own style sheet.
    public func addStyleClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }
    /// Removes a CSS class added with `addStyleClass(_:)`.
    public func removeStyleClass(_ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
    }
    /// Whether the widget has the CSS class `name`.
    public func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name).bool
    }

    /// Applies `provider` to this widget only (not its children).
    public func addStyleProvider(_ provider: CssProvider, priority: StylePriority = .application) {
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(widget), OpaquePointer(provider.raw), priority.rawValue)
    }

    // MARK: Tree

    /// The top-level window this widget is in, if any.
    public var window: Window? {
        guard let top = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(top).bool, shim_is_window(top).bool
        else { return nil }
        return Object.wrap(UnsafeMutableRawPointer(top), as: Window.self)
    }

    /// The container the widget is in, if any.
    public var parent: Widget? {
        gtk_widget_get_parent(widget).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) }
    }

    static func align(_ value: GtkAlign) -> Align {
        switch value {
        case GTK_ALIGN_START: .start
        case GTK_ALIGN_END: .end
        case GTK_ALIGN_CENTER: .center
        case GTK_ALIGN_BASELINE: .baseline
        default: .fill
        }
    }
}

/// The priority of a style provider (`GTK_STYLE_PROVIDER_PRIORITY_*`).
public enum StylePriority: UInt32, Sendable {
    /// Below the theme: a default the theme may change.
    case fallback = 1
    /// The theme's own rules.
    case theme = 200
    /// The desktop's settings (the font, the dark preference).
    case settings = 400
    /// A demo's style sheet: above the theme, so its rules win (the default).
    case application = 600
    /// The user's own `gtk.css`: above everything, so a demo never overrides the user.
    case user = 800
}

extension SignalEmitter where Self: Widget {
    /// Runs when the widget is destroyed, just before its handlers are dropped.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("destroy", handler) }

    /// Runs when the widget's window is first shown on screen.
    @discardableResult
    public func onMap(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("map", handler) }

    /// Runs when the widget is hidden (a popover once its fade is over).
    @discardableResult
    public func onHide(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("hide", handler) }

    /// Runs on the Menu key or Shift+F10 over the widget: return true when
    /// a menu was shown.
    @discardableResult
    public func onPopupMenu(_ handler: @escaping @MainActor (Self) -> Bool) -> UInt {
        onBoolean("popup-menu", handler)
    }

    /// Runs when the widget gets a new size.
    @discardableResult
    public func onSizeAllocate(_ handler: @escaping @MainActor (Self, _ width: Int, _ height: Int) -> Void) -> UInt {
        connect("size-allocate", shape: .argument) { instance, _ in
            let widget = Object.wrap(instance, as: Self.self)
            handler(widget, widget.allocatedWidth, widget.allocatedHeight)
            return 0
        }
    }
}

extension Widget {
    /// When true, `showAll()` on a parent leaves this widget as it is, so a
    /// widget hidden on purpose (a back button on the first page) stays hidden.
    public var isExcludedFromShowAll: Bool {
        get { gtk_widget_get_no_show_all(widget).bool }
        set { gtk_widget_set_no_show_all(widget, newValue.gboolean) }
    }
}

extension Widget {
    /// Where this widget lies in `ancestor`'s coordinates (its window, say),
    /// or nil when either is not realized or they share no toplevel. A
    /// widget scrolled away or pushed past the window's edge lies outside
    /// `ancestor`'s allocation.
    public func frame(in ancestor: Widget) -> Rect? {
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, ancestor.widget, 0, 0, &x, &y).bool else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(allocatedWidth), height: Double(allocatedHeight))
    }
}

extension Widget {
    /// Rings the error bell (or flashes, per the desktop's settings) when the
    /// user tries something the widget refuses, as GTK's own entries do.
    public func errorBell() { gtk_widget_error_bell(widget) }
}
