import DemoShellKit
import PluginHost
import ShellModel

/// Show Values on the Source page: the toggle (remembered in
/// the launcher's settings, read by each Run Edited), the records of the
/// run under way kept in `ValuesPage`'s log, shown as hints at the ends of
/// the lines of the file shown, a mark beside the bodies that ran, and the
/// Values list. Hints belong to the run demo's files as they were built: a
/// file whose text differs from that has none (its lines may have moved).
extension SourcePane {
    static let showValuesKey = "show-values"

    func buildValues() {
        let panel = editPanel
        let values = panel.values
        panel.valuesToggle.isActive = settings?.boolean(Self.showValuesKey) ?? false
        panel.valuesToggle.onToggled { [weak self] toggle in self?.showValuesToggled(toggle.isActive) }
        values.list.onRowActivated { [weak self] _, row in self?.showValueLine(at: row.index) }
        values.onRefresh = { [weak self] lines in self?.refreshValues(lines) }
        values.showState(showValuesOn: panel.valuesToggle.isActive, showsRows: false)
    }

    /// Run Edited: the session builds with or without the values, and the
    /// last run's are gone.
    func beginValues() {
        let values = editPanel.values
        let on = editPanel.valuesToggle.isActive
        session.showsValues = on
        values.runShowsValues = on
        values.clear(forRunOf: editableDemo?.manifest.info.name ?? "")
        values.builtTexts = currentTexts()
        view?.clearValueHints()
        view?.setGutterMarks([], kind: .ran)
        updateValuesState()
    }

    /// The toggle decides the next Run Edited; hints of a run already built
    /// with values show or hide at once, and the status line says which.
    private func showValuesToggled(_ on: Bool) {
        settings?.set(on, for: Self.showValuesKey)
        if let failure = settings?.save() { printError("demo-shell: " + failure) }
        if !on {
            view?.clearValueHints()
            view?.setGutterMarks([], kind: .ran)
        } else {
            showValuesOfShownFile()
        }
        updateValuesState()
        guard session.phase != .idle, isShowingRunDemo else { return }
        if on, !editPanel.values.runShowsValues {
            setStatus(localized("Show Values is on: Run Edited again to see the values of the edited demo."))
        } else if !on, editPanel.values.runShowsValues {
            setStatus(localized("Show Values is off: the values are hidden, and the next Run Edited builds without them."))
        }
    }

    private var showsValueHints: Bool { editPanel.valuesToggle.isActive && editPanel.values.runShowsValues && isShowingRunDemo }

    private func updateValuesState() {
        editPanel.values.showState(showValuesOn: editPanel.valuesToggle.isActive, showsRows: isShowingRunDemo)
    }

    /// Records came: the rows of `lines`, and the hints of those in the file shown.
    private func refreshValues(_ lines: Set<ValueLog.Key>) {
        let values = editPanel.values
        guard showsValueHints else {
            values.rowsBehind = true
            return updateValuesState()
        }
        values.showRows(of: lines)
        updateValuesState()
        guard let view, let file = shownValuesFile, isAsBuilt(file) else { return }
        let here = lines.filter { $0.relativePath == file }
        guard !here.isEmpty else { return }
        let entries = here.compactMap { values.log[$0] }
        view.updateValueHints(entries.compactMap(Self.hint))
        if entries.contains(where: \.ranBody) { markRanBodies(values.log.entries(in: file), in: view) }
    }

    /// The file shown, when its demo's run is the one whose values are kept.
    private var shownValuesFile: String? {
        guard isShowingRunDemo, content?.visiblePageName == "code" else { return nil }
        return shownFile?.relativePath
    }

    /// Another file (or the same again): its own hints and marks, if any.
    func showValuesOfShownFile() {
        guard let view else { return }
        view.clearValueHints()
        let values = editPanel.values
        if showsValueHints, values.rowsBehind {
            values.rowsBehind = false
            values.showRows(of: nil) // once, for what came while they were not shown
        }
        updateValuesState()
        guard showsValueHints, let file = shownValuesFile, isAsBuilt(file) else {
            view.setGutterMarks([], kind: .ran)
            return
        }
        let entries = values.log.entries(in: file)
        view.updateValueHints(entries.compactMap(Self.hint))
        markRanBodies(entries, in: view)
    }

    /// The marks beside the bodies that ran, set again only when they
    /// differ (a hot function's body runs at every refresh, on the same
    /// line: removing and making its marks again redraws the gutter).
    private func markRanBodies(_ entries: [ValueLog.Entry], in view: SourceView) {
        let lines = entries.filter(\.ranBody).map(\.key.line).filter { $0 >= 1 && $0 <= view.lineCount }
        guard lines != view.gutterMarkedLines(.ran) else { return }
        view.setGutterMarks(lines, kind: .ran)
    }

    /// Whether the view shows `file` as the run was built from it.
    private func isAsBuilt(_ file: String) -> Bool {
        guard let built = editPanel.values.builtTexts[file] else { return true }
        return view?.text == built
    }

    /// The text shown changed: hints stay only where the lines are the ones built.
    func valuesEdited(in file: String, of demoID: String?) {
        guard editPanel.runDemoID == nil || demoID == editPanel.runDemoID, !editPanel.values.log.isEmpty else { return }
        showValuesOfShownFile()
    }

    private static func hint(_ entry: ValueLog.Entry) -> SourceView.ValueHint? {
        ValueLog.hintText(entry).map { SourceView.ValueHint(line: entry.key.line, text: $0, details: ValueLog.historyText(entry)) }
    }

    /// Activating a row of Values: its file, the cursor on its line.
    private func showValueLine(at index: Int) {
        guard let key = editPanel.values.key(at: index),
              let fileIndex = files.firstIndex(where: { $0.relativePath == key.relativePath }) else { return }
        if fileSelector.activeIndex != fileIndex { fileSelector.activeIndex = fileIndex }
        view?.moveCursor(toLine: key.line)
    }
}
