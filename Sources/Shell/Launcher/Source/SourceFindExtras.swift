import DemoShellKit
import PluginHost
import ShellModel

/// What the Source page's find bar gains for a learner: Match Case and
/// Whole Words beside the search, a Replace row (Ctrl+H) and a Go to Line
/// row (Ctrl+L) under it. Widgets only: `SourceFindBar` does
/// what they say.
@MainActor
final class SourceFindExtras {
    let caseToggle: ToggleButton
    let wordsToggle: ToggleButton
    let replaceRow: Box
    let replaceEntry: Entry
    let replaceButton: Button
    let replaceAllButton: Button
    let lineRow: Box
    let lineEntry: Entry
    /// "Lines 1–120", or why a number was refused.
    let lineHint: Label

    init() {
        caseToggle = ToggleButton(label: "Aa")
        caseToggle.accessibleName = localized("Match Case")
        caseToggle.tooltip = localized("Match Case")
        wordsToggle = ToggleButton(label: "ab|")
        wordsToggle.accessibleName = localized("Whole Words")
        wordsToggle.tooltip = localized("Whole Words Only")

        replaceEntry = Entry(placeholder: localized("Replace with"))
        replaceEntry.accessibleName = localized("Replace with")
        replaceEntry.widthChars = 14
        replaceButton = Button(label: localized("_Replace"))
        replaceButton.accessibleName = localized("Replace")
        replaceButton.tooltip = localized("Replace this match and find the next")
        replaceAllButton = Button(label: localized("Replace _All"))
        replaceAllButton.accessibleName = localized("Replace All")
        replaceRow = Box(.horizontal, spacing: 6)
        replaceRow.setMargins(top: 0, bottom: 6, start: 6, end: 6)
        replaceRow.append(replaceEntry)
        replaceRow.append(replaceButton)
        replaceRow.append(replaceAllButton)

        lineEntry = Entry(placeholder: localized("Line number"))
        lineEntry.accessibleName = localized("Go to Line")
        lineEntry.widthChars = 10
        lineHint = Label()
        lineHint.addStyleClass("dim-label")
        lineRow = Box(.horizontal, spacing: 6)
        lineRow.setMargins(top: 0, bottom: 6, start: 6, end: 6)
        let label = Label(localized("Go to line:"))
        lineRow.append(label)
        lineRow.append(lineEntry)
        lineRow.append(lineHint)
    }
}
