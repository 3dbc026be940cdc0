import DemoShellKit
import PluginHost
import ShellModel

/// The Keyboard Shortcuts windows and About dialogs, each built once for its
/// content and then hidden, never destroyed, when it closes. GTK 3.24's
/// `GtkShortcutsWindow` and `GtkAboutDialog` leave the accessibles of their
/// destroyed widgets behind: an AT-SPI client (a screen reader) that walks
/// the tree afterwards gets criticals, then crashes the program. A window
/// whose content must change (a demo loaded since, another demo's About) is
/// another one, kept beside the first: at most one per demo loaded, and one
/// About per demo and per state of the plugin list.
@MainActor
final class KeptWindows {
    private var shortcuts: [(content: [ShortcutsSection], window: ShortcutsWindow)] = []
    private var abouts: [(content: String, dialog: AboutDialog)] = []

    /// The shortcuts window listing `sections`, built the first time.
    func shortcutsWindow(for sections: [ShortcutsSection]) -> ShortcutsWindow? {
        if let kept = shortcuts.first(where: { $0.content == sections }) { return kept.window }
        guard let window = ShortcutsWindow.make(sections: sections) else { return nil }
        window.nameForScreenReaders(
            ShortcutsWindow.Names(
                window: localized("Keyboard Shortcuts"), searchButton: localized("Search shortcuts"),
                searchIcon: localized("Search"), clearIcon: localized("Clear"),
                searchResults: localized("Shortcuts found"),
                page: { localized("Page {number}").filling(["number": String($0)]) },
                sections: { localized("Shortcuts of {section}").filling(["section": $0]) },
                firstInGroup: { localized("{group}: {shortcut}").filling(["group": $0, "shortcut": $1]) }))
        keep(window)
        shortcuts.append((sections, window))
        window.onDestroy { [weak self] destroyed in self?.shortcuts.removeAll { $0.window === destroyed } }
        return window
    }

    /// The About dialog for `content` (every text it shows, as one key),
    /// made by `make` the first time.
    func aboutDialog(for content: String, make: () -> AboutDialog) -> AboutDialog {
        if let kept = abouts.first(where: { $0.content == content }) { return kept.dialog }
        let dialog = make()
        keep(dialog)
        // Close and Escape answer with a response; the dialog hides.
        dialog.onResponse { dialog, _ in dialog.hide() }
        abouts.append((content, dialog))
        dialog.onDestroy { [weak self] destroyed in self?.abouts.removeAll { $0.dialog === destroyed } }
        return dialog
    }

    /// Closing hides; hidden, the window leaves the application, which would
    /// otherwise keep running for a window nobody sees.
    private func keep(_ window: Window) {
        window.hideOnClose()
        window.onHide { $0.application = nil }
    }
}
