import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// A demo the Source page can edit: what its manifest says and where it is.
struct EditableDemo: Equatable {
    let manifest: PluginManifest
    let manifestPath: String
}

/// What Edit and Run needs of the Source page it works in: the demo and
/// file shown, the code view, and the page's own moves.
@MainActor
protocol SourceEditingHost: AnyObject {
    /// The demo whose files are shown, when it can be edited.
    var editableDemo: EditableDemo? { get }
    /// The files of the demo shown, in the file list's order.
    var files: [SourceFile] { get }
    /// The file shown as code (nil while the page shows a message).
    var shownCodeFile: SourceFile? { get }
    var view: SourceView? { get }
    /// The file shown, as opened (`SourceEdits`).
    var shownOpenFile: OpenFile? { get }
    /// The window the page is in, for the dialogs over it.
    var pageWindow: Window? { get }
    /// The key of `file` among the opened files.
    func openFileKey(_ file: SourceFile) -> String
    /// The file list says again which files are edited.
    func refreshFileMarks()
    /// The file selected is shown again (its buffer, the controls).
    func showSelectedFile()
    /// The demo's file `relativePath` with the cursor at `line`.
    func show(_ relativePath: String, line: Int, column: Int?)
    /// Problems and Output come into sight.
    func revealResults()
    /// Go to Definition outside the demo's files: `page`, read-only, in place of the code.
    func showDeclaration(_ page: DeclarationPage)
    /// Back from the declaration page to the code.
    func leaveDeclaration()
    /// A demo's edits were saved or discarded.
    func editsChanged(ofDemo id: String)
    /// Save as New Demo, with the demo's own Swift files as the learner sees them.
    func saveAsNewDemo(_ demo: EditableDemo, texts: [String: String])
}

/// Edit and Run on the Source page: the code becomes editable, edits are
/// kept in the demo's workspace (never in the shipped files) a moment after
/// typing stops and before the window closes (`UnsavedEditsGuard`), and
/// Run Edited builds and opens them in a process of their own
/// (`EditRunSession`), with the compiler's Problems and the demo's Output
/// below the code (`EditRunResults`). It hears the edits, Live, Show
/// Values and the results, and says what follows for the controls.
@MainActor
final class SourceEditing {
    private unowned let host: SourceEditingHost
    private let panel: EditRunPanel
    private let session: EditRunSession
    private let live: LiveEditing
    private let valuesOverlay: ValuesOverlay
    private let results: EditRunResults
    /// Completion, the errors as typed, Quick Help, Go to Definition.
    private let language: EditorLanguage
    private let edits: SourceEdits
    private let notices: SourceNotices
    /// Puts the file shown back to the code it shipped with (undoable).
    private let revertButton: Button
    /// The file whose text the view holds, when it can be edited.
    private(set) var editingFile: SourceFile?
    /// Format (Ctrl+Shift+I).
    let formatter: SourceFormatter

    init(
        host: SourceEditingHost, panel: EditRunPanel, session: EditRunSession, live: LiveEditing,
        valuesOverlay: ValuesOverlay, results: EditRunResults, language: EditorLanguage, edits: SourceEdits,
        notices: SourceNotices, revertButton: Button
    ) {
        self.host = host
        self.panel = panel
        self.session = session
        self.live = live
        self.valuesOverlay = valuesOverlay
        self.results = results
        self.language = language
        self.edits = edits
        self.notices = notices
        self.revertButton = revertButton
        formatter = SourceFormatter(
            host: host, panel: panel, results: results,
            configuration: FileSystem.join(session.paths.resourcesDirectory, "swift-format.json"))
        panel.results.isVisible = false
        panel.results.isExcludedFromShowAll = true  // shown by the first Run Edited
        panel.spinner.isSpinning = false
        panel.spinner.isExcludedFromShowAll = true
        panel.editToggle.onToggled { [weak self] toggle in
            self?.update()
            if toggle.isActive, host.view?.isEditable == true { host.view?.grabFocus() }
        }
        panel.runButton.onClicked { [weak self] _ in self?.runEdited() }
        panel.stopButton.onClicked { [weak self] _ in self?.session.stop() }
        panel.resetButton.onClicked { [weak self] _ in self?.confirmReset() }
        panel.saveAsNewButton.onClicked { [weak self] _ in
            guard let self, let demo = self.host.editableDemo else { return }
            self.edits.saveNow()
            self.host.saveAsNewDemo(demo, texts: self.currentTexts())
        }
        revertButton.onClicked { [weak self] _ in self?.revertFile() }
        session.delegate = results  // each demo keeps its own results (`EditRunRecord`)
        results.delegate = self
        edits.delegate = self
        valuesOverlay.delegate = self
        valuesOverlay.connect(view: host.view)
        live.delegate = self
        live.connect(panel.liveToggle)
        language.delegate = self
        panel.onLinkActivated = { [weak self] path, line in self?.openOutputLink(path: path, line: line) }
    }

    private var workspace: EditWorkspace? { host.editableDemo.map { EditWorkspace(demoID: $0.manifest.id) } }

    /// The controls follow the file shown: only a demo's own Swift files
    /// are edited, and only while Edit is on.
    func update() {
        let view = host.view
        let hasCode = host.editableDemo != nil && view != nil && host.files.contains(where: EditWorkspace.isEditable)
        panel.bar.isVisible = hasCode
        let file = host.shownCodeFile
        let editable = hasCode && file.map(EditWorkspace.isEditable) == true
        view?.isEditable = editable && panel.editToggle.isActive
        if view?.isEditable == true { view?.indentsAsCode() }
        editingFile = editable ? file : nil
        session.keepsChildReady = hasCode && panel.editToggle.isActive
        if view?.isEditable != true { language.stop() }
        panel.runButton.isSensitive = hasCode
        panel.liveToggle.isSensitive = hasCode
        panel.saveAsNewButton.isSensitive = hasCode
        panel.resetButton.isSensitive = workspace?.hasEdits == true
        revertButton.isVisible = editable && panel.editToggle.isActive
        updateRevertButton()
        // Keys ignored with Edit shown pressed would look like a broken editor.
        if let file, hasCode, !editable, panel.editToggle.isActive {
            notices.show(
                .readOnly,
                localized(
                    "“{file}” is read-only: only the demo’s own Swift files, in Model/ and Plugin/, are edited. Shared modules such as TextBounds belong to every demo."
                )
                .filling(["file": file.relativePath]), type: .info)
        } else {
            notices.hide(.readOnly)
        }
        applyProblemMarks()
        valuesOverlay.showValuesOfShownFile()
    }

    private func updateRevertButton() {
        revertButton.isSensitive = host.shownOpenFile.map { $0.isEditable && $0.isEdited } ?? false
    }

    /// The file shown goes back to its shipped code, saved at once (the list
    /// stops saying "edited"); Undo brings the edit back.
    private func revertFile() {
        guard let open = host.shownOpenFile, open.isEditable, open.isEdited else { return }
        open.replace(with: open.shipped)
        edits.save(open)
        host.refreshFileMarks()
        updateRevertButton()
        results.setStatus(
            localized("“{file}” is back to the code it shipped with; Undo (Ctrl+Z) brings your edit back.")
                .filling(["file": open.file.relativePath]))
    }

    // MARK: Running

    /// The text of each of the demo's own Swift files as the learner sees
    /// it, even where the edits folder refused it: the buffer shown, else
    /// the edit kept, else the file as shipped.
    func currentTexts() -> [String: String] {
        var texts: [String: String] = [:]
        guard let workspace else { return texts }
        for file in host.files where EditWorkspace.isEditable(file) {
            if let open = edits[host.openFileKey(file)] {
                texts[file.relativePath] = open.buffer.text
            } else if let edited = workspace.editedText(file.relativePath) {
                texts[file.relativePath] = edited
            } else if case .success(let text) = DemoSources.read(file) {
                texts[file.relativePath] = text
            }
        }
        return texts
    }

    /// Ctrl+R and Run Edited: every Swift file of the demo, edited or as
    /// shipped, built and opened (Live's builds open it only in place of one running).
    func runEdited(opensDemo: Bool = true) {
        guard let demo = host.editableDemo, let workspace else { return }
        edits.saveNow()
        host.revealResults()
        let texts = currentTexts()
        let inputs = host.files.compactMap { file in
            texts[file.relativePath].map { EditBuildPlan.Input(relativePath: file.relativePath, text: $0) }
        }
        guard let manifestText = FileSystem.read(demo.manifestPath) else {
            return results.setStatus(
                localized("The demo’s manifest {path} cannot be read.").filling(["path": demo.manifestPath]))
        }
        if opensDemo { panel.shownPage = .output }
        live.buildStarted(opensDemo: opensDemo)
        results.beginRun(of: demo.manifest.id)
        beginValues()
        session.run(manifest: demo.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
    }

    /// Run Edited: Show Values starts again for this run of the demo shown.
    func beginValues() {
        valuesOverlay.beginRun(of: host.editableDemo?.manifest.info.name ?? "", texts: currentTexts())
    }

    /// The Problems of the file shown, marked on their lines and in the gutter.
    private func applyProblemMarks() {
        guard let view = host.view else { return }
        let file = editingFile?.relativePath ?? host.shownCodeFile?.relativePath
        let here = results.problems.filter { $0.relativePath == file && $0.diagnostic.line > 0 }
        let errors = here.filter { $0.diagnostic.isError }.map(\.diagnostic.line)
        let warnings = here.filter { !$0.diagnostic.isError }.map(\.diagnostic.line)
        view.markProblemLines(errors)
        view.markProblemLines(warnings.filter { !errors.contains($0) }, warnings: true)
        view.setGutterMarks(errors, kind: .error)
        view.setGutterMarks(warnings, kind: .warning)
        // What was found as typed is of the text being edited: gone with Edit.
        view.underlineProblems(
            here.filter { $0.origin != .typing || view.isEditable }.map {
                let diagnostic = $0.diagnostic
                return ProblemSpan(
                    line: diagnostic.line, column: diagnostic.columns?.lowerBound ?? diagnostic.column,
                    endColumn: diagnostic.columns?.upperBound, isError: diagnostic.isError)
            })
    }

    /// A `file:line` of the Output: that file of the demo shown, at that line.
    private func openOutputLink(path: String, line: Int) {
        let name = FileSystem.basename(path)
        let files = host.files
        guard
            let file = files.first(where: { path.hasSuffix("/" + $0.relativePath) || path == $0.relativePath })
                ?? files.first(where: { FileSystem.basename($0.relativePath) == name })
        else { return }
        host.show(file.relativePath, line: line, column: nil)
    }

    // MARK: Reset

    private func confirmReset() {
        guard let demo = host.editableDemo, let workspace else { return }
        let dialog = MessageDialog(
            parent: host.pageWindow, kind: .question,
            title: localized("Discard your changes to “{name}”?").filling(["name": demo.manifest.info.name]),
            detail: localized("Every file of the demo goes back to the code it shipped with. This cannot be undone."))
        dialog.addButton(localized("_Cancel"), response: .cancel)
        dialog.addButton(localized("_Reset to Original"), response: .ok).addStyleClass("destructive-action")
        dialog.setDefaultResponse(.cancel)
        dialog.onResponse { [weak self] dialog, response in
            dialog.destroy()
            guard let self, response == .ok else { return }
            workspace.discard()
            self.edits.discardEdits(ofDemo: workspace.demoID)
            self.host.editsChanged(ofDemo: workspace.demoID)
            self.host.refreshFileMarks()
            self.host.showSelectedFile()
            self.results.setStatus(localized("The original code is back."))
        }
        dialog.present()
    }
}

extension SourceEditing: ValuesOverlayDelegate {
    var shownCodeFile: String? { host.shownCodeFile?.relativePath }

    func valuesOverlay(_ overlay: ValuesOverlay, show relativePath: String, line: Int) {
        host.show(relativePath, line: line, column: nil)
    }

    func valuesOverlay(_ overlay: ValuesOverlay, say sentence: String) {
        results.setStatus(sentence)
    }
}

extension SourceEditing: EditRunResultsDelegate {
    func editRunResultsChangedProblems(_ results: EditRunResults) { applyProblemMarks() }

    func editRunResultsNeedShowing(_ results: EditRunResults) { host.revealResults() }

    func editRunResults(_ results: EditRunResults, show relativePath: String, line: Int, column: Int) {
        host.show(relativePath, line: line, column: column)
    }
}

extension SourceEditing: LiveEditingDelegate {
    func liveEditing(_ live: LiveEditing, buildOpeningDemo opensDemo: Bool) {
        guard host.editableDemo != nil else { return }
        runEdited(opensDemo: opensDemo)
    }
}

/// What the page does as its files change.
extension SourceEditing: SourceEditsDelegate {
    var shownOpenFile: OpenFile? { host.shownOpenFile }

    func sourceEdits(_ edits: SourceEdits, typedIn open: OpenFile) {
        if open.demoID == host.editableDemo?.manifest.id { live.typed() }
        guard open === host.shownOpenFile else { return }
        updateRevertButton()
        // The lines have moved: the next build marks them again.
        let view = host.view
        view?.markProblemLines([])
        view?.markProblemLines([], warnings: true)
        view?.underlineProblems([])
        for kind in SourceView.GutterMark.allCases { view?.setGutterMarks([], kind: kind) }
        valuesOverlay.edited(open.file.relativePath, of: open.demoID)
        language.textChanged()
    }

    func sourceEditsChangedFileMarks(_ edits: SourceEdits) {
        host.refreshFileMarks()
    }

    func sourceEdits(_ edits: SourceEdits, changedEditsOf id: String) {
        if id == host.editableDemo?.manifest.id { panel.resetButton.isSensitive = workspace?.hasEdits == true }
        host.editsChanged(ofDemo: id)
    }
}

/// What the page gives completion and the errors as typed, and what it
/// does with what they find.
extension SourceEditing: EditorLanguageDelegate {
    func editorLanguageSubject(_ language: EditorLanguage) -> EditorLanguage.Subject? {
        guard let demo = host.editableDemo, let workspace, let file = editingFile, host.view?.isEditable == true,
            let manifestText = FileSystem.read(demo.manifestPath)
        else { return nil }
        let texts = currentTexts()
        return EditorLanguage.Subject(
            manifest: demo.manifest, manifestText: manifestText, manifestPath: demo.manifestPath,
            inputs: host.files.compactMap { file in
                texts[file.relativePath].map { EditBuildPlan.Input(relativePath: file.relativePath, text: $0) }
            },
            workspace: workspace, relativePath: file.relativePath)
    }

    func editorLanguage(_ language: EditorLanguage, found problems: [EditRunSession.Problem], in relativePath: String) {
        results.showFoundWhileTyping(problems, in: relativePath)
    }

    func editorLanguage(_ language: EditorLanguage, say sentence: String) {
        results.setStatus(sentence)
    }

    func editorLanguage(_ language: EditorLanguage, open relativePath: String, line: Int, column: Int) {
        host.show(relativePath, line: line, column: column)
    }

    func editorLanguage(_ language: EditorLanguage, show page: DeclarationPage) {
        host.showDeclaration(page)
    }

    func editorLanguageLeavesDeclaration(_ language: EditorLanguage) {
        host.leaveDeclaration()
    }
}
