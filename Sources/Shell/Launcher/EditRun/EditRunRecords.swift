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

/// The session's news goes to the demo whose run it is: shown at once when
/// that demo is the one on the Source page, else kept in its record until
/// it is selected again.
extension SourcePane: EditRunSessionDelegate {
    /// Who hears each of the session's events, in order: the run's record
    /// (status, Problems, Output), the run controls, the Values page.
    func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent) {
        switch event {
        case .phaseChanged:
            updateRunControls()
        case .problems(let problems):
            if isShowingRunDemo { showProblems(problems) } else { updateRunRecord { $0.problems = problems } }
        case .outputCleared:
            if isShowingRunDemo { editPanel.clearOutput() } else { updateRunRecord { $0.output = OutputLog() } }
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
    var isShowingRunDemo: Bool { editPanel.isShowingRunDemo }

    /// The session's news is now about `id`'s run. A run of another demo
    /// still under way is ended by the session: its record says so, rather
    /// than "Building…" for ever.
    func beginRun(of id: String) {
        if let previous = editPanel.runDemoID, previous != id, session.phase != .idle {
            editPanel.records[previous, default: EditRunRecord()].status = localized(
                "Stopped: Run Edited started another demo.")
        }
        editPanel.runDemoID = id
    }

    private func appendRunOutput(_ text: String) {
        if isShowingRunDemo { editPanel.appendOutput(text) } else { updateRunRecord { $0.output.append(text) } }
    }

    private func updateRunRecord(_ change: (inout EditRunRecord) -> Void) {
        guard let id = editPanel.runDemoID else { return }
        change(&editPanel.records[id, default: EditRunRecord()])
    }

    /// "Built with 2 warnings. Running the edited demo.": a build with
    /// warnings only says so while its demo runs.
    private func withWarningsNote(_ text: String?) -> String? {
        guard let text, session.phase == .running else { return text }
        let problems =
            isShowingRunDemo ? problemRows : editPanel.runDemoID.flatMap { editPanel.records[$0]?.problems } ?? []
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
        let panel = editPanel
        if let old = panel.shownDemoID {
            panel.records[old] = EditRunRecord(
                status: panel.status.text, problems: problemRows,
                output: OutputLog(text: panel.output.text, droppedLines: panel.droppedLines),
                page: panel.shownPage)
        }
        panel.shownDemoID = demo?.manifest.id
        let record = demo.flatMap { panel.records[$0.manifest.id] } ?? EditRunRecord()
        panel.status.text = record.status
        panel.status.tooltip = record.status.isEmpty ? nil : record.status
        problemRows = record.problems
        panel.showProblems(record.problems.map { (Self.describe($0), $0.diagnostic.isError) })
        panel.setOutput(record.output.text, dropped: record.output.droppedLines)
        if let page = record.page { panel.shownPage = page }
        updateRunControls()
    }

    /// A `file:line` of the Output: that file of the demo shown, at that line.
    func openOutputLink(path: String, line: Int) {
        let name = FileSystem.basename(path)
        guard
            let file = files.first(where: { path.hasSuffix("/" + $0.relativePath) || path == $0.relativePath })
                ?? files.first(where: { FileSystem.basename($0.relativePath) == name })
        else { return }
        show(file.relativePath, line: line)
    }

    /// Shows the demo's file `relativePath` with the cursor at `line` (and `column`).
    func show(_ relativePath: String, line: Int, column: Int? = nil) {
        guard let index = files.firstIndex(where: { $0.relativePath == relativePath }) else { return }
        if fileSelector.activeIndex != index { fileSelector.activeIndex = index }
        if let column { view?.moveCursor(toLine: line, column: column) } else { view?.moveCursor(toLine: line) }
    }

    /// The spinner and Stop speak of the run of the demo shown.
    func updateRunControls() {
        let phase = isShowingRunDemo ? session.phase : .idle
        editPanel.spinner.isSpinning = phase == .building
        editPanel.stopButton.isSensitive = phase != .idle
    }
}
