import DemoShellKit
import PluginHost
import ShellModel

/// A demo the Source page can edit: what its manifest says and where it is.
struct EditableDemo: Equatable {
    let manifest: PluginManifest
    let manifestPath: String
}

/// Edit and Run on the Source page: the code becomes editable, edits are
/// kept in the demo's workspace (never in the shipped files) a moment after
/// typing stops and before the window closes (`SourcePane+Closing`), and
/// Run Edited builds and opens them in a process of their own
/// (`EditRunSession`), with the compiler's Problems and the demo's Output
/// below the code.
extension SourcePane {
    var workspace: EditWorkspace? { editableDemo.map { EditWorkspace(demoID: $0.manifest.id) } }

    func buildEditing() {
        let panel = editPanel
        panel.results.isVisible = false
        panel.results.isExcludedFromShowAll = true  // shown by the first Run Edited
        panel.spinner.isSpinning = false
        panel.spinner.isExcludedFromShowAll = true
        panel.editToggle.onToggled { [weak self] toggle in
            self?.updateEditing()
            if toggle.isActive, self?.view?.isEditable == true { self?.view?.grabFocus() }
        }
        panel.runButton.onClicked { [weak self] _ in self?.runEdited() }
        panel.stopButton.onClicked { [weak self] _ in self?.session.stop() }
        panel.resetButton.onClicked { [weak self] _ in self?.confirmReset() }
        panel.saveAsNewButton.onClicked { [weak self] _ in
            guard let self, let demo = self.editableDemo else { return }
            self.edits.saveNow()
            self.onSaveAsNewDemo?(demo, self.currentTexts())
        }
        panel.problems.onRowActivated { [weak self] _, row in self?.showProblem(at: row.index) }
        revertButton.onClicked { [weak self] _ in self?.revertFile() }
        session.delegate = self  // each demo keeps its own results (`EditRunRecords`)
        panel.onLinkActivated = { [weak self] path, line in self?.openOutputLink(path: path, line: line) }
        valuesOverlay.delegate = self
        valuesOverlay.connect(view: view)
        live.delegate = self
        live.connect(panel.liveToggle)
        // The launcher lets go of the page as its window is destroyed, before
        // the page's own widgets are: the page stays until they are, so that
        // what it does then (save, stop the edited demo) is done.
        widget.retain(self)
        widget.onDestroy { [weak self] _ in self?.closed() }
        // The close button and Ctrl+W: every edit is saved first, or the
        // window stays open and asks what to do with it.
        widget.window?.onBoolean("delete-event") { [weak self] window in
            guard let self else { return false }
            return !self.readyToClose(then: { [weak window] in window?.destroy() })
        }
    }

    /// The controls follow the file shown: only a demo's own Swift files
    /// are edited, and only while Edit is on.
    func updateEditing() {
        let panel = editPanel
        let hasCode = editableDemo != nil && view != nil && files.contains(where: EditWorkspace.isEditable)
        panel.bar.isVisible = hasCode
        let file = content?.visiblePageName == "code" ? shownFile : nil
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

    func updateRevertButton() {
        revertButton.isSensitive = shownOpenFile.map { $0.isEditable && $0.isEdited } ?? false
    }

    /// The file shown goes back to its shipped code, saved at once (the list
    /// stops saying "edited"); Undo brings the edit back.
    func revertFile() {
        guard let open = shownOpenFile, open.isEditable, open.isEdited else { return }
        open.replace(with: open.shipped)
        edits.save(open)
        refreshFileMarks()
        updateRevertButton()
        setStatus(
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
        for file in files where EditWorkspace.isEditable(file) {
            if let open = edits[openFileKey(file)] {
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
        guard let demo = editableDemo, let workspace else { return }
        edits.saveNow()
        revealResults()
        let texts = currentTexts()
        let inputs = files.compactMap { file in
            texts[file.relativePath].map { EditBuildPlan.Input(relativePath: file.relativePath, text: $0) }
        }
        guard let manifestText = FileSystem.read(demo.manifestPath) else {
            return setStatus(
                localized("The demo’s manifest {path} cannot be read.").filling(["path": demo.manifestPath]))
        }
        if opensDemo { editPanel.shownPage = .output }
        live.buildStarted(opensDemo: opensDemo)
        beginRun(of: demo.manifest.id)
        beginValues()
        session.run(manifest: demo.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
    }

    /// Problems and Output appear with the first run, a third of the page high.
    func revealResults() {
        guard !editPanel.results.isVisible else { return }
        editPanel.results.isVisible = true
        let height = split.allocatedHeight
        if height > 0 { split.position = max(120, height - max(160, height / 3)) }
    }

    /// `afterFocusMoves`: the edited demo's window has just closed (it
    /// ended, or crashed), so the launcher may be coming forward, and a
    /// screen reader speaking it would cut the sentence short: it is
    /// announced once the focus has settled.
    func setStatus(_ text: String?, afterFocusMoves: Bool = false) {
        editPanel.status.text = text ?? ""
        editPanel.status.tooltip = text
        guard let text, !text.isEmpty, !live.isQuietStatus(text) else { return }
        let status = editPanel.status
        // Not spoken once the status line says something newer (a build Live started meanwhile).
        if afterFocusMoves {
            status.announceWhenFocusSettles(text) { [weak status] in status?.text == text }
        } else {
            _ = status.announce(text)
        }
    }

    // MARK: Problems

    /// `reveals`: errors bring Problems forward (a build's; not those found while typing).
    func showProblems(_ problems: [EditRunSession.Problem], reveals: Bool = true) {
        problemRows = problems
        editPanel.showProblems(problems.map { (Self.describe($0), $0.diagnostic.isError) })
        if reveals, problems.contains(where: { $0.diagnostic.isError }) {
            revealResults()
            editPanel.shownPage = .problems
        }
        applyProblemMarks()
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
        guard problemRows.indices.contains(index), let relative = problemRows[index].relativePath else { return }
        let diagnostic = problemRows[index].diagnostic
        show(relative, line: diagnostic.line, column: diagnostic.column)
    }

    /// Run Edited: Show Values starts again for this run of the demo shown.
    func beginValues() {
        valuesOverlay.beginRun(of: editableDemo?.manifest.info.name ?? "", texts: currentTexts())
    }

    private func applyProblemMarks() {
        guard let view else { return }
        let file = editingFile?.relativePath ?? shownFile?.relativePath
        let here = problemRows.filter { $0.relativePath == file && $0.diagnostic.line > 0 }
        let errors = here.filter { $0.diagnostic.isError }.map(\.diagnostic.line)
        let warnings = here.filter { !$0.diagnostic.isError }.map(\.diagnostic.line)
        view.markProblemLines(errors)
        view.markProblemLines(warnings.filter { !errors.contains($0) }, warnings: true)
        view.setGutterMarks(errors, kind: .error)
        view.setGutterMarks(warnings, kind: .warning)
    }

    func demoChanged(to demo: EditableDemo?) {
        switchRecords(to: demo)
    }

    // MARK: Reset

    private func confirmReset() {
        guard let demo = editableDemo, let workspace else { return }
        let dialog = MessageDialog(
            parent: widget.window, kind: .question,
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
            self.onEditsChanged?(workspace.demoID)
            self.refreshFileMarks()
            self.showSelectedFile()
            self.setStatus(localized("The original code is back."))
        }
        dialog.present()
    }
}

extension SourcePane: ValuesOverlayDelegate {
    var shownCodeFile: String? { content?.visiblePageName == "code" ? shownFile?.relativePath : nil }

    func valuesOverlay(_ overlay: ValuesOverlay, show relativePath: String, line: Int) {
        show(relativePath, line: line)
    }

    func valuesOverlay(_ overlay: ValuesOverlay, say sentence: String) {
        setStatus(sentence)
    }
}

extension SourcePane: LiveEditingDelegate {
    func liveEditing(_ live: LiveEditing, buildOpeningDemo opensDemo: Bool) {
        guard editableDemo != nil else { return }
        runEdited(opensDemo: opensDemo)
    }
}

/// What the page does as its files change.
extension SourcePane: SourceEditsDelegate {
    func sourceEdits(_ edits: SourceEdits, typedIn open: OpenFile) {
        if open.demoID == editableDemo?.manifest.id { live.typed() }
        guard open === shownOpenFile else { return }
        updateRevertButton()
        // The lines have moved: the next build marks them again.
        view?.markProblemLines([])
        view?.markProblemLines([], warnings: true)
        for kind in SourceView.GutterMark.allCases { view?.setGutterMarks([], kind: kind) }
        valuesOverlay.edited(open.file.relativePath, of: open.demoID)
        language.textChanged()
    }

    func sourceEditsChangedFileMarks(_ edits: SourceEdits) {
        refreshFileMarks()
    }

    func sourceEdits(_ edits: SourceEdits, changedEditsOf id: String) {
        if id == editableDemo?.manifest.id { editPanel.resetButton.isSensitive = workspace?.hasEdits == true }
        onEditsChanged?(id)
    }
}
