import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// The Source page's Edit and Run controls: a bar (Edit, Run Edited, Stop,
/// the build's state, Save as New Demo, Reset to Original) above the code,
/// and below it the Problems list and the Output of the edited demo. Widgets
/// only: what they do is `SourceEditing`'s.
@MainActor
final class EditRunPanel {
    let bar: Box
    let editToggle: ToggleButton
    /// Show Values: the next Run Edited shows what each line computed (`ValuesPage`).
    let valuesToggle: ToggleButton
    /// Each pause in typing builds; a good build replaces the running demo (`LiveEditing`).
    let liveToggle: ToggleButton
    let runButton: Button
    let stopButton: Button
    let resetButton: Button
    /// Makes a demo of the learner's own from this one as it is now.
    let saveAsNewButton: Button
    /// Save as New Demo and Reset to Original, folded into a menu: the bar
    /// grew, and the launcher no longer narrowed to half a 1,366-pixel screen.
    let moreButton: MenuButton
    let spinner: Spinner
    /// The build's and the run's state in a sentence (also announced).
    let status: Label
    /// Problems and Output, switched by their own tabs.
    let results: Box
    let resultStack: Stack
    /// The results page shown (nil only before the stack has a page).
    var shownPage: ResultsPage? {
        get { resultStack.visiblePageName.flatMap(ResultsPage.init(rawValue:)) }
        set { if let newValue { resultStack.visiblePageName = newValue.rawValue } }
    }
    let problems: ListBox
    let problemsEmpty: Label
    let output: OutputView
    /// Says how many lines the Output dropped to keep its last ones.
    let outputDropped: Label
    let values = ValuesPage()
    /// Lines the Output dropped since it was last cleared.
    private(set) var droppedLines = 0
    /// Whether the Output follows new lines: while the reader is at its end.
    private(set) var followsOutput = true
    private var scrollingOutput = false
    /// Set by a key in the Output until the next lines come.
    private var readerScrolls = false
    /// What each demo's runs said, and whose run the session's news is about
    /// (`EditRunRecords.swift`).
    var records: [String: EditRunRecord] = [:]
    var runDemoID: String?
    var shownDemoID: String?
    /// Whether the demo shown is the one the session last ran (or none ran).
    var isShowingRunDemo: Bool { runDemoID == nil || runDemoID == shownDemoID }
    /// A `file:line` in the Output was clicked, or Enter pressed on it.
    var onLinkActivated: ((_ path: String, _ line: Int) -> Void)?
    private var outputClick: GestureMultiPress?
    /// The crashes' backtraces, folded in the Output.
    private(set) lazy var folds = OutputFolds(output: output)

    init() {
        bar = Box(.vertical, spacing: 4)
        bar.setMargins(top: 0, bottom: 6, start: 6, end: 6)
        let buttons = Box(.horizontal, spacing: 4)  // 4, not 6: the launcher narrows to 640 pixels
        editToggle = ToggleButton(label: localized("_Edit"))
        editToggle.accessibleName = localized("Edit")
        editToggle.tooltip = localized("Edit the demo’s code (your changes are kept apart from the shipped files)")
        // An icon, as Reset and Save as New are: the bar fits half a screen.
        valuesToggle = ToggleButton(iconName: "view-reveal-symbolic", name: localized("Show Values"))
        valuesToggle.tooltip = localized(
            "Show Values: the next Run Edited shows beside each line the value it computed, and lists them under Values (hover over a value, or press Ctrl+F1 on its line, for its last 20)"
        )
        liveToggle = ToggleButton(label: localized("Live"))
        liveToggle.tooltip = localized(
            "Live: half a second after you stop typing, build the code and replace the running edited demo in the same place; with errors it keeps running and Problems say why. Switching Live on runs the demo; once you close it, Live only checks the code until Run Edited."
        )
        runButton = Button(label: localized("_Run Edited"))
        runButton.accessibleName = localized("Run Edited")
        runButton.tooltip = localized("Build the edited demo and open it in a process of its own (Ctrl+R)")
        runButton.addStyleClass("suggested-action")
        stopButton = Button(iconName: "media-playback-stop-symbolic", name: localized("Stop"))
        stopButton.tooltip = localized("Stop the edited demo")
        stopButton.isSensitive = false
        // In a menu: the bar must fit a launcher tiled to half a screen, in Chinese at 2× too.
        saveAsNewButton = Self.menuItem(
            localized("_Save as New Demo…"), name: localized("Save as New Demo"),
            tooltip: localized(
                "Save as New Demo: this demo as it is now, your changes included, becomes a demo of your own"))
        resetButton = Self.menuItem(
            localized("_Reset to Original…"), name: localized("Reset to Original"),
            tooltip: localized("Reset to Original: discard your changes to this demo"))
        moreButton = MenuButton(iconName: "view-more-symbolic", name: localized("More Edit Actions"))
        let more = Popover(relativeTo: moreButton)
        let moreItems = Box(.vertical)
        moreItems.setMargins(6)
        for item in [saveAsNewButton, resetButton] {
            moreItems.append(item)
            item.onClicked { [weak more] _ in more?.popdown() }
        }
        moreItems.showAll()
        more.add(moreItems)
        moreButton.popover = more
        spinner = Spinner()
        status = Label()
        // Whole, however long (the missing compiler's advice): it wraps.
        status.wraps = true
        status.wrapMode = .wordCharacter
        status.xAlign = 0
        status.isSelectable = true
        status.canFocus = false
        status.addStyleClass("dim-label")
        let linked = Box(.horizontal)
        linked.addStyleClass("linked")
        linked.append(runButton)
        linked.append(stopButton)
        buttons.append(editToggle)
        buttons.append(valuesToggle)
        buttons.append(linked)
        buttons.append(liveToggle)
        buttons.append(spinner)
        buttons.appendAtEnd(moreButton)
        // The status on a line of its own below the buttons, as wide as the
        // page: beside them, a launcher tiled to half a screen left it one
        // letter wide. Whole, but at most four lines high: a long status (a
        // crash's reason) wrapped at the narrowest width asked for thousands
        // of pixels, and the launcher grew taller than the screen.
        let statusScroller = ScrolledWindow()
        statusScroller.setPolicy(horizontal: .never, vertical: .automatic)
        statusScroller.growsWithContent(upTo: 80)
        statusScroller.add(status)
        statusScroller.showAll()
        statusScroller.isVisible = false
        statusScroller.isExcludedFromShowAll = true  // shown while there is a status
        status.onNotify("label") { [weak statusScroller] label in statusScroller?.isVisible = !label.text.isEmpty }
        bar.append(buttons)
        bar.append(statusScroller)

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
        problemsScroller.accessibleName = localized("Problems")  // focused itself while the list is empty
        problemsScroller.add(problemsBox)
        output = OutputView(text: "", isEditable: false)
        output.accessibleName = localized("Output")
        output.isMonospace = true
        output.wrapMode = .wordCharacter
        output.leftMargin = 6
        output.topMargin = 4
        output.bottomMargin = 4
        output.copiesFoldedText()
        let outputScroller = ScrolledWindow()
        outputScroller.add(output)
        outputDropped = Label()
        outputDropped.xAlign = 0
        outputDropped.wraps = true
        outputDropped.addStyleClass("dim-label")
        outputDropped.setMargins(top: 2, bottom: 2, start: 6, end: 6)
        outputDropped.isExcludedFromShowAll = true
        let outputBox = Box(.vertical)
        outputBox.append(outputDropped)
        outputBox.append(outputScroller, expand: true)
        resultStack = Stack(transition: .none)
        resultStack.addPage(problemsScroller, name: ResultsPage.problems.rawValue, title: localized("Problems"))
        resultStack.addPage(outputBox, name: ResultsPage.output.rawValue, title: localized("Output"))
        resultStack.addPage(values.widget, name: ResultsPage.values.rawValue, title: localized("Values"))
        resultStack.expandsVertically = true
        let switcher = StackSwitcher(stack: resultStack)
        switcher.horizontalAlignment = .start
        switcher.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        results = Box(.vertical)
        results.append(switcher)
        results.append(resultStack, expand: true)
        // Only the reader leaves the end (a key, the wheel, the scroll bar):
        // GTK moving the view as it lays out late lines brings it back.
        output.onKeyPress { [weak self] _, key in
            guard let self else { return .proceed }
            if key.keyval == Key.returnKey || key.keyval == Key.keypadEnter {
                let offset = self.output.cursorOffset
                return self.activateLink(at: offset) || self.folds.toggle(at: offset) ? .stop : .proceed
            }
            self.readerScrolls = true  // the keys' scrolling is animated, after the event
            return .proceed
        }
        let click = GestureMultiPress(widget: output)
        click.onReleased { [weak self] _, count, x, y in
            guard let self, count == 1 else { return }
            self.activateLink(at: self.output.offset(atWidgetX: x, y: y))
        }
        outputClick = click
        output.onVerticalScroll { [weak self] in
            guard let self, !self.scrollingOutput else { return }
            if self.readerScrolls || OutputView.isHandlingInputEvent {
                self.followsOutput = self.output.isScrolledToEnd
            } else if self.followsOutput, !self.output.isScrolledToEnd {
                self.scrollOutputToBottom()
            }
        }
        // New lines get their heights after the append, in idle time: the end
        // is reached as they get them, not once before.
        output.onVerticalRangeChanged { [weak self] in
            guard let self, self.followsOutput else { return }
            self.scrollOutputToBottom()
        }
    }

    /// Shows `items` in the Problems list, each row's text also its
    /// accessible name (GTK 3 list rows are read by their name).
    func showProblems(_ items: [(text: String, isError: Bool)]) {
        for child in problems.children { child.destroy() }
        for item in items {
            let icon = Image(
                iconName: item.isError ? "dialog-error-symbolic" : "dialog-warning-symbolic", pixelSize: 16)
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
        // "Problems 2": the count shows while Output is the page shown.
        resultStack.setTitle(
            items.isEmpty
                ? localized("Problems")
                : localized("Problems {count}").filling(["count": String(items.count)]),
            ofPage: ResultsPage.problems.rawValue)
    }

    /// Adds to the Output, keeping its last `OutputLimit.lines` lines (and
    /// characters), and its end in view while the reader is there.
    func appendOutput(_ text: String) {
        readerScrolls = false
        let base = output.characterCount
        output.append(text)
        markLinks(in: text, from: base)
        folds.fold(after: text)
        let lines = output.lineCount
        output.keepLastLines(OutputLimit.lines)
        output.keepLastCharacters(OutputLimit.characters)
        noteDropped(lines - output.lineCount)
        if followsOutput { scrollOutputToBottom() }
    }

    /// Empties the Output (a new run) and follows its end again.
    func clearOutput() {
        output.text = ""
        folds.reset()
        droppedLines = 0
        followsOutput = true
        noteDropped(0)
    }

    /// Shows `text` as the whole Output, `dropped` lines having gone before it.
    func setOutput(_ text: String, dropped: Int) {
        output.text = text
        markLinks(in: text, from: 0)
        folds.reset()
        folds.fold(after: nil)
        droppedLines = 0
        followsOutput = true
        noteDropped(dropped)
        scrollOutputToBottom()
    }

    private func scrollOutputToBottom() {
        scrollingOutput = true
        output.scrollToBottom()
        scrollingOutput = false
    }

    private func markLinks(in text: String, from base: Int) {
        for link in OutputLinks.find(in: text) {
            output.markLink((base + link.range.lowerBound)..<(base + link.range.upperBound))
        }
    }

    @discardableResult
    private func activateLink(at offset: Int) -> Bool {
        guard let text = output.link(at: offset), let link = OutputLinks.find(in: text).first else { return false }
        onLinkActivated?(link.path, link.line)
        return true
    }

    private func noteDropped(_ count: Int) {
        droppedLines += max(0, count)
        outputDropped.text =
            droppedLines == 0
            ? ""
            : localized("The Output keeps the last {limit} lines: {count} earlier lines were dropped.")
                .filling(["limit": OutputLimit.linesText, "count": String(droppedLines)])
        outputDropped.isVisible = droppedLines > 0
    }

    /// A button in the bar's menu, drawn as a menu's item.
    private static func menuItem(_ label: String, name: String, tooltip: String) -> Button {
        let item = Button(label: label)
        item.accessibleName = name
        item.tooltip = tooltip
        item.isFlat = true
        item.descendants.compactMap { $0.as(Label.self) }.first?.xAlign = 0
        return item
    }
}

/// The pages below the code, each a result of Edit and Run.
enum ResultsPage: String, CaseIterable {
    case problems, output, values
}
