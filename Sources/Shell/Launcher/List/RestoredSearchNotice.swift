import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// Says that the list is filtered by a search brought back from the last run
/// ("Showing results for “say hello”"), with a button to clear it: otherwise a
/// new day starts with most demos mysteriously missing.
@MainActor
final class RestoredSearchNotice {
    let widget: Box
    /// Its text is what screen readers read (no accessible name hides it).
    let label: Label
    let clearButton: Button
    /// The search brought back, while it is still the one shown.
    private var restored: String?

    /// Made the first time a start brings a search back, under the search
    /// field (the second child of `pane`); its button clears the search.
    init(in pane: Box, clear: @escaping @MainActor () -> Void) {
        widget = Box(.horizontal, spacing: 6)
        widget.setMargins(top: 0, bottom: 8, start: 12, end: 12)
        label = Label()
        label.wraps = true
        label.xAlign = 0
        label.addStyleClass("dim-label")
        clearButton = Button(label: localized("C_lear"))
        clearButton.accessibleName = localized("Clear Search")
        clearButton.tooltip = localized("Show every demo")
        clearButton.verticalAlignment = .center
        widget.append(label, expand: true)
        widget.append(clearButton)
        widget.showAll()
        widget.isVisible = false
        widget.isExcludedFromShowAll = true  // the window's showAll leaves it hidden
        pane.insert(widget, at: 1)
        clearButton.onClicked { _ in clear() }
    }

    var isShown: Bool { widget.isVisible }

    /// The search shown, bidi-isolated inside the sentence (it is user
    /// text), and announced once the window is on screen.
    func show(search: String) {
        restored = search
        label.text = localized("Showing results for “{search}”").filling(["search": TextLimit.isolated(search)])
        widget.isVisible = true
        label.announceWhenShown(label.text)
    }

    /// The list is filtered by `search` now: another than the one brought
    /// back hides the notice.
    func searchChanged(to search: String) {
        guard let restored, restored != search else { return }
        self.restored = nil
        widget.isVisible = false
    }
}
