import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// What Show Values asks of the Source page.
@MainActor
protocol ValuesOverlayDelegate: AnyObject {
    /// The demo file whose code is shown (its relative path), if code is shown.
    var shownCodeFile: String? { get }
    /// Shows `relativePath` of the demo with the cursor on `line`.
    func valuesOverlay(_ overlay: ValuesOverlay, show relativePath: String, line: Int)
    /// Puts `sentence` on the status line.
    func valuesOverlay(_ overlay: ValuesOverlay, say sentence: String)
}

/// Show Values on the Source page: the toggle (remembered in the
/// launcher's settings, read by each Run Edited), the records of the run
/// under way kept in `ValuesPage`'s log, shown as hints at the ends of the
/// lines of the file shown, a mark beside the bodies that ran, and the
/// Values list. Hints belong to the run demo's files as they were built: a
/// file whose text differs from that has none (its lines may have moved).
@MainActor
final class ValuesOverlay {
    static let showValuesKey = "show-values"

    weak var delegate: (any ValuesOverlayDelegate)?
    /// The launcher's settings, where the toggle is remembered.
    private let settings: Settings?
    private let panel: EditRunPanel
    private let session: EditRunSession
    /// The code the hints are drawn in; nil without GtkSourceView.
    private weak var view: SourceView?

    init(panel: EditRunPanel, session: EditRunSession, settings: Settings?) {
        self.panel = panel
        self.session = session
        self.settings = settings
    }

    private var values: ValuesPage { panel.values }

    /// Connects the toggle and the Values page, once the page is built.
    func connect(view: SourceView?) {
        self.view = view
        panel.valuesToggle.isActive = settings?.boolean(Self.showValuesKey) ?? false
        panel.valuesToggle.onToggled { [weak self] toggle in self?.toggled(toggle.isActive) }
        values.list.onRowActivated { [weak self] _, row in self?.showLine(at: row.index) }
        values.onRefresh = { [weak self] lines in self?.refresh(lines) }
        values.showState(showValuesOn: panel.valuesToggle.isActive, showsRows: false)
    }

    /// Run Edited of `demoName`, with the demo's files as `texts`: the
    /// session builds with or without the values, and the last run's are gone.
    func beginRun(of demoName: String, texts: [String: String]) {
        let on = panel.valuesToggle.isActive
        session.showsValues = on
        values.runShowsValues = on
        values.clear(forRunOf: demoName)
        values.builtTexts = texts
        view?.clearValueHints()
        view?.setGutterMarks([], kind: .ran)
        updateState()
    }

    /// Records from the running edited demo.
    func receive(_ records: [ValueRecord]) {
        guard values.runShowsValues else { return }
        values.receive(records)
    }

    /// The toggle decides the next Run Edited; hints of a run already built
    /// with values show or hide at once, and the status line says which.
    private func toggled(_ on: Bool) {
        settings?.set(on, for: Self.showValuesKey)
        if let failure = settings?.save() { printError("demo-shell: " + failure) }
        if !on {
            view?.clearValueHints()
            view?.setGutterMarks([], kind: .ran)
        } else {
            showValuesOfShownFile()
        }
        updateState()
        guard session.phase != .idle, panel.isShowingRunDemo else { return }
        if on, !values.runShowsValues {
            delegate?.valuesOverlay(
                self, say: localized("Show Values is on: Run Edited again to see the values of the edited demo."))
        } else if !on, values.runShowsValues {
            delegate?.valuesOverlay(
                self,
                say: localized(
                    "Show Values is off: the values are hidden, and the next Run Edited builds without them."))
        }
    }

    private var showsHints: Bool { panel.valuesToggle.isActive && values.runShowsValues && panel.isShowingRunDemo }

    private func updateState() {
        values.showState(showValuesOn: panel.valuesToggle.isActive, showsRows: panel.isShowingRunDemo)
    }

    /// Records came: the rows of `lines`, and the hints of those in the file shown.
    private func refresh(_ lines: Set<ValueLog.Key>) {
        guard showsHints else {
            values.rowsBehind = true
            return updateState()
        }
        values.showRows(of: lines)
        updateState()
        guard let view, let file = shownFile, isAsBuilt(file) else { return }
        let here = lines.filter { $0.relativePath == file }
        guard !here.isEmpty else { return }
        let entries = here.compactMap { values.log[$0] }
        view.updateValueHints(entries.compactMap(Self.hint))
        if entries.contains(where: \.ranBody) { markRanBodies(values.log.entries(in: file), in: view) }
    }

    /// The file shown, when its demo's run is the one whose values are kept.
    private var shownFile: String? {
        guard panel.isShowingRunDemo else { return nil }
        return delegate?.shownCodeFile
    }

    /// Another file (or the same again): its own hints and marks, if any.
    func showValuesOfShownFile() {
        guard let view else { return }
        view.clearValueHints()
        if showsHints, values.rowsBehind {
            values.rowsBehind = false
            values.showRows(of: nil)  // once, for what came while they were not shown
        }
        updateState()
        guard showsHints, let file = shownFile, isAsBuilt(file) else {
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
        guard let built = values.builtTexts[file] else { return true }
        return view?.text == built
    }

    /// The text shown changed: hints stay only where the lines are the ones built.
    func edited(_ file: String, of demoID: String?) {
        guard panel.runDemoID == nil || demoID == panel.runDemoID, !values.log.isEmpty else { return }
        showValuesOfShownFile()
    }

    private static func hint(_ entry: ValueLog.Entry) -> SourceView.ValueHint? {
        ValueLog.hintText(entry).map {
            SourceView.ValueHint(line: entry.key.line, text: $0, details: ValueLog.historyText(entry))
        }
    }

    /// Activating a row of Values: its file, the cursor on its line.
    private func showLine(at index: Int) {
        guard let key = values.key(at: index) else { return }
        delegate?.valuesOverlay(self, show: key.relativePath, line: key.line)
    }
}
