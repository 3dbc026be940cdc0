import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// What Edit and Run last said of one demo: its status line, its Problems
/// and its Output. Each demo keeps its own, so that selecting another demo
/// never shows one demo's failed build beside another's "No problems.".
struct EditRunRecord {
    var status = ""
    var problems: [EditRunSession.Problem] = []
    var output = OutputLog()
    /// The results page shown, nil: as it is.
    var page: ResultsPage?
}

/// A demo's Output while another demo is shown: the same bounds as the
/// Output pane (its last `OutputLimit.lines` lines and characters), and how
/// many lines went.
struct OutputLog: Equatable {
    private(set) var text = ""
    private(set) var droppedLines = 0
    /// As GtkTextBuffer counts them: an empty text has one line.
    private var lineCount = 1

    init(text: String = "", droppedLines: Int = 0) {
        self.text = text
        self.droppedLines = droppedLines
        lineCount = 1 + Self.newlines(in: Substring(text))
    }

    mutating func append(_ more: String) {
        text += more
        lineCount += Self.newlines(in: Substring(more))
        if lineCount > OutputLimit.lines {
            var excess = lineCount - OutputLimit.lines
            var cut = text.startIndex
            while excess > 0, let newline = text[cut...].firstIndex(of: "\n") {
                cut = text.index(after: newline)
                excess -= 1
                droppedLines += 1
                lineCount -= 1
            }
            text.removeSubrange(..<cut)
        }
        let characters = text.unicodeScalars.count
        if characters > OutputLimit.characters {
            let cut = text.unicodeScalars.index(
                text.unicodeScalars.startIndex, offsetBy: characters - OutputLimit.characters)
            let gone = Self.newlines(in: Substring(text.unicodeScalars[..<cut]))
            droppedLines += gone
            lineCount -= gone
            text = String(text.unicodeScalars[cut...])
        }
    }

    private static func newlines(in text: Substring) -> Int { text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
}

/// What the Source page shows of Edit and Run's runs: the status line,
/// Problems and Output. The session's news goes to the demo whose run it
/// is: shown at once when that demo is the one on the Source page, else
/// kept in its record until it is selected again. It owns the Problems
/// shown; the page marks them beside the code when told they changed.
@MainActor
protocol EditRunResultsDelegate: AnyObject {
    /// The Problems shown changed: the marks beside the code follow.
    func editRunResultsChangedProblems(_ results: EditRunResults)
    /// Problems and Output must be seen (a build failed).
    func editRunResultsNeedShowing(_ results: EditRunResults)
    /// The learner chose a problem: its file at its line.
    func editRunResults(_ results: EditRunResults, show relativePath: String, line: Int, column: Int)
}

@MainActor
final class EditRunResults: EditRunSessionDelegate {
    private let panel: EditRunPanel
    private let session: EditRunSession
    private let live: LiveEditing
    private let valuesOverlay: ValuesOverlay
    weak var delegate: EditRunResultsDelegate?
    /// The Problems listed, of the demo shown.
    private(set) var problems: [EditRunSession.Problem] = []

    init(panel: EditRunPanel, session: EditRunSession, live: LiveEditing, valuesOverlay: ValuesOverlay) {
        self.panel = panel
        self.session = session
        self.live = live
        self.valuesOverlay = valuesOverlay
        panel.problems.onRowActivated { [weak self] _, row in self?.showProblem(at: row.index) }
    }

    /// Who hears each of the session's events, in order: the run's record
    /// (status, Problems, Output), the run controls, the Values page.
    func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent) {
        switch event {
        case .phaseChanged:
            updateRunControls()
        case .problems(let problems):
            if isShowingRunDemo { show(problems) } else { updateRunRecord { $0.problems = problems } }
        case .outputCleared:
            if isShowingRunDemo { panel.clearOutput() } else { updateRunRecord { $0.output = OutputLog() } }
        case .output(let text):
            appendRunOutput(text)
        case .demoEnded(let end):
            appendRunOutput(end.sentence + "\n")
        case .status(let status):
            let text = withWarningsNote(status?.sentence)
            // The demo's window has just gone: the launcher may be coming forward.
            let ended = if case .ended? = status { true } else { false }
            if isShowingRunDemo {
                setStatus(text, afterFocusMoves: ended)
            } else {
                updateRunRecord { $0.status = text ?? "" }
            }
        case .values(let records):
            valuesOverlay.receive(records)
        case .built:
            break  // this session opens its builds (`shouldOpen`)
        }
    }

    /// Live: a build opens unless it is the one already running, or Live
    /// only checks while no edited demo runs (`LiveEdits.afterBuild`).
    func editRunSession(_ session: EditRunSession, shouldOpen plan: EditBuildPlan, demoRunning: Bool) -> Bool {
        live.opens(plan, demoRunning: demoRunning)
    }

    /// Whether the demo shown is the one the session last ran (or none ran).
    var isShowingRunDemo: Bool { panel.isShowingRunDemo }

    /// The session's news is now about `id`'s run. A run of another demo
    /// still under way is ended by the session: its record says so, rather
    /// than "Building…" for ever.
    func beginRun(of id: String) {
        if let previous = panel.runDemoID, previous != id, session.phase != .idle {
            panel.records[previous, default: EditRunRecord()].status = localized(
                "Stopped: Run Edited started another demo.")
        }
        panel.runDemoID = id
    }

    /// `afterFocusMoves`: the edited demo's window has just closed (it
    /// ended, or crashed), so the launcher may be coming forward, and a
    /// screen reader speaking it would cut the sentence short: it is
    /// announced once the focus has settled.
    func setStatus(_ text: String?, afterFocusMoves: Bool = false) {
        panel.status.text = text ?? ""
        panel.status.tooltip = text
        guard let text, !text.isEmpty, !live.isQuietStatus(text) else { return }
        let status = panel.status
        // Not spoken once the status line says something newer (a build Live started meanwhile).
        if afterFocusMoves {
            status.announceWhenFocusSettles(text) { [weak status] in status?.text == text }
        } else {
            _ = status.announce(text)
        }
    }

    /// `reveals`: errors bring Problems forward (a build's; not those found while typing).
    private func show(_ problems: [EditRunSession.Problem], reveals: Bool = true) {
        self.problems = problems
        panel.showProblems(problems.map { (Self.describe($0), $0.diagnostic.isError) })
        if reveals, problems.contains(where: { $0.diagnostic.isError }) {
            delegate?.editRunResultsNeedShowing(self)
            panel.shownPage = .problems
        }
        delegate?.editRunResultsChangedProblems(self)
    }

    /// The problems of `relativePath` found while typing replace those
    /// found before in it (a build's too: they are of an older text); the
    /// other files' stay.
    func showFoundWhileTyping(_ found: [EditRunSession.Problem], in relativePath: String) {
        // A crash is the run's, not the text's: it stays until the next run.
        let kept = problems.filter {
            $0.origin == .crash || $0.relativePath != relativePath && $0.origin != .typing
        }
        if !found.isEmpty || problems.contains(where: { $0.relativePath == relativePath }) {
            delegate?.editRunResultsNeedShowing(self)
        }
        show(kept + found, reveals: false)
    }

    /// "SayHelloView.swift, line 12: expected pattern".
    nonisolated static func describe(_ problem: EditRunSession.Problem) -> String {
        let diagnostic = problem.diagnostic
        if problem.origin == .typing { return EditorLanguage.describe(problem) }
        guard diagnostic.line > 0, !diagnostic.path.isEmpty else { return diagnostic.message }
        let file = problem.relativePath.map(FileSystem.basename) ?? FileSystem.basename(diagnostic.path)
        return localized("{file}, line {line}: {message}")
            .filling(["file": file, "line": String(diagnostic.line), "message": diagnostic.message])
    }

    /// Shows the file of problem `index` with the cursor on its line.
    private func showProblem(at index: Int) {
        guard problems.indices.contains(index), let relative = problems[index].relativePath else { return }
        let diagnostic = problems[index].diagnostic
        delegate?.editRunResults(self, show: relative, line: diagnostic.line, column: diagnostic.column)
    }

    private func appendRunOutput(_ text: String) {
        if isShowingRunDemo { panel.appendOutput(text) } else { updateRunRecord { $0.output.append(text) } }
    }

    private func updateRunRecord(_ change: (inout EditRunRecord) -> Void) {
        guard let id = panel.runDemoID else { return }
        change(&panel.records[id, default: EditRunRecord()])
    }

    /// "Built with 2 warnings. Running the edited demo.": a build with
    /// warnings only says so while its demo runs.
    private func withWarningsNote(_ text: String?) -> String? {
        guard let text, session.phase == .running else { return text }
        let problems =
            isShowingRunDemo ? self.problems : panel.runDemoID.flatMap { panel.records[$0]?.problems } ?? []
        guard !problems.isEmpty, !problems.contains(where: { $0.diagnostic.isError }) else { return text }
        let note =
            problems.count == 1
            ? localized("Built with 1 warning.")
            : localized("Built with {count} warnings.").filling(["count": String(problems.count)])
        return note + " " + text
    }

    /// Keeps what the panel shows of the demo going away, and shows what was
    /// kept of `demo` (nothing, if it never ran).
    func switchRecords(to demo: EditableDemo?) {
        if let old = panel.shownDemoID {
            panel.records[old] = EditRunRecord(
                status: panel.status.text, problems: problems,
                output: OutputLog(text: panel.output.text, droppedLines: panel.droppedLines),
                page: panel.shownPage)
        }
        panel.shownDemoID = demo?.manifest.id
        let record = demo.flatMap { panel.records[$0.manifest.id] } ?? EditRunRecord()
        panel.status.text = record.status
        panel.status.tooltip = record.status.isEmpty ? nil : record.status
        problems = record.problems
        panel.showProblems(record.problems.map { (Self.describe($0), $0.diagnostic.isError) })
        panel.setOutput(record.output.text, dropped: record.output.droppedLines)
        if let page = record.page { panel.shownPage = page }
        updateRunControls()
    }

    /// The spinner and Stop speak of the run of the demo shown.
    func updateRunControls() {
        let phase = isShowingRunDemo ? session.phase : .idle
        panel.spinner.isSpinning = phase == .building
        panel.stopButton.isSensitive = phase != .idle
    }
}
