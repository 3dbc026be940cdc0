import EditRunModel
import TextBounds
import DemoShellKit
import PluginHost
import ShellModel

/// The launcher's Source page: a demo's files in GtkSourceView with
/// highlighting, line numbers, a scheme that follows the theme, Ctrl+F
/// search and Copy; read-only until Edit, and then built and run in a
/// process of its own by Run Edited (`SourceEditing`).
///
/// Built the first time the page is shown: GtkSourceView (with libxml2 and
/// ICU) is only loaded then, so start-up and plugins never pay for it.
@MainActor
final class SourcePane {
    /// The page in the launcher's stack; empty until `build()`.
    let widget: Box
    private(set) var isBuilt = false

    private(set) var fileSelector: ComboBoxText!
    private lazy var copy = CopyFileButton()  // made with the page
    var copyButton: Button { copy.button }
    private(set) var view: SourceView?
    private var toolbar: Box!
    private var content: Stack!
    /// The code above, Problems and Output below.
    private var split: Paned!
    private var message: SourceMessage!
    /// Edit and Run's controls, Problems and Output (made with the page,
    /// not with the launcher: start-up never pays for them).
    private(set) lazy var editPanel: EditRunPanel = {
        isEditPanelMade = true
        return EditRunPanel()
    }()
    /// Whether the page made Edit and Run's panel yet (a start never does).
    private(set) var isEditPanelMade = false
    /// Find in File, Replace and Go to Line (made with the page).
    private(set) lazy var findBar = SourceFindBar()
    let session: EditRunSession
    /// Live's state, timer and switch.
    let live = LiveEditing()
    /// Completion, the errors as typed, Quick Help and Go to Definition,
    /// while Edit is on (made with the page).
    private(set) lazy var language = EditorLanguage(paths: session.paths)
    /// Show Values: its switch, the hints beside the code and the Values list.
    private(set) lazy var valuesOverlay = ValuesOverlay(panel: editPanel, session: session, settings: settings)
    /// The launcher's settings, where Live's and Show Values' switches are remembered.
    private let settings: Settings?
    /// The demo whose files are shown, when it can be edited.
    var editableDemo: EditableDemo?
    /// Bars above the code: an edit not saved, a file changed on disk…
    let notices = SourceNotices()
    /// Every file shown this session, with its own buffer, saved and
    /// watched (`SourceEdits`), by `openFileKey`.
    let edits: SourceEdits
    /// Puts the file shown back to the code it shipped with (undoable).
    private(set) var revertButton: Button!
    /// Asks what to do with edits that could not be saved, before a close.
    private(set) lazy var unsavedGuard = UnsavedEditsGuard(edits: edits) { [unowned self] in self.widget.window }
    /// The status line, Problems and Output of each demo's runs.
    private(set) lazy var runResults = EditRunResults(
        panel: editPanel, session: session, live: live, valuesOverlay: valuesOverlay)
    /// Edit and Run's controls and what they do (made with the page).
    private(set) var editing: SourceEditing!
    /// A demo's edits were saved or discarded (its row says "edited").
    var onEditsChanged: ((String) -> Void)?
    /// Save as New Demo: the demo shown, with the text of each of its own
    /// Swift files as the learner sees it now (relative path → text).
    var onSaveAsNewDemo: ((EditableDemo, [String: String]) -> Void)?

    /// The files of the demo shown, in the selector's order.
    private(set) var files: [SourceFile] = []
    private var pendingFiles: (files: [SourceFile], demo: EditableDemo?)?
    private var updatingSelector = false
    /// What the file list says of each file ("… (edited)").
    private(set) var fileLabels: [String] = []

    /// The light and dark schemes (GtkSourceView 4 ships both; Tango colours).
    static let lightScheme = "tango", darkScheme = "oblivion"

    init(paths: ShellPaths, settings: Settings? = nil) {
        self.settings = settings
        live.settings = settings
        widget = Box(.vertical)
        session = EditRunSession(paths: paths)
        edits = SourceEdits(notices: notices)
    }

    /// Shows `files` (empty: the demo ships no source) of `demo`, which can
    /// be edited when given.
    func show(_ files: [SourceFile], demo: EditableDemo? = nil) {
        guard isBuilt else {
            pendingFiles = (files, demo)
            return
        }
        edits.saveNow()
        let shapeProblem = demo.flatMap { updateKeptEdits(of: $0, files: files) }
        if demo?.manifest.id != editableDemo?.manifest.id { runResults.switchRecords(to: demo) }
        editableDemo = demo
        self.files = files
        updatingSelector = true
        fileSelector.removeAll()
        fileLabels = files.map(fileLabel)
        for (index, label) in fileLabels.enumerated() { fileSelector.append(id: String(index), text: label) }
        // After a restart, the learner's own work comes first.
        fileSelector.activeIndex = files.isEmpty ? -1 : files.firstIndex(where: isEdited) ?? 0
        updatingSelector = false
        fileSelector.isSensitive = files.count > 1
        fileSelector.isVisible = !files.isEmpty
        showSelectedFile()
        if let shapeProblem { runResults.setStatus(shapeProblem.message) }
    }

    /// Kept edits written in the old plugin shape, brought to the current shape
    /// before they are first shown (none of the demo's files open: a
    /// buffer being typed in is never rewritten under it); what to change
    /// when they were left as they are.
    private func updateKeptEdits(of demo: EditableDemo, files: [SourceFile]) -> SDKShapeProblem? {
        guard !edits.all.contains(where: { $0.demoID == demo.manifest.id }) else { return nil }
        return DemoShapeUpdates.updateKeptEdits(
            EditWorkspace(demoID: demo.manifest.id), manifestPath: demo.manifestPath, files: files)
    }

    /// Every edit saved: true, close now; otherwise false, and a dialog asks
    /// what to do (`UnsavedEditsGuard`); `proceed` runs once it is answered.
    func readyToClose(then proceed: @escaping @MainActor () -> Void) -> Bool {
        guard isBuilt else { return true }
        return unsavedGuard.readyToClose(then: proceed)
    }

    /// The page's widgets are going: what can be saved is (unless the
    /// learner chose to discard it), and the edited demo stops.
    func closed() {
        edits.close(saving: !unsavedGuard.answered)
        session.close()
        if isBuilt { language.close() }
    }

    /// The file now shown, if any.
    var shownFile: SourceFile? {
        let index = fileSelector?.activeIndex ?? -1
        return files.indices.contains(index) ? files[index] : nil
    }

    /// The page shown in place of the code: "code", "message" or "declaration".
    var shownPageName: String? { content?.visiblePageName }

    /// The message shown instead of a file, if any.
    var shownMessage: String? { content?.visiblePageName == "message" ? message.text : nil }

    // MARK: Building

    func build() {
        guard !isBuilt else { return }
        isBuilt = true

        toolbar = Box(.horizontal, spacing: 6)
        toolbar.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        fileSelector = ComboBoxText()
        fileSelector.accessibleName = localized("Source file")
        fileSelector.tooltip = localized("Source file")
        fileSelector.nameItsButton(localized("Source file"))
        fileSelector.ellipsizesEntries()  // a long path never widens the launcher
        revertButton = Button(label: localized("Re_vert File"))
        revertButton.accessibleName = localized("Revert File")
        revertButton.tooltip = localized("Put this file back to the code it shipped with (Undo brings your edit back)")
        revertButton.isExcludedFromShowAll = true  // shown with Edit, for a file that can be edited
        toolbar.append(fileSelector)
        toolbar.appendAtEnd(copyButton)
        toolbar.appendAtEnd(findBar.findButton)
        toolbar.appendAtEnd(revertButton)

        content = Stack(transition: .none)
        content.expandsVertically = true
        split = Paned(.vertical)
        // Its handle takes the focus (F8).
        split.accessibleName = localized("Divider between the code and Problems and Output")
        split.setStart(content, resizes: true, shrinks: false)
        split.setEnd(editPanel.results, resizes: false, shrinks: false)
        split.expandsVertically = true
        message = SourceMessage()
        content.addPage(message.page, name: "message")

        if let failure = SourceViewLibrary.load() {
            showMessage(
                localized("Source code cannot be shown: GtkSourceView 4 is missing ({reason}).")
                    .filling(["reason": failure]), icon: "dialog-warning-symbolic")
        } else {
            let view = SourceView()
            view.accessibleName = localized("Source code")
            view.isEditable = false
            view.isCursorVisible = true
            view.isMonospace = true
            view.wrapMode = .none
            view.showsLineNumbers = true
            view.setHighlightsCurrentLine(true)
            view.setHighlightsMatchingBrackets(true)
            view.setTabWidth(4)
            view.leftMargin = 6
            view.rightMargin = 12
            view.topMargin = 6
            view.bottomMargin = 6
            let scroller = ScrolledWindow()
            scroller.accessibleName = localized("Source code")  // GTK's scrolled windows take the focus
            scroller.scrollsHorizontally = true
            scroller.add(view)
            content.addPage(scroller, name: "code")
            self.view = view
            findBar.attach(view)
            language.attach(to: view)
        }

        widget.append(toolbar)
        widget.append(editPanel.bar)
        widget.append(notices.area)
        widget.append(findBar.searchRow)
        // Under the search row: Replace, then Go to Line.
        widget.append(findBar.extras.replaceRow)
        widget.append(findBar.extras.lineRow)
        widget.append(Separator(.horizontal))
        widget.append(split, expand: true)
        widget.showAll()
        findBar.showHidden()
        editing = SourceEditing(
            host: self, panel: editPanel, session: session, live: live, valuesOverlay: valuesOverlay,
            results: runResults, language: language, edits: edits, notices: notices, revertButton: revertButton)
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

        followTheme()
        toolbar.onStyleUpdated { [unowned self] _ in self.followTheme() }
        fileSelector.onChanged { [unowned self] _ in
            if !self.updatingSelector { self.showSelectedFile() }
        }
        copyButton.onClicked { [unowned self] _ in self.copyFile() }

        show(pendingFiles?.files ?? [], demo: pendingFiles?.demo)
        pendingFiles = nil
    }

    /// Problems and Output appear with the first run, a third of the page high.
    func revealResults() {
        guard !editPanel.results.isVisible else { return }
        editPanel.results.isVisible = true
        let height = split.allocatedHeight
        if height > 0 { split.position = max(120, height - max(160, height / 3)) }
    }

    // MARK: Files

    // Each opened once per session into a buffer of its own (`SourceEdits`),
    // shown by switching the view's buffer; the file list says which are
    // edited, and after a restart shows an edited one first.

    /// One per demo and file: a shared module's file shown for two demos is
    /// two files, as each demo's edits are its own.
    func openFileKey(_ file: SourceFile) -> String {
        (editableDemo?.manifest.id ?? "") + "\u{0}" + (file.path ?? file.relativePath)
    }

    /// The file shown, as opened.
    var shownOpenFile: OpenFile? {
        guard content?.visiblePageName == "code", let file = shownFile else { return nil }
        return edits[openFileKey(file)]
    }

    private var workspace: EditWorkspace? { editableDemo.map { EditWorkspace(demoID: $0.manifest.id) } }

    /// `file` as opened this session (`SourceEdits.open`).
    func openFile(_ file: SourceFile) -> Result<OpenFile, SourceReadError> {
        guard let view else { return .failure(SourceReadError(message: localized("The file cannot be read."))) }
        return edits.open(file, key: openFileKey(file), workspace: workspace, styleSchemeID: view.styleSchemeID)
    }

    /// Whether another program changed `file`'s edited copy, and the
    /// learner has not yet said to reload it or keep theirs.
    func isChangedOnDisk(_ file: SourceFile) -> Bool {
        editableDemo != nil && edits[openFileKey(file)]?.changedOnDisk != nil
    }

    /// Whether the learner has changed `file` (saved or not).
    func isEdited(_ file: SourceFile) -> Bool {
        guard editableDemo != nil, EditWorkspace.isEditable(file) else { return false }
        if let open = edits[openFileKey(file)] { return open.isEdited }
        return workspace?.editedContents(file.relativePath) != nil
    }

    /// "Plugin/SayHelloView.swift (edited)" in the file list.
    func fileLabel(_ file: SourceFile) -> String {
        if isChangedOnDisk(file) { return localized("{file} (changed on disk)").filling(["file": file.relativePath]) }
        return isEdited(file) ? localized("{file} (edited)").filling(["file": file.relativePath]) : file.relativePath
    }

    /// The file list says again which files are edited.
    func refreshFileMarks() {
        guard isBuilt else { return }
        let labels = files.map(fileLabel)
        guard labels != fileLabels else { return }
        let active = fileSelector.activeIndex
        updatingSelector = true
        fileSelector.removeAll()
        for (index, label) in labels.enumerated() { fileSelector.append(id: String(index), text: label) }
        fileSelector.activeIndex = active
        updatingSelector = false
        fileLabels = labels
    }

    func showSelectedFile() {
        edits.saveNow()
        if isBuilt { findBar.end() }
        guard let file = shownFile else {
            showMessage(localized("This demo ships no source code."), icon: "text-x-generic-symbolic")
            return
        }
        guard let view else {
            // No GtkSourceView: the message set at build time stays.
            copyButton.isSensitive = false
            findBar.showsCode = false
            return
        }
        switch openFile(file) {
        case .failure(let error):
            showMessage(error.message, icon: "dialog-warning-symbolic")
        case .success(let open):
            view.sourceBuffer = open.buffer
            // Which demo and which file, heard as the code gets the focus
            // (after New Demo, it is what confirms the demo was made).
            view.accessibleName = localized("{demo} — {file}").filling([
                "demo": editableDemo?.manifest.info.name ?? localized("Source code"),
                "file": file.relativePath,
            ])
            view.scrollToStart()  // column 0, whatever the file before was scrolled to
            content.visiblePageName = "code"
            copyButton.isSensitive = true
            findBar.showsCode = true
        }
        editing.update()
        edits.shown(shownOpenFile)
    }

    private func showMessage(_ text: String, icon: String) {
        message.show(text, icon: icon)
        content.visiblePageName = "message"
        copyButton.isSensitive = false
        findBar.showsCode = false
    }

    private func copyFile() {
        guard let view, content.visiblePageName == "code" else { return }
        copy.copy(view.text)
    }

    /// Tango on a light theme, its dark sibling on a dark one: decided from
    /// the theme, as GTK picks it, not from a text colour (in the background a
    /// light theme's text turns light grey, and the code turned dark).
    private func followTheme() {
        guard let view else { return }
        let wanted = ThemeVariant.isDark ? Self.darkScheme : Self.lightScheme
        if view.styleSchemeID != wanted { view.styleSchemeID = wanted }
        for open in edits.all where open.buffer.styleSchemeID != wanted { open.buffer.styleSchemeID = wanted }
    }
}

extension SourcePane: SourceEditingHost {
    var shownCodeFile: SourceFile? { content?.visiblePageName == "code" ? shownFile : nil }

    var pageWindow: Window? { widget.window }

    /// Shows the demo's file `relativePath` with the cursor at `line` (and `column`).
    func show(_ relativePath: String, line: Int, column: Int? = nil) {
        guard let index = files.firstIndex(where: { $0.relativePath == relativePath }) else { return }
        if fileSelector.activeIndex != index { fileSelector.activeIndex = index }
        if let column { view?.moveCursor(toLine: line, column: column) } else { view?.moveCursor(toLine: line) }
    }

    func editsChanged(ofDemo id: String) { onEditsChanged?(id) }

    func showDeclaration(_ page: DeclarationPage) {
        if page.widget.parent == nil { content.addPage(page.widget, name: "declaration") }
        content.visiblePageName = "declaration"
        page.view.grabFocus()
    }

    func leaveDeclaration() {
        content.visiblePageName = "code"
        view?.grabFocus()
    }

    func saveAsNewDemo(_ demo: EditableDemo, texts: [String: String]) { onSaveAsNewDemo?(demo, texts) }
}
