internal import CGtk
import Gtk

/// `void handler(AtkObject *object, gchar *text, gpointer data)`
private let announcementTrampoline:
    @convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>?, UnsafeMutableRawPointer) -> Void = {
        instance, text, data in
        let box = ClosureBox<AnnouncementHandler>.of(data)
        let message = text.map { String(cString: $0) } ?? ""
        box.call(message)
    }

/// One object of the accessibility tree (ATK) that GTK builds for its
/// widgets, which is what AT-SPI publishes to screen readers: a label a
/// screen reader cannot reach here is not on screen for its user.
///
/// A snapshot of the object's role, name and state, with a reference to it so
/// its actions can be performed as a screen reader would.
@MainActor
public final class AccessibleElement {
    private let object: UnsafeMutablePointer<AtkObject>

    /// Takes over one reference to `object`.
    init(adopting object: UnsafeMutablePointer<AtkObject>) { self.object = object }

    isolated deinit { g_object_unref(object) }

    /// The role's name, as AT-SPI reports it ("push button", "label", "list item"…).
    public var role: String { String(cString: atk_role_get_name(atk_object_get_role(object))) }

    public var name: String { atk_object_get_name(object).map { String(cString: $0) } ?? "" }

    /// Whether the object is on screen: visible, mapped and not scrolled or
    /// switched away (a stack's hidden page is not showing).
    public var isShowing: Bool { has(ATK_STATE_SHOWING) }

    /// Whether the object reports itself visible (a screen reader offers it,
    /// even while it is scrolled out of view).
    public var isVisible: Bool { has(ATK_STATE_VISIBLE) }

    /// Whether a check box, radio button or toggle reports itself chosen.
    public var isChecked: Bool { has(ATK_STATE_CHECKED) }

    /// Whether the object has the keyboard focus, as screen readers follow it.
    public var isFocused: Bool { has(ATK_STATE_FOCUSED) }

    /// Whether the object's widget is gone (a screen reader drops it).
    public var isDefunct: Bool { has(ATK_STATE_DEFUNCT) }

    public var description: String { atk_object_get_description(object).map { String(cString: $0) } ?? "" }

    /// The whole text of its Text interface (a label's, an entry's), as a
    /// screen reader's flat review or braille reads it; nil without one.
    public var text: String? {
        guard
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self),
                atk_text_get_type()
            ).bool,
            let raw = atk_text_get_text(OpaquePointer(object), 0, -1)
        else { return nil }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    private func has(_ state: AtkStateType) -> Bool {
        guard let set = atk_object_ref_state_set(object) else { return false }
        defer { g_object_unref(set) }
        return atk_state_set_contains_state(set, state).bool
    }

    private var action: OpaquePointer? {
        g_type_check_instance_is_a(
            UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self),
            atk_action_get_type()
        ).bool ? OpaquePointer(object) : nil
    }

    /// The actions a screen reader can perform ("click", "activate"…).
    public var actions: [String] {
        guard let action else { return [] }
        return (0..<atk_action_get_n_actions(action)).compactMap {
            atk_action_get_name(action, $0).map { String(cString: $0) }
        }
    }

    /// Performs an action by name, as a screen reader does; false when the
    /// object has no such action or refused it.
    @discardableResult
    public func perform(_ name: String) -> Bool {
        guard let action, let index = actions.firstIndex(of: name) else { return false }
        return atk_action_do_action(action, Int32(index)).bool
    }

    /// The direct children.
    public var children: [AccessibleElement] {
        (0..<max(0, atk_object_get_n_accessible_children(object))).compactMap { index in
            atk_object_ref_accessible_child(object, index).map { AccessibleElement(adopting: $0) }
        }
    }

    /// This object and everything below it, depth first.
    public var subtree: [AccessibleElement] { [self] + children.flatMap(\.subtree) }
}

extension Widget {
    /// The widget's object in the accessibility tree.
    public var accessible: AccessibleElement? {
        guard let object = gtk_widget_get_accessible(widget) else { return nil }
        g_object_ref(object)
        return AccessibleElement(adopting: object)
    }

    /// Calls `handler` with every announcement made on this widget's
    /// accessible object (as a screen reader hears them).
    @discardableResult
    public func onAnnouncement(_ handler: @escaping @MainActor (String) -> Void) -> UInt {
        guard let atk = gtk_widget_get_accessible(widget),
            g_signal_lookup("announcement", atk_object_get_type()) != 0
        else { return 0 }
        let box = ClosureBox<AnnouncementHandler> { message in MainActor.assumeIsolated { handler(message) } }
        return g_signal_connect_data(
            UnsafeMutableRawPointer(atk), "announcement",
            unsafeBitCast(announcementTrampoline, to: GCallback.self),
            box.retained(), releaseClosureBoxOnClosure, GConnectFlags(0))
    }
}
