import DemoShellKit
import PluginHost
import EditRunModel
import ShellModel

/// What the editor's language features tell the Source page.
@MainActor
protocol EditorLanguageDelegate: AnyObject {
    /// The file being edited now and the demo's files as typed; nil when
    /// nothing is (Edit off, a file that is not the demo's own).
    func editorLanguageSubject(_ language: EditorLanguage) -> EditorLanguage.Subject?
    /// The errors and warnings of `relativePath` as typed (origin `.typing`), replacing those found before.
    func editorLanguage(_ language: EditorLanguage, found problems: [EditRunSession.Problem], in relativePath: String)
    /// A sentence for the status line (the service has stopped: said once).
    func editorLanguage(_ language: EditorLanguage, say sentence: String)
    /// Go to Definition into one of the demo's own files.
    func editorLanguage(_ language: EditorLanguage, open relativePath: String, line: Int, column: Int)
    /// Go to Definition elsewhere: `page` (read-only) is to be shown in place of the code.
    func editorLanguage(_ language: EditorLanguage, show page: DeclarationPage)
    /// Back from the declaration page to the code.
    func editorLanguageLeavesDeclaration(_ language: EditorLanguage)
}

/// The Swift the editor knows while Edit is on: the completion list
/// (`SourceCompletion`) filled from the language service, and the errors
/// of the file as typed, asked half a second after typing stops. Every
/// question is a task awaiting the service (`LanguageService`, a process
/// of its own): typing never waits on it. The text changing cancels what
/// was asked about the text before, and its answer is dropped.
@MainActor
final class EditorLanguage: SourceCompletionSource, LanguageServiceDelegate, QuickHelpDelegate,
    DeclarationPageDelegate
{
    /// What is asked about: the demo, its files as typed, the file shown.
    struct Subject {
        let manifest: PluginManifest
        let manifestText: String
        /// Where the demo's manifest is (its folder's `.swift-format` is the demo's own).
        let manifestPath: String
        let inputs: [EditBuildPlan.Input]
        let workspace: EditWorkspace
        let relativePath: String
    }

    /// The pause after the last key before the file's errors are asked for.
    static let pauseMilliseconds = LanguageService.typingPause
    /// The pause after letters before completion asks (none after `.`).
    static let lettersPauseMilliseconds = 80
    /// How long after a choice the names chosen are written.
    static let historySaveMilliseconds = 1000

    weak var delegate: (any EditorLanguageDelegate)?
    let service: LanguageService
    private(set) var completion: SourceCompletion?
    /// Ctrl+Shift+Space and F12 at the caret.
    let quickHelp = QuickHelp()
    /// Declarations outside the demo's own files, read-only; made when first needed.
    private(set) var declarationPage: DeclarationPage?
    private weak var view: SourceView?
    private var pause: SourceID?
    private var diagnosing: Task<Void, Never>?
    /// SourceKit's items for a name begun at `start` after exactly `before`,
    /// `typed` of it typed then (the service sends only what begins with it):
    /// typing more of the name filters them without asking again.
    private var items: (start: Int, before: String, typed: String, items: [CompletionItem])?
    /// The context last made, and of which files (all but the one typed in).
    private var context: (key: String, context: LanguageContext)?
    /// Names chosen from the list, latest last: ranked first next time,
    /// in this launch and the next ones.
    private(set) var history: CompletionHistory
    /// The history's write, a moment after a choice (once for several):
    /// the file is synced to disk, which no key should wait for.
    private var saving: SourceID?
    /// The name of each row of the list shown, by its label.
    private var shownNames: [String: String] = [:]
    private var toldOff = false
    /// Questions answered, for the tests: completion lists filled, error lists found.
    private(set) var answered = (completions: 0, diagnoses: 0)

    init(
        paths: ShellPaths, shellExecutable: String? = nil, historyPath: String? = CompletionHistory.defaultPath
    ) {
        history = CompletionHistory(path: historyPath)
        service = LanguageService(paths: paths, shellExecutable: shellExecutable)
        service.delegate = self
    }

    /// Completion in `view` (the page's one source view).
    func attach(to view: SourceView) {
        self.view = view
        completion = SourceCompletion(view: view)
        completion?.source = self
        quickHelp.delegate = self
        quickHelp.attach(to: view)
    }

    /// The text changed: what was asked about it before is dropped, and its
    /// errors are asked for once typing pauses.
    func textChanged() {
        quickHelp.pointer.forget()
        service.cancel(.diagnose)
        diagnosing?.cancel()
        pause?.cancel()
        guard service.ending == nil, delegate?.editorLanguageSubject(self) != nil else { return }
        pause = MainLoop.after(milliseconds: Self.pauseMilliseconds) { [weak self] in
            self?.pause = nil
            self?.diagnose()
        }
    }

    /// Edit is off, or the page closes: the service ends, the list closes.
    func stop() {
        quickHelp.pointer.forget()
        pause?.cancel()
        pause = nil
        if let saving {
            saving.cancel()
            self.saving = nil
            history.save()
        }
        diagnosing?.cancel()
        completion?.hide()
        service.end()
        items = nil
        context = nil
        toldOff = false
    }

    /// The page is going: the provider leaves the view.
    func close() {
        stop()
        completion?.detach()
        completion = nil
    }

    /// A problem found while typing, as Problems lists it: marked so, apart from a build's.
    nonisolated static func describe(_ problem: EditRunSession.Problem) -> String {
        let diagnostic = problem.diagnostic
        let file = problem.relativePath.map(FileSystem.basename) ?? FileSystem.basename(diagnostic.path)
        return localized("{file}, line {line} (as typed): {message}")
            .filling(["file": file, "line": String(diagnostic.line), "message": diagnostic.message])
    }

    // MARK: Asking

    private func currentContext(_ subject: Subject) -> LanguageContext? {
        var key = subject.relativePath + "\u{0}" + subject.manifestText
        for input in subject.inputs where input.relativePath != subject.relativePath {
            key += "\u{0}" + input.relativePath + "\u{0}" + input.text
        }
        if let context, context.key == key { return context.context }
        guard
            let made = service.context(
                manifest: subject.manifest, manifestText: subject.manifestText, inputs: subject.inputs,
                workspace: subject.workspace, relativePath: subject.relativePath)
        else { return nil }
        context = (key, made)
        return made
    }

    private func diagnose() {
        guard let subject = delegate?.editorLanguageSubject(self), let context = currentContext(subject),
            let text = subject.inputs.first(where: { $0.relativePath == subject.relativePath })?.text
        else { return }
        diagnosing = Task { [weak self] in
            guard let outcome = await self?.service.ask(.diagnose, context: context, text: text, offset: 0),
                !Task.isCancelled, let self, case .diagnostics(let found) = outcome
            else { return }
            self.answered.diagnoses += 1
            let problems = found.filter { $0.path == context.path && $0.severity != .note }.map {
                EditRunSession.Problem(relativePath: subject.relativePath, diagnostic: $0, origin: .typing)
            }
            self.delegate?.editorLanguage(self, found: problems, in: subject.relativePath)
        }
    }

    // MARK: SourceCompletionSource

    func completionShouldOpen(_ completion: SourceCompletion, interactive: Bool, showing: Bool) -> Bool {
        guard service.ending == nil, let view, view.isEditable, delegate?.editorLanguageSubject(self) != nil else {
            return false
        }
        guard interactive else { return true }
        let text = Array(view.text.unicodeScalars.map(Character.init))
        let caret = view.cursorOffset
        if showing {
            return caret > 0 && caret <= text.count
                && (text[caret - 1] == "." || LanguageCompletions.isNameCharacter(text[caret - 1]))
        }
        return LanguageCompletions.opensByItself(before: caret, in: text)
    }

    func completionStart(_ completion: SourceCompletion) -> Int {
        guard let view else { return 0 }
        let text = Array(view.text.unicodeScalars.map(Character.init))
        return LanguageCompletions.typedName(in: text, caret: view.cursorOffset).start
    }

    func completion(_ completion: SourceCompletion, populate request: SourceCompletion.Request) {
        guard let view, let subject = delegate?.editorLanguageSubject(self), let context = currentContext(subject)
        else {
            return request.finish([])
        }
        let whole = view.text
        let scalars = Array(whole.unicodeScalars)
        let (start, typed) = LanguageCompletions.typedName(
            in: scalars.map(Character.init), caret: min(request.offset, scalars.count))
        var before = String.UnicodeScalarView()
        before.append(contentsOf: scalars[..<start])
        let prefix = String(before)
        if let items, items.start == start, items.before == prefix,
            typed.lowercased().hasPrefix(items.typed.lowercased())
        {
            return request.finish(proposals(LanguageCompletions.shown(items.items, typed: typed, used: history.names)))
        }
        // After `.` at once; after letters a moment later, so that a name
        // typed quickly is asked about once (typing on cancels the request).
        let pause = typed.isEmpty ? 0 : Self.lettersPauseMilliseconds
        Task { [weak self] in
            if pause > 0 {
                await withCheckedContinuation { resume in MainLoop.after(milliseconds: pause) { resume.resume() } }
                guard !request.isCancelled else { return }
            }
            guard
                let outcome = await self?.service.ask(
                    .complete, context: context, text: whole, offset: prefix.utf8.count + typed.utf8.count),
                let self, case .completions(let found) = outcome, !request.isCancelled
            else { return request.finish([]) }
            self.items = (start, prefix, typed, found)
            self.answered.completions += 1
            request.finish(self.proposals(LanguageCompletions.shown(found, typed: typed, used: self.history.names)))
        }
    }

    func completion(_ completion: SourceCompletion, chose proposal: SourceCompletion.Proposal) {
        history.note(shownNames[proposal.label] ?? proposal.label)
        saving =
            saving
            ?? MainLoop.after(milliseconds: Self.historySaveMilliseconds) { [weak self] in
                self?.saving = nil
                self?.history.save()
            }
    }

    func completion(_ completion: SourceCompletion, selected proposal: SourceCompletion.Proposal) {
        view?.announce(proposal.label)
    }

    /// The list's rows: the name, then its type (what a screen reader reads
    /// of the row too), the doc comment's first sentence beside the list.
    private func proposals(_ items: [CompletionItem]) -> [SourceCompletion.Proposal] {
        shownNames = [:]
        return items.prefix(500).map { item in
            let written = LanguageCompletions.insertion(of: item)
            let label =
                item.type.isEmpty
                ? item.name
                : localized("{name} — {type}").filling([
                    "name": item.name, "type": item.type,
                ])
            shownNames[label] = item.name
            return SourceCompletion.Proposal(
                label: label, text: written.text, info: item.brief, placeholders: written.placeholders)
        }
    }

    // MARK: QuickHelpDelegate, DeclarationPageDelegate

    func quickHelp(_ help: QuickHelp, describeAt offset: Int, supersedes: Bool) async -> SymbolInfo? {
        guard let view, let subject = delegate?.editorLanguageSubject(self), let context = currentContext(subject)
        else {
            return nil
        }
        let text = view.text
        var before = String.UnicodeScalarView()
        before.append(contentsOf: text.unicodeScalars.prefix(offset))
        let offset = String(before).utf8.count
        let answer = await service.ask(.describe, context: context, text: text, offset: offset, supersedes: supersedes)
        guard case .symbol(let symbol) = answer else { return nil }
        return symbol
    }

    func quickHelp(_ help: QuickHelp, openDeclarationOf symbol: SymbolInfo) {
        guard let subject = delegate?.editorLanguageSubject(self), let context = currentContext(subject) else { return }
        // The demo's own files: as the service's copies, or as shipped (a
        // module of the same name among the SDK's, as in a build from source).
        let sources = FileSystem.dirname(FileSystem.dirname(context.path))
        let own = subject.inputs.first { input in
            symbol.path == FileSystem.join(sources, input.relativePath)
                || symbol.path.hasSuffix("/\(subject.manifest.module)/\(input.relativePath)")
        }
        if let own {
            delegate?.editorLanguage(self, open: own.relativePath, line: symbol.line, column: symbol.column)
            return
        }
        let page = declarationPage ?? DeclarationPage()
        page.delegate = self
        declarationPage = page
        guard page.show(symbol) else {
            let sentence = localized("The declaration of {name} has no source to show.").filling(["name": symbol.name])
            _ = view?.announce(sentence)
            return
        }
        delegate?.editorLanguage(self, show: page)
    }

    func quickHelp(_ help: QuickHelp, say sentence: String) {
        delegate?.editorLanguage(self, say: sentence)
    }

    func declarationPageGoesBack(_ page: DeclarationPage) {
        delegate?.editorLanguageLeavesDeclaration(self)
    }

    // MARK: LanguageServiceDelegate

    func languageService(_ service: LanguageService, didEnd ending: LanguageService.Ending) {
        completion?.hide()
        guard !toldOff else { return }
        toldOff = true
        let sentence =
            switch ending {
            case .unavailable:
                localized("Completion and errors as you type are off: this toolchain has no SourceKit library.")
            case .crashed:
                localized("Completion and errors as you type are off: the Swift language service stopped.")
            case .overTime:
                localized("Completion and errors as you type are off: the Swift language service stopped answering.")
            case .overMemory:
                localized("Completion and errors as you type are off: the Swift language service used too much memory.")
            }
        delegate?.editorLanguage(self, say: sentence)
    }
}
