import DemoShellKit
import PluginHost
import ShellModel

/// The launcher by keyboard: Ctrl+F, F6 between the panes, the list as one
/// Tab stop, Ctrl+Z for a deleted demo. It keeps no state: it moves the
/// focus among the launcher's parts.
@MainActor
final class LauncherKeyboard {
    private unowned let launcher: LauncherWindow

    /// F10 opens the main menu, F6 goes between the panes; and the window's
    /// coming forward is followed, so that a crash is told once it has.
    init(launcher: LauncherWindow) {
        self.launcher = launcher
        let window = launcher.window
        window.opensPrimaryMenuOnF10()
        window.onKeyPress { [unowned self] _, key in self.paneKeyPress(key) }
        FocusSettling.follow(window)
    }

    private var window: Window { launcher.window }
    private var searchEntry: SearchEntry { launcher.searchEntry }
    private var sourcePane: SourcePane { launcher.sourcePane }
    private var detailStack: Stack { launcher.detailStack }

    /// Ctrl+F: searches inside the shown file when the Source page is in use,
    /// otherwise the demo list.
    func findShortcut() {
        let focusOnLeft = window.focusedWidget.map { $0.isInside(launcher.leftPane) } ?? false
        if detailStack.visiblePageName == "source", sourcePane.isBuilt, !focusOnLeft, sourcePane.view != nil,
            sourcePane.shownMessage == nil
        {
            sourcePane.findBar.begin()
        } else {
            focusSearch()
        }
    }

    func focusSearch() {
        window.present()
        searchEntry.grabFocus()
        searchEntry.selectAll()
    }

    /// The list is one Tab stop, as GNOME's lists are: the arrows move within
    /// it, Tab and Shift+Tab leave it (GtkListBox makes every row a stop).
    func listKeyPress(_ key: KeyEvent) -> Propagation {
        // The focused row's "popup-menu" comes first; this is for the list itself.
        if LauncherRowMenu.isMenuKey(key) { return launcher.rowMenu.showOfSelectedRow() ? .stop : .proceed }
        if undoKeyPress(key) { return .stop }
        guard [Key.tab, Key.leftTab, Key.keypadTab].contains(key.keyval),
            key.modifiers.subtracting(.shift).isEmpty
        else { return .proceed }
        if key.keyval == Key.leftTab || key.modifiers.contains(.shift) {
            searchEntry.grabFocus()
        } else if !launcher.detailPane.focusChild(forward: true) {
            launcher.runButton.grabFocus()
        }
        return .stop
    }

    /// Down in the search goes into the list (Ctrl+Z: `undoKeyPress`).
    func searchKeyPress(_ key: KeyEvent) -> Propagation {
        if undoKeyPress(key) { return .stop }
        let list = launcher.list
        guard key.keyval == Key.down, key.modifiers.isEmpty, let row = list.selectedRow ?? launcher.firstVisibleRow()
        else { return .proceed }
        list.select(row)
        row.grabFocus()
        return .stop
    }

    /// Ctrl+Z in the list or the search, while the bar offers Undo for a
    /// deleted demo: the keyboard's way to it, as in GNOME's Files.
    func undoKeyPress(_ key: KeyEvent) -> Bool {
        guard key.keyval == Key.character("z"), key.modifiers == .control, let undo = launcher.myDemoNotices.undoButton
        else {
            return false
        }
        undo.click()
        return true
    }

    /// F6 and Shift+F6: to the next (previous) pane, as in GNOME Builder:
    /// the list, the page shown (on the Source page, the code), then
    /// Problems, Output and Values while they are shown. The way out of the
    /// code, where Tab indents (Ctrl+Tab leaves it too, as in any GTK text view).
    private func paneKeyPress(_ key: KeyEvent) -> Propagation {
        guard key.keyval == Key.named("F6"), key.modifiers.subtracting(.shift).isEmpty else { return .proceed }
        let panes = focusPanes
        let step = key.modifiers.contains(.shift) ? panes.count - 1 : 1
        // The innermost pane holding the focus (the results are inside the page).
        let current = window.focusedWidget.flatMap { focused in panes.lastIndex { focused.isInside($0.area) } }
        var index = current.map { ($0 + step) % panes.count } ?? 0
        for _ in panes.indices {
            if panes[index].enter() { break }
            index = (index + step) % panes.count
        }
        return .stop
    }

    /// The panes F6 goes through, in the order drawn: each with the widget
    /// holding it and how the focus enters it.
    private var focusPanes: [(area: Widget, enter: () -> Bool)] {
        var panes: [(area: Widget, enter: () -> Bool)] = [
            (
                launcher.leftPane,
                { [unowned self] in
                    if let row = self.launcher.list.selectedRow, row.isChildVisible {
                        row.grabFocus()
                    } else {
                        self.searchEntry.grabFocus()
                    }
                    return true
                }
            )
        ]
        let source = detailStack.visiblePageName == "source" && sourcePane.isBuilt ? sourcePane : nil
        panes.append(
            (
                launcher.detailPane,
                { [unowned self] in
                    if let view = source?.view, source?.shownMessage == nil {
                        view.grabFocus()
                        return true
                    }
                    return self.detailStack.focusChild(forward: true)
                }
            ))
        if let results = source?.editPanel.results, results.isVisible {
            // Its page switcher first, which says which of them is shown.
            panes.append((results, { results.focusChild(forward: true) }))
        }
        return panes
    }

    /// Before the rows are made anew (Rename, Delete): the focus leaves a
    /// row or its menu quietly, and cannot go back to a row about to go (a
    /// closing popover gives it back to its row): a screen reader heard a
    /// focus on a row no longer in the list (index −1) before the new row's.
    /// The caller focuses the new row.
    func releaseListFocus() {
        for row in launcher.list.children { row.canFocus = false }
        guard let focused = window.focusedWidget else { return }
        let inPopover = launcher.rowMenu.popover.map { focused.isInside($0) } ?? false
        guard focused.isInside(launcher.list) || inPopover else { return }
        window.clearFocus()
    }
}
