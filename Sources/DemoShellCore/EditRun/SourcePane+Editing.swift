import DemoKit

/// A demo the Source page can edit: what its manifest says and where it is.
struct EditableDemo: Equatable {
    let manifest: PluginManifest
    let manifestPath: String
}

/// Edit and Run on the Source page: the code becomes editable, edits are
/// kept in the demo's workspace (never in the shipped files) a moment after
/// typing stops, and Run Edited builds and opens them in a process of their
/// own (`EditRunSession`), with the compiler's Problems and the demo's Output
/// below the code.
extension SourcePane {
    /// How long typing must pause before the edit is written.
    static let saveDelayMilliseconds = 700

    var workspace: EditWorkspace? { editableDemo.map { EditWorkspace(demoID: $0.manifest.id) } }

    func buildEditing() {
        let panel = editPanel
        panel.results.isVisible = false
        panel.results.isExcludedFromShowAll = true // shown by the first Run Edited
        panel.spinner.isSpinning = false
        panel.spinner.isExcludedFromShowAll = true
        panel.editToggle.onToggled { [weak self] toggle in
            self?.updateEditing()
            if toggle.isActive, self?.view?.isEditable == true { self?.view?.grabFocus() }
        }
        panel.runButton.onClicked { [weak self] _ in self?.runEdited() }
        panel.stopButton.onClicked { [weak self] _ in self?.session.stop() }
        panel.resetButton.onClicked { [weak self] _ in self?.confirmReset() }
        panel.problems.onRowActivated { [weak self] _, row in self?.showProblem(at: row.index) }
        view?.onChanged { [weak self] _ in self?.textChanged() }
        session.onPhaseChanged = { [weak self] phase in self?.phaseChanged(phase) }
        connectSessionToRecords() // each demo keeps its own results
        widget.onDestroy { [weak self] _ in
            self?.saveEditNow()
            self?.session.close()
        }
    }

    /// The edited text of `file`, if the learner has changed it.
    func editedText(of file: SourceFile) -> String? {
        guard EditWorkspace.isEditable(file) else { return nil }
        return workspace?.editedText(file.relativePath)
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
        panel.runButton.isSensitive = hasCode
        panel.resetButton.isSensitive = workspace?.hasEdits == true
        applyProblemMarks()
    }

    // MARK: Saving

    private func textChanged() {
        guard !loadingFile, editPanel.editToggle.isActive, editingFile != nil else { return }
        pendingSave?.cancel()
        pendingSave = widget.after(milliseconds: Self.saveDelayMilliseconds) { [weak self] in self?.saveEditNow() }
        // The lines have moved: the next build marks them again.
        view?.markProblemLines([])
        view?.markProblemLines([], warnings: true)
        for kind in SourceView.GutterMark.allCases { view?.setGutterMarks([], kind: kind) }
    }

    /// Writes the edit waiting to be saved, now (before another file is
    /// shown, a build, or the window's close).
    func saveEditNow() {
        guard let pending = pendingSave else { return }
        pending.cancel()
        pendingSave = nil
        guard let file = editingFile, let view, let workspace else { return }
        let original = file.path.flatMap { path -> String? in
            if case .success(let text) = DemoSources.read(file) { return text }
            return FileSystem.read(path)
        }
        do throws(FileError) {
            try workspace.save(view.text, for: file.relativePath, original: original)
        } catch {
            setStatus(localized("Your edit of {file} could not be saved: {reason}")
                .filling(["file": file.relativePath, "reason": error.message]))
        }
        editPanel.resetButton.isSensitive = workspace.hasEdits
        onEditsChanged?(workspace.demoID)
    }

    // MARK: Running

    /// Ctrl+R and Run Edited: every Swift file of the demo, edited or as
    /// shipped, built and opened.
    func runEdited() {
        guard let demo = editableDemo, let workspace else { return }
        saveEditNow()
        revealResults()
        var inputs: [EditBuildPlan.Input] = []
        for file in files where EditWorkspace.isEditable(file) {
            if let edited = workspace.editedText(file.relativePath) {
                inputs.append(.init(relativePath: file.relativePath, text: edited))
            } else if case .success(let text) = DemoSources.read(file) {
                inputs.append(.init(relativePath: file.relativePath, text: text))
            }
        }
        guard let manifestText = FileSystem.read(demo.manifestPath) else {
            return setStatus(localized("The demo’s manifest {path} cannot be read.").filling(["path": demo.manifestPath]))
        }
        editPanel.resultStack.visiblePageName = "output"
        beginRun(of: demo.manifest.id)
        session.run(manifest: demo.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
    }

    /// Problems and Output appear with the first run, a third of the page high.
    private func revealResults() {
        guard !editPanel.results.isVisible else { return }
        editPanel.results.isVisible = true
        let height = split.allocatedHeight
        if height > 0 { split.position = max(120, height - max(160, height / 3)) }
    }

    private func phaseChanged(_ phase: EditRunSession.Phase) {
        updateRunControls()
    }

    func setStatus(_ text: String?) {
        editPanel.status.text = text ?? ""
        editPanel.status.tooltip = text
        if let text, !text.isEmpty { _ = editPanel.status.announce(text) }
    }

    // MARK: Problems

    func showProblems(_ problems: [EditRunSession.Problem]) {
        problemRows = problems
        editPanel.showProblems(problems.map { (Self.describe($0), $0.diagnostic.isError) })
        if problems.contains(where: { $0.diagnostic.isError }) {
            revealResults()
            editPanel.resultStack.visiblePageName = "problems"
        }
        applyProblemMarks()
    }

    /// "SayHelloView.swift, line 12: expected pattern".
    nonisolated static func describe(_ problem: EditRunSession.Problem) -> String {
        let diagnostic = problem.diagnostic
        guard diagnostic.line > 0, !diagnostic.path.isEmpty else { return diagnostic.message }
        let file = problem.relativePath.map(FileSystem.basename) ?? FileSystem.basename(diagnostic.path)
        return localized("{file}, line {line}: {message}")
            .filling(["file": file, "line": String(diagnostic.line), "message": diagnostic.message])
    }

    /// Shows the file of problem `index` with the cursor on its line.
    private func showProblem(at index: Int) {
        guard problemRows.indices.contains(index), let relative = problemRows[index].relativePath,
              let fileIndex = files.firstIndex(where: { $0.relativePath == relative }) else { return }
        if fileSelector.activeIndex != fileIndex { fileSelector.activeIndex = fileIndex }
        let diagnostic = problemRows[index].diagnostic
        view?.moveCursor(toLine: diagnostic.line, column: diagnostic.column)
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
        let dialog = MessageDialog(parent: widget.window, kind: .question,
                                   title: localized("Discard your changes to “{name}”?").filling(["name": demo.manifest.info.name]),
                                   detail: localized("Every file of the demo goes back to the code it shipped with. This cannot be undone."))
        dialog.addButton(localized("_Cancel"), response: .cancel)
        dialog.addButton(localized("_Reset to Original"), response: .ok).addStyleClass("destructive-action")
        dialog.setDefaultResponse(.cancel)
        dialog.onResponse { [weak self] dialog, response in
            dialog.destroy()
            guard let self, response == .ok else { return }
            self.pendingSave?.cancel()
            self.pendingSave = nil
            workspace.discard()
            self.onEditsChanged?(workspace.demoID)
            self.showSelectedFile()
            self.setStatus(localized("The original code is back."))
        }
        dialog.present()
    }
}
