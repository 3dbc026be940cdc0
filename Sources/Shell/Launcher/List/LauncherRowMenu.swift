import DemoShellKit
import PluginHost
import ShellModel

/// A demo row's context menu: **Rename…** and **Delete** for a demo of the
/// learner's own, **Export…** for every demo (`LauncherRowActions`), and
/// **Delete** for a demo of the learner's own that is unavailable (damaged
/// by hand), so that it can be cleared away from the launcher too.
///
/// GTK 3 list rows offer screen readers and keyboards no action of their
/// own, so the menu comes every way a person asks for one: a right click,
/// the Menu key and Shift+F10 (GTK's "popup-menu" binding on the focused
/// row, and the list's own keys when the list itself has the focus).
///
/// It owns the one popover open over a row (the menu, or Rename's field).
@MainActor
final class LauncherRowMenu {
    private unowned let launcher: LauncherWindow
    /// What the menu's items do.
    private(set) lazy var actions = LauncherRowActions(launcher: launcher, menu: self)
    /// The row menu, or Rename's field, while one is open.
    private(set) var popover: Popover?

    private var list: ListBox { launcher.list }
    private var registry: PluginRegistry { launcher.shell.registry }

    /// Listens for right clicks on the list's rows.
    init(launcher: LauncherWindow) {
        self.launcher = launcher
        launcher.list.onButtonPress { [unowned self] list, button, _, _, y in
            guard button == 3,
                let row = self.launcher.rows.first(where: { row in
                    guard row.isChildVisible, self.hasMenu(row), let frame = row.frame(in: list) else { return false }
                    return y >= frame.y && y < frame.y + frame.height
                })
            else { return .proceed }
            self.list.select(row)
            row.grabFocus()
            self.show(for: row)
            return .stop
        }
    }

    /// Shift+F10 and the Menu key on a demo row ("popup-menu").
    func watchMenuKeys(of row: LauncherRow) {
        row.onBoolean("popup-menu") { [unowned self] row in
            guard self.hasMenu(row) else { return false }
            self.show(for: row)
            return true
        }
    }

    /// Whether `key` asks for a context menu (the Menu key, Shift+F10).
    static func isMenuKey(_ key: KeyEvent) -> Bool {
        key.keyval == Key.named("Menu") && key.modifiers.isEmpty
            || key.keyval == Key.named("F10") && key.modifiers == .shift
    }

    /// The menu of the selected row, for the list's own key handler.
    func showOfSelectedRow() -> Bool {
        guard let row = list.selectedRow as? LauncherRow, row.isChildVisible, hasMenu(row) else { return false }
        show(for: row)
        return true
    }

    /// Whether `row` has a menu: a demo's, or an unavailable demo of the learner's own.
    func hasMenu(_ row: LauncherRow) -> Bool { row.demo != nil || damagedDemoID(of: row) != nil }

    /// The id of the learner's demo an unavailable row stands for (its
    /// manifest is the store's `ID/manifest.plugin`), if it does.
    private func damagedDemoID(of row: LauncherRow) -> String? {
        guard case .unavailable(let failure) = row.kind, let id = failure.id, let store = registry.myDemoStore,
            failure.manifestPath == FileSystem.join(store.root, id, "manifest.plugin")
        else { return nil }
        return id
    }

    /// Opens `row`'s menu, pointing at it; the first item has the focus.
    func show(for row: LauncherRow) {
        guard hasMenu(row) else { return }
        close()
        let popover = Popover(relativeTo: row)
        popover.accessibleName = localized("Demo Menu")
        let items = Box(.vertical)
        items.setMargins(10)
        func item(_ text: String, _ action: @escaping @MainActor () -> Void) {
            let button = ModelButton(text: text)
            // Acts once the menu is gone: the action may rebuild the rows.
            button.onClicked { [unowned self] _ in
                self.close()
                action()
            }
            items.append(button)
        }
        if let id = damagedDemoID(of: row) {
            item(localized("_Delete")) { [unowned self] in self.actions.deleteDemo(id: id) }
        } else if let id = row.demo?.id {
            if registry.myDemo(id: id) != nil {
                item(localized("_Rename…")) { [unowned self] in self.actions.askNewName(ofDemo: id) }
                item(localized("_Delete")) { [unowned self] in self.actions.deleteDemo(id: id) }
            }
            item(localized("_Export…")) { [unowned self] in self.actions.askExportFolder(forDemo: id) }
        }
        items.showAll()
        popover.add(items)
        show(popover, for: row)
        items.children.first?.grabFocus()
    }

    /// Shows `popover` as the one row popover (a menu, or Rename's field)
    /// of `row`. As it closes the focus goes back to the row, once what was
    /// chosen is done, and only if the row is still listed: GTK gave it back
    /// at once, and after Rename or Delete (which make the rows anew) a
    /// screen reader heard a focus on a row no longer in the list.
    func show(_ popover: Popover, for row: ListBoxRow) {
        self.popover = popover
        launcher.window.clearFocus()  // GTK gives the focus back to what had it before the popover
        popover.popup()
        popover.on("hide") { [weak self, weak row] _ in self?.refocus(row) }  // once its fade is over
        popover.onDestroy { [weak self, weak row] _ in self?.refocus(row) }
    }

    /// After the popover of `row` is gone: the focus back to the row, unless
    /// something else has it or the row was taken away meanwhile.
    private func refocus(_ row: ListBoxRow?) {
        list.idle { [weak self, weak row] in
            // Nothing has the focus, or only what the popover hid.
            guard let self, let row, row.parent != nil, row.isChildVisible,
                !(self.launcher.window.focusedWidget?.isMapped ?? false)
            else { return }
            row.grabFocus()
        }
    }

    /// Closes the row popover now (before the rows it points at are rebuilt).
    func close() {
        guard let popover else { return }
        self.popover = nil
        popover.destroy()
    }
}
