import DemoShellKit
import PluginHost
import ShellModel

/// The Source page's find bar: Find in File (Ctrl+F) with its match count,
/// Match Case and Whole Words, Replace (Ctrl+H) and Go to Line (Ctrl+L).
/// It owns its widgets and where a search stands; the page places the
/// widgets, hands it the code view once there is one, and says whether a
/// file's code is shown (`showsCode`).
@MainActor
final class SourceFindBar {
    /// The toggle in the page's toolbar.
    let findButton: ToggleButton
    /// The search row: shown at once, so the entry is realized before it
    /// gets the focus and the rest of the Ctrl+F key press.
    let searchRow: Box
    let searchEntry: SearchEntry
    /// "3 of 12", "No matches": heard once each.
    let matchLabel: Label
    /// The toggles in the search row, and the Replace and Go to Line rows.
    let extras = SourceFindExtras()
    /// The code searched; nil without GtkSourceView.
    private weak var view: SourceView?
    /// Whether a file's code is shown: with a message, there is nothing to find in.
    var showsCode = false { didSet { findButton.isSensitive = showsCode } }
    /// Where the search began, and then the last match: an incremental
    /// search finds the first match from there.
    private var searchOrigin = 0

    init() {
        findButton = ToggleButton(iconName: "edit-find-symbolic", name: localized("Find in File"))
        searchEntry = SearchEntry(placeholder: localized("Find in file"))
        searchEntry.accessibleName = localized("Find in file")
        searchEntry.nameIcons(primary: localized("Search"), secondary: localized("Clear"))
        searchEntry.bound(
            filter: LauncherState.searchLimit.filter, cutting: LauncherState.searchLimit.cuttingLongCharacters)
        searchEntry.widthChars = 14  // the launcher tiles to half a 1366-pixel screen
        let previous = Button(iconName: "go-up-symbolic", name: localized("Previous Match"))
        let next = Button(iconName: "go-down-symbolic", name: localized("Next Match"))
        matchLabel = Label()
        matchLabel.addStyleClass("dim-label")
        searchRow = Box(.horizontal, spacing: 6)
        searchRow.setMargins(top: 0, bottom: 6, start: 6, end: 6)
        let linked = Box(.horizontal)
        linked.addStyleClass("linked")
        linked.append(searchEntry)
        linked.append(previous)
        linked.append(next)
        searchRow.append(linked)
        searchRow.append(matchLabel)
        searchRow.insert(extras.caseToggle, at: 1)
        searchRow.insert(extras.wordsToggle, at: 2)

        findButton.onToggled { [unowned self] button in
            if button.isActive { self.begin() } else { self.end() }
        }
        searchEntry.onSearchChanged { [unowned self] entry in self.searchChanged(entry.text) }
        searchEntry.onActivate { [unowned self] entry in
            // Enter may come before the entry's delayed "search-changed".
            if self.view?.searchText != entry.text { self.searchChanged(entry.text) }
            self.find(forward: true)
        }
        searchEntry.onNextMatch { [unowned self] _ in self.find(forward: true) }
        searchEntry.onPreviousMatch { [unowned self] _ in self.find(forward: false) }
        searchEntry.onStopSearch { [unowned self] _ in self.end() }
        searchEntry.onKeyPress { [unowned self] _, key in
            guard key.keyval == Key.returnKey || key.keyval == Key.keypadEnter, key.modifiers == .shift else {
                return .proceed
            }
            self.find(forward: false)
            return .stop
        }
        previous.onClicked { [unowned self] _ in self.find(forward: false) }
        next.onClicked { [unowned self] _ in self.find(forward: true) }
        connectExtras()
    }

    /// The code to search, once the page has GtkSourceView.
    func attach(_ view: SourceView) {
        self.view = view
        view.onSearchCountChanged { [unowned self] _ in self.updateMatchLabel() }
        view.searchIsCaseSensitive = extras.caseToggle.isActive
        view.searchMatchesWholeWords = extras.wordsToggle.isActive
    }

    /// Shows its widgets as the page is shown, with the rows hidden until asked for.
    func showHidden() {
        searchRow.isVisible = false
        for row in [extras.replaceRow, extras.lineRow] {
            row.showAll()
            row.isVisible = false
        }
    }

    var isSearching: Bool { searchRow.isVisible }

    // MARK: Find

    /// Opens the search bar (Ctrl+F) with the entry focused and its text selected.
    func begin() {
        guard showsCode, let view else { return }
        searchOrigin = view.selectedRange?.lowerBound ?? 0
        if !findButton.isActive { findButton.isActive = true }  // re-enters through onToggled
        searchRow.isVisible = true
        view.searchText = searchEntry.text
        updateMatchLabel()
        searchEntry.grabFocus()
        searchEntry.selectAll()
    }

    /// Closes the search bar and its highlighting; the selection (the last
    /// match) stays, and the focus returns to the code.
    func end() {
        let hadFocus = searchEntry.hasFocus || extras.replaceEntry.hasFocus
        searchRow.isVisible = false
        extras.replaceRow.isVisible = false
        if findButton.isActive { findButton.isActive = false }
        view?.searchText = ""
        matchLabel.text = ""
        if hadFocus { view?.grabFocus() }
    }

    private func searchChanged(_ text: String) {
        guard let view, isSearching else { return }
        view.searchText = text
        // Incremental: the first match from where the search began.
        view.select(searchOrigin..<searchOrigin)
        if !text.isEmpty { view.findNext() }
        updateMatchLabel()
    }

    private func find(forward: Bool) {
        guard let view, !searchEntry.text.isEmpty else { return }
        if forward { view.findNext() } else { view.findPrevious() }
        if let start = view.selectedRange?.lowerBound { searchOrigin = start }
        updateMatchLabel()
    }

    /// "3 of 12", "No matches", or nothing while the count is not known.
    private func updateMatchLabel() {
        guard let view, isSearching, !view.searchText.isEmpty else {
            matchLabel.text = ""
            return
        }
        guard let count = view.searchMatchCount else { return }
        let text =
            if count == 0 {
                localized("No matches")
            } else if let position = view.searchMatchPosition {
                localized("{position} of {count}").filling(["position": String(position), "count": String(count)])
            } else {
                count == 1 ? localized("1 match") : localized("{count} matches").filling(["count": String(count)])
            }
        // Heard once each: the count comes again after each find.
        if matchLabel.text != text { matchLabel.showAndAnnounce(text) }
    }

    // MARK: Replace and Go to Line

    private func connectExtras() {
        extras.caseToggle.show()
        extras.wordsToggle.show()
        extras.caseToggle.onToggled { [unowned self] toggle in self.view?.searchIsCaseSensitive = toggle.isActive }
        extras.wordsToggle.onToggled { [unowned self] toggle in self.view?.searchMatchesWholeWords = toggle.isActive }
        extras.replaceButton.onClicked { [unowned self] _ in self.replaceMatch() }
        extras.replaceEntry.onActivate { [unowned self] _ in self.replaceMatch() }
        extras.replaceAllButton.onClicked { [unowned self] _ in self.replaceAll() }
        extras.lineEntry.onActivate { [unowned self] _ in self.goToTypedLine() }
        for entry in [extras.replaceEntry, extras.lineEntry] {
            entry.onKeyPress { [unowned self] _, key in
                guard key.keyval == Key.escape else { return .proceed }
                self.closeExtras()
                self.view?.grabFocus()
                return .stop
            }
        }
    }

    /// Ctrl+H: the search bar with the Replace row; replacing needs Edit on.
    func beginReplace() {
        guard showsCode, let view else { return }
        extras.lineRow.isVisible = false
        begin()
        extras.replaceRow.isVisible = true
        let editable = view.isEditable
        extras.replaceButton.isSensitive = editable
        extras.replaceAllButton.isSensitive = editable
        extras.replaceEntry.tooltip = editable ? nil : localized("Turn on Edit to replace")
        if !searchEntry.text.isEmpty { extras.replaceEntry.grabFocus() }
    }

    /// Ctrl+L: a line number to go to.
    func beginGoToLine() {
        guard showsCode, let view else { return }
        end()
        extras.lineHint.text = localized("Lines 1–{count}").filling(["count": String(view.lineCount)])
        extras.lineRow.isVisible = true
        extras.lineEntry.text = ""
        extras.lineEntry.grabFocus()
    }

    /// Hides the Replace and Go to Line rows (the search bar closed, Escape).
    func closeExtras() {
        extras.replaceRow.isVisible = false
        extras.lineRow.isVisible = false
    }

    private func goToTypedLine() {
        guard let view else { return }
        let text = String(extras.lineEntry.text.filter { !$0.isWhitespace })
        guard let line = Int(text), line >= 1, line <= view.lineCount else {
            let hint = localized("There is no line {line}: the file has lines 1–{count}.")
                .filling(["line": text, "count": String(view.lineCount)])
            extras.lineHint.text = hint
            _ = extras.lineEntry.announce(hint)
            return
        }
        extras.lineRow.isVisible = false
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
        view.replaceSelectedMatch(with: extras.replaceEntry.text)
        if let start = view.selectedRange?.lowerBound { searchOrigin = start }
    }

    private func replaceAll() {
        guard let view, view.isEditable else { return }
        syncSearchText()
        let count = view.replaceAllMatches(with: extras.replaceEntry.text)
        let said =
            count == 1
            ? localized("Replaced 1 match.")
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
