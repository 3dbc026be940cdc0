internal import CGtk

/// A `GtkPopover`: a bubble pointing at a widget, for menus and small forms.
///
/// ```swift
/// let button = Button(label: localized("_Options"))
/// let popover = Popover(relativeTo: button)
/// let items = Box(.vertical)
/// items.append(ModelButton(text: localized("_Reset")))
/// items.showAll()
/// popover.add(items)
/// button.onClicked { _ in popover.popup() }
/// ```
@MainActor
public final class Popover: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_popover_get_type() }

    /// A popover pointing at `relativeTo` (the menu button that opens it, say).
    public convenience init(relativeTo: Widget? = nil) {
        self.init(raw: UnsafeMutableRawPointer(gtk_popover_new(relativeTo?.widget)), transfer: .floating)
    }

    /// Shows the popover with its transition.
    public func popup() { gtk_popover_popup(cast()) }

    /// Hides the popover with its transition.
    public func popdown() { gtk_popover_popdown(cast()) }
}

/// A `GtkMenuButton`: a toggle button that shows a popover while pressed,
/// as the "☰" button of a GNOME header bar does.
///
/// ```swift
/// let frame = DemoWindow(title: host.info.name, width: 400, height: 300)
/// let menu = MenuButton(name: localized("Main Menu"))
/// let popover = Popover(relativeTo: menu)
/// let items = Box(.vertical)
/// items.append(ModelButton(text: localized("_New Game")))
/// items.showAll()
/// popover.add(items)
/// menu.popover = popover
/// frame.headerBar.packEnd(menu)
/// ```
@MainActor
public final class MenuButton: ToggleButton {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_menu_button_get_type() }

    /// A menu button showing a themed icon; `name` is its accessible name and tooltip.
    public convenience init(iconName: String = "open-menu-symbolic", name: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_menu_button_new()), transfer: .floating)
        showIcon(iconName, name: name)
    }

    /// The popover shown while the button is active.
    public var popover: Popover? {
        get { gtk_menu_button_get_popover(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Popover.self) } }
        set { gtk_menu_button_set_popover(cast(), newValue?.widget) }
    }
}

/// How a `ModelButton` presents its state (`GtkButtonRole`).
public enum ModelButtonRole: Sendable {
    /// `normal` is a plain item; `check` shows a check mark and `radio` a
    /// radio dot, for a state the item switches.
    case normal, check, radio
}

/// A `GtkModelButton`: a menu item in a popover (plain, check or radio),
/// styled as GNOME menus are; clicking it closes its popover.
///
/// ```swift
/// let newGame = ModelButton(text: localized("_New Game"))
/// newGame.onClicked { _ in print("a new game") }
/// ```
@MainActor
public final class ModelButton: Button {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_model_button_get_type() }

    /// A menu item showing `text` (an underscore marks its mnemonic) as a
    /// `role` item; connect `onClicked`.
    public convenience init(text: String, role: ModelButtonRole = .normal) {
        self.init(raw: UnsafeMutableRawPointer(gtk_model_button_new()), transfer: .floating)
        setProperty("text", text)
        switch role {
        case .normal: break
        case .check: setProperty("role", Int(GTK_BUTTON_ROLE_CHECK.rawValue))
        case .radio: setProperty("role", Int(GTK_BUTTON_ROLE_RADIO.rawValue))
        }
        accessibleName = text.replacingMnemonic()
    }

    /// The item's text (its "text" property: a model button has no label);
    /// its accessible name follows, as `Button.label`'s does.
    override public var label: String {
        get {
            var value = GValue()
            g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
            defer { g_value_unset(&value) }
            g_object_get_property(gobject, "text", &value)
            return g_value_get_string(&value).map { String(cString: $0) } ?? ""
        }
        set {
            let previous = label
            setProperty("text", newValue)
            keepAccessibleName(inStepFrom: previous.replacingMnemonic(), to: newValue.replacingMnemonic())
        }
    }

    /// Whether a check or radio item shows as chosen.
    public var isActive: Bool {
        get { boolProperty("active") }
        set { setProperty("active", newValue) }
    }
}
