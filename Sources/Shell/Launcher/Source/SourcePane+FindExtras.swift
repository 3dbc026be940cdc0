import DemoShellKit
import PluginHost
import ShellModel

/// Match Case, Whole Words, Replace (Ctrl+H) and Go to Line (Ctrl+L) on
/// the Source page: what a learner reaches for in any editor.
extension SourcePane {
    /// Puts the toggles in the search row and the two rows under it (once,
    /// when the page is built; the rows stay hidden until asked for).
    func buildFindExtras() {
        let extras = findExtras
        searchBar.insert(extras.caseToggle, at: 1)
        searchBar.insert(extras.wordsToggle, at: 2)
        extras.caseToggle.show()
        extras.wordsToggle.show()
        // Under the search row: toolbar, Edit and Run's bar, search, then these.
        widget.insert(extras.replaceRow, at: 3)
        widget.insert(extras.lineRow, at: 4)
        for row in [extras.replaceRow, extras.lineRow] {
            row.showAll()
            row.isVisible = false
        }
        extras.caseToggle.onToggled { [weak self] toggle in self?.view?.searchIsCaseSensitive = toggle.isActive }
        extras.wordsToggle.onToggled { [weak self] toggle in self?.view?.searchMatchesWholeWords = toggle.isActive }
        extras.replaceButton.onClicked { [weak self] _ in self?.replaceMatch() }
        extras.replaceEntry.onActivate { [weak self] _ in self?.replaceMatch() }
        extras.replaceAllButton.onClicked { [weak self] _ in self?.replaceAll() }
        extras.lineEntry.onActivate { [weak self] _ in self?.goToTypedLine() }
        for entry in [extras.replaceEntry, extras.lineEntry] {
            entry.onKeyPress { [weak self] _, key in
                guard key.keyval == Key.escape else { return .proceed }
                self?.closeFindExtras()
                self?.view?.grabFocus()
                return .stop
            }
        }
    }

    /// Whether a file's code is shown (Ctrl+H and Ctrl+L have something to work on).
    var showsCode: Bool { isBuilt && view != nil && content.visiblePageName == "code" }

    /// Ctrl+H: the search bar with the Replace row; replacing needs Edit on.
    func beginReplace() {
        guard showsCode, let view else { return }
        findExtras.lineRow.isVisible = false
        beginSearch()
        findExtras.replaceRow.isVisible = true
        let editable = view.isEditable
        findExtras.replaceButton.isSensitive = editable
        findExtras.replaceAllButton.isSensitive = editable
        findExtras.replaceEntry.tooltip = editable ? nil : localized("Turn on Edit to replace")
        if !searchEntry.text.isEmpty { findExtras.replaceEntry.grabFocus() }
    }

    /// Ctrl+L: a line number to go to.
    func beginGoToLine() {
        guard showsCode, let view else { return }
        endSearch()
        let extras = findExtras
        extras.lineHint.text = localized("Lines 1–{count}").filling(["count": String(view.lineCount)])
        extras.lineRow.isVisible = true
        extras.lineEntry.text = ""
        extras.lineEntry.grabFocus()
    }

    /// Hides the Replace and Go to Line rows (the search bar closed, Escape).
    func closeFindExtras() {
        findExtras.replaceRow.isVisible = false
        findExtras.lineRow.isVisible = false
    }

    private func goToTypedLine() {
        guard let view else { return }
        let text = String(findExtras.lineEntry.text.filter { !$0.isWhitespace })
        guard let line = Int(text), line >= 1, line <= view.lineCount else {
            let hint = localized("There is no line {line}: the file has lines 1–{count}.")
                .filling(["line": text, "count": String(view.lineCount)])
            findExtras.lineHint.text = hint
            _ = findExtras.lineEntry.announce(hint)
            return
        }
        findExtras.lineRow.isVisible = false
        view.moveCursor(toLine: line)
    }

    private func replaceMatch() {
        guard let view, view.isEditable else { return }
        syncSearchText()
        // The entries took the primary selection, and GTK then deselects the
        // code: the match is found again from where the search stands.
        if view.searchMatchPosition == nil {
            view.select(searchOrigin..<searchOrigin)
            view.findNext()
        }
        view.replaceSelectedMatch(with: findExtras.replaceEntry.text)
        if let start = view.selectedRange?.lowerBound { searchOrigin = start }
    }

    private func replaceAll() {
        guard let view, view.isEditable else { return }
        syncSearchText()
        let count = view.replaceAllMatches(with: findExtras.replaceEntry.text)
        let said = count == 1 ? localized("Replaced 1 match.")
            : localized("Replaced {count} matches.").filling(["count": String(count)])
        matchLabel.text = said
        _ = matchLabel.announce(said)
    }

    /// The entry's "search-changed" comes a moment after typing: a Replace
    /// clicked before it uses what the entry says.
    private func syncSearchText() {
        guard let view, isSearching, view.searchText != searchEntry.text else { return }
        view.searchText = searchEntry.text
    }
}
