@_spi(Shell) import DemoKit
import PluginHost
import ShellModel

/// The launcher by keyboard: Ctrl+F, and the list as one Tab stop.
extension LauncherWindow {
    /// Ctrl+F: searches inside the shown file when the Source page is in use,
    /// otherwise the demo list.
    public func findShortcut() {
        let focusOnLeft = window.focusedWidget.map { $0.isInside(leftPane) } ?? false
        if detailStack.visiblePageName == "source", sourcePane.isBuilt, !focusOnLeft, sourcePane.view != nil,
           sourcePane.shownMessage == nil {
            sourcePane.beginSearch()
        } else {
            focusSearch()
        }
    }

    public func focusSearch() {
        window.present()
        searchEntry.grabFocus()
        searchEntry.selectAll()
    }

    /// The list is one Tab stop, as GNOME's lists are: the arrows move within
    /// it, Tab and Shift+Tab leave it (GtkListBox makes every row a stop).
    func listKeyPress(_ key: KeyEvent) -> Propagation {
        // The focused row's "popup-menu" comes first; this is for the list itself.
        if Self.isMenuKey(key) { return showMenuOfSelectedRow() ? .stop : .proceed }
        if undoKeyPress(key) { return .stop }
        guard [Key.tab, Key.leftTab, Key.keypadTab].contains(key.keyval),
              key.modifiers.subtracting(.shift).isEmpty else { return .proceed }
        if key.keyval == Key.leftTab || key.modifiers.contains(.shift) {
            searchEntry.grabFocus()
        } else if !detailPane.focusChild(forward: true) {
            runButton.grabFocus()
        }
        return .stop
    }

    /// Ctrl+Z in the list or the search, while the bar offers Undo for a
    /// deleted demo: the keyboard's way to it, as in GNOME's Files.
    func undoKeyPress(_ key: KeyEvent) -> Bool {
        guard key.keyval == Key.character("z"), key.modifiers == .control, let undo = myDemoNotices.undoButton else { return false }
        undo.click()
        return true
    }
}
