import DemoKit

/// The Source page's Edit and Run controls: a bar (Edit, Run Edited, Stop,
/// the build's state, Reset to Original) above the code, and below it the
/// Problems list and the Output of the edited demo. Widgets only: what they
/// do is the Source page's (`SourcePane+Editing.swift`).
@MainActor
final class EditRunPanel {
    let bar: Box
    let editToggle: ToggleButton
    let runButton: Button
    let stopButton: Button
    let resetButton: Button
    let spinner: Spinner
    /// The build's and the run's state in a sentence (also announced).
    let status: Label
    /// Problems and Output, switched by their own tabs.
    let results: Box
    let resultStack: Stack
    let problems: ListBox
    let problemsEmpty: Label
    let output: TextView

    init() {
        bar = Box(.horizontal, spacing: 6)
        bar.setMargins(top: 0, bottom: 6, start: 6, end: 6)
        editToggle = ToggleButton(label: localized("_Edit"))
        editToggle.accessibleName = localized("Edit")
        editToggle.tooltip = localized("Edit the demo’s code (your changes are kept apart from the shipped files)")
        runButton = Button(label: localized("_Run Edited"))
        runButton.accessibleName = localized("Run Edited")
        runButton.tooltip = localized("Build the edited demo and open it in a process of its own (Ctrl+R)")
        runButton.addStyleClass("suggested-action")
        stopButton = Button(iconName: "media-playback-stop-symbolic", name: localized("Stop"))
        stopButton.tooltip = localized("Stop the edited demo")
        stopButton.isSensitive = false
        // An icon: the bar must fit a launcher tiled to half a screen, in Chinese at 2× too.
        resetButton = Button(iconName: "document-revert-symbolic", name: localized("Reset to Original"))
        resetButton.tooltip = localized("Reset to Original: discard your changes to this demo")
        spinner = Spinner()
        status = Label()
        status.ellipsis = .end
        status.xAlign = 0
        status.isSelectable = true
        status.canFocus = false
        status.addStyleClass("dim-label")
        let linked = Box(.horizontal)
        linked.addStyleClass("linked")
        linked.append(runButton)
        linked.append(stopButton)
        bar.append(editToggle)
        bar.append(linked)
        bar.append(spinner)
        bar.append(status, expand: true)
        bar.appendAtEnd(resetButton)

        problems = ListBox()
        problems.accessibleName = localized("Problems")
        problems.activatesOnSingleClick = true
        problemsEmpty = Label(localized("No problems."))
        problemsEmpty.addStyleClass("dim-label")
        problemsEmpty.setMargins(12)
        let problemsBox = Box(.vertical)
        problemsBox.append(problemsEmpty)
        problemsBox.append(problems)
        let problemsScroller = ScrolledWindow()
        problemsScroller.add(problemsBox)
        output = TextView(text: "", isEditable: false)
        output.accessibleName = localized("Output")
        output.isMonospace = true
        output.wrapMode = .wordCharacter
        output.leftMargin = 6
        output.topMargin = 4
        output.bottomMargin = 4
        let outputScroller = ScrolledWindow()
        outputScroller.add(output)
        resultStack = Stack(transition: .none)
        resultStack.addPage(problemsScroller, name: "problems", title: localized("Problems"))
        resultStack.addPage(outputScroller, name: "output", title: localized("Output"))
        resultStack.expandsVertically = true
        let switcher = StackSwitcher(stack: resultStack)
        switcher.horizontalAlignment = .start
        switcher.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        results = Box(.vertical)
        results.append(switcher)
        results.append(resultStack, expand: true)
    }

    /// Shows `items` in the Problems list, each row's text also its
    /// accessible name (GTK 3 list rows are read by their name).
    func showProblems(_ items: [(text: String, isError: Bool)]) {
        for child in problems.children { child.destroy() }
        for item in items {
            let icon = Image(iconName: item.isError ? "dialog-error-symbolic" : "dialog-warning-symbolic", pixelSize: 16)
            let label = Label(item.text)
            label.xAlign = 0
            label.wraps = true
            label.wrapMode = .wordCharacter
            let box = Box(.horizontal, spacing: 8)
            box.setMargins(top: 4, bottom: 4, start: 6, end: 6)
            box.append(icon)
            box.append(label, expand: true)
            let row = ListBoxRow(child: box)
            row.accessibleName = item.text
            problems.append(row)
            row.showAll()
        }
        problems.isVisible = !items.isEmpty
        problemsEmpty.isVisible = items.isEmpty
    }

    /// Adds to the Output, keeping its last `OutputLimit.lines` lines (and
    /// characters) and its end in view.
    func appendOutput(_ text: String) {
        output.append(text)
        output.keepLastLines(OutputLimit.lines)
        output.keepLastCharacters(OutputLimit.characters)
        output.scrollToEnd()
    }
}
