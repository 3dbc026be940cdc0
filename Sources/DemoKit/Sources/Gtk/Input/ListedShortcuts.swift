internal import CGtk

/// A demo's keyboard shortcuts are declared where its keys are handled: a
/// key handler names the keys it acts on as it is connected, and a widget
/// whose keys GTK handles (Tab among its controls, Space on a button, a
/// mnemonic, an action's accelerator) lists them where it is built. The
/// Keyboard Shortcuts window (Ctrl+?) is built from these declarations
/// (`listedShortcuts`), so the help cannot drift from the keys.
extension SignalEmitter where Self: Widget {
    /// `onKeyPress(_:)`, with the keys `handler` acts on listed in the demo's
    /// Keyboard Shortcuts window.
    @discardableResult
    public func onKeyPress(
        listing group: ShortcutsGroup,
        _ handler: @escaping @MainActor (Self, KeyEvent) -> Propagation
    ) -> UInt {
        listShortcuts([group])
        return onKeyPress(handler)
    }

    /// `onKeyPress(withCode:)`, with the keys `handler` acts on listed in the
    /// demo's Keyboard Shortcuts window.
    @discardableResult
    public func onKeyPress(
        listing group: ShortcutsGroup,
        withCode handler: @escaping @MainActor (Self, KeyEvent, _ keycode: Int) -> Propagation
    ) -> UInt {
        listShortcuts([group])
        return onKeyPress(withCode: handler)
    }
}

extension Widget {
    /// Lists keys that GTK, not a handler of the demo's, acts on in this
    /// widget, in the demo's Keyboard Shortcuts window.
    public func listShortcuts(_ groups: [ShortcutsGroup]) {
        let listed: ListedShortcuts
        if let existing = g_object_get_qdata(gobject, ListedShortcuts.quark) {
            listed = Unmanaged<ListedShortcuts>.fromOpaque(existing).takeUnretainedValue()
        } else {
            listed = ListedShortcuts()
            g_object_set_qdata_full(gobject, ListedShortcuts.quark, Unmanaged.passRetained(listed).toOpaque()) { data in
                guard let data else { return }
                Unmanaged<ListedShortcuts>.fromOpaque(data).release()
            }
        }
        listed.groups += groups
    }

    /// What this widget and the widgets inside it list, in the order of the
    /// widget tree (a window's own keys first): each group once, in the order
    /// first listed, each shortcut once (two columns with one handler list
    /// their keys once).
    package var collectedShortcuts: [ShortcutsGroup] {
        var merged: [ShortcutsGroup] = []
        for widget in descendants {
            guard let data = g_object_get_qdata(widget.gobject, ListedShortcuts.quark) else { continue }
            for group in Unmanaged<ListedShortcuts>.fromOpaque(data).takeUnretainedValue().groups {
                let index =
                    merged.firstIndex { $0.title == group.title }
                    ?? {
                        merged.append(ShortcutsGroup(title: group.title, shortcuts: []))
                        return merged.count - 1
                    }()
                for shortcut in group.shortcuts where !merged[index].shortcuts.contains(shortcut) {
                    merged[index].shortcuts.append(shortcut)
                }
            }
        }
        return merged
    }
}

/// The groups one widget lists, kept with it (GObject data) until it is finalized.
@MainActor
final class ListedShortcuts {
    /// Copied into GLib's quark table (see `Object.wrapperQuark`).
    static let quark: GQuark = g_quark_from_string("demokit-listed-shortcuts")
    var groups: [ShortcutsGroup] = []
}
