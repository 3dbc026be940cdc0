import DemoShellKit
import PluginHost
import ShellModel

/// What the Source page gives completion and the errors as typed, and
/// what it does with what they find.
extension SourcePane: EditorLanguageDelegate {
    func editorLanguageSubject(_ language: EditorLanguage) -> EditorLanguage.Subject? {
        guard let demo = editableDemo, let workspace, let file = editingFile, view?.isEditable == true,
            let manifestText = FileSystem.read(demo.manifestPath)
        else { return nil }
        let texts = currentTexts()
        return EditorLanguage.Subject(
            manifest: demo.manifest, manifestText: manifestText, manifestPath: demo.manifestPath,
            inputs: files.compactMap { file in
                texts[file.relativePath].map { EditBuildPlan.Input(relativePath: file.relativePath, text: $0) }
            },
            workspace: workspace, relativePath: file.relativePath)
    }

    /// The file's problems as typed replace those found before in it (a
    /// build's too: they are of an older text); other files' stay.
    func editorLanguage(_ language: EditorLanguage, found problems: [EditRunSession.Problem], in relativePath: String) {
        // The lines are marked in place; the list below is not opened by
        // typing (the code would shrink under the caret), only kept current.
        let kept = problemRows.filter { $0.relativePath != relativePath && $0.origin != .typing }
        showProblems(kept + problems, reveals: false)
    }

    func editorLanguage(_ language: EditorLanguage, say sentence: String) {
        setStatus(sentence)
    }

    func editorLanguage(_ language: EditorLanguage, open relativePath: String, line: Int, column: Int) {
        show(relativePath, line: line, column: column)
    }

    func editorLanguage(_ language: EditorLanguage, show page: DeclarationPage) {
        if page.widget.parent == nil { content.addPage(page.widget, name: "declaration") }
        content.visiblePageName = "declaration"
        page.view.grabFocus()
    }

    func editorLanguageLeavesDeclaration(_ language: EditorLanguage) {
        content.visiblePageName = "code"
        view?.grabFocus()
    }

    func editorLanguage(_ language: EditorLanguage, replaceWith formatted: String, caret: Int) {
        guard let open = shownOpenFile, open.isEditable else { return }
        open.replace(with: formatted)
        view?.select(caret..<caret)
    }
}
