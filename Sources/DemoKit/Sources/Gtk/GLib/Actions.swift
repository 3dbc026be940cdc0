internal import CGtk

/// A `GSimpleAction` named `name`, calling `handler` with its string
/// parameter (when it takes one) on "activate". Transfer full: the caller
/// adds it to an action map, then drops this reference (`g_object_unref`);
/// the action, its wrapper and the handler then live as long as the map.
@MainActor
func makeSimpleAction(
    _ name: String, takesString: Bool, state: String?,
    _ handler: @escaping @MainActor (String?) -> Void
) -> OpaquePointer {
    let type = takesString ? g_variant_type_new("s") : nil
    let action: OpaquePointer =
        state.map { g_simple_action_new_stateful(name, type, g_variant_new_string($0))! }
        ?? g_simple_action_new(name, type)!
    if let type { g_variant_type_free(type) }
    g_object_ref(UnsafeMutableRawPointer(action))  // the caller's, beside the wrapper's
    let wrapper = Object(raw: UnsafeMutableRawPointer(action), transfer: .full)
    wrapper.connect("activate", shape: .argument) { _, parameter in
        let value = parameter.flatMap { p -> String? in
            g_variant_get_string(OpaquePointer(p), nil).map { String(cString: $0) }
        }
        handler(value)
        return 0
    }
    return action
}

/// A window's own actions (`GSimpleActionGroup`), inserted under a prefix:
/// `win.close` closes this window, whichever window has the focus. Keyboard
/// shortcuts are the application's (`Application.setAccelerators`), as in
/// every GNOME application.
///
/// ```swift
/// let actions = ActionGroup()
/// actions.addAction("new-game") { print("a new game") }
/// window.insertActionGroup(actions, prefix: "win")
/// ```
@MainActor
public final class ActionGroup: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { g_simple_action_group_get_type() }

    /// An empty group: add its actions, then `insertActionGroup(_:prefix:)` it into a window.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(g_simple_action_group_new()), transfer: .full)
    }

    /// Adds the action `NAME` (`PREFIX.NAME` once inserted).
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = makeSimpleAction(name, takesString: false, state: nil) { _ in handler() }
        g_action_map_add_action(OpaquePointer(raw), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Activates `NAME`, as its shortcut or menu item would.
    public func activate(_ name: String) {
        g_action_group_activate_action(OpaquePointer(raw), name, nil)
    }
}

extension Widget {
    /// Offers `group`'s actions to this widget and everything inside it as
    /// `prefix.NAME` (menu items, buttons, application shortcuts).
    public func insertActionGroup(_ group: ActionGroup, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, OpaquePointer(group.raw))
    }
}

/// A menu model (`GMenu`): items naming actions ("app.about"), in sections.
/// A `MenuButton` shows it as a popover, with each action's shortcut beside it.
///
/// ```swift
/// let menu = Menu()
/// menu.append(localized("_New Game"), action: "win.new-game", accelerator: "<Primary>n")
/// let button = MenuButton(name: localized("Main Menu"))
/// button.setMenu(menu)
/// ```
@MainActor
public final class Menu: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { g_menu_get_type() }

    /// An empty menu: append its items, then show it from a menu button
    /// (`MenuButton.setMenu(_:)`).
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(g_menu_new()), transfer: .full)
    }

    /// Appends an item: `label` (with a mnemonic) activating `action`
    /// ("app.about"), showing `accelerator` ("<Primary>question") beside it.
    public func append(_ label: String, action: String, accelerator: String? = nil) {
        let item = g_menu_item_new(label, action)!
        if let accelerator { g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accelerator)) }
        g_menu_append_item(OpaquePointer(raw), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Appends `section` as a section of its own (separated by a line).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(OpaquePointer(raw), nil, section.raw.assumingMemoryBound(to: GMenuModel.self))
    }
}

extension MenuButton {
    /// The menu shown when the button is pressed (as a popover).
    public func setMenu(_ menu: Menu) {
        gtk_menu_button_set_menu_model(cast(), menu.raw.assumingMemoryBound(to: GMenuModel.self))
    }
}
