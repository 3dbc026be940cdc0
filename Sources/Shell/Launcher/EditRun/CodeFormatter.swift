import DemoShellKit
import PluginHost
import ShellModel

/// What Format asks of its owner.
@MainActor
protocol CodeFormatterDelegate: AnyObject {
    /// Folders whose nearest `.swift-format` is the project's (the demo's, then the shell's).
    func codeFormatterFolders(_ formatter: CodeFormatter) -> [String]
    /// The file shown is to become `formatted` as one step Undo takes back, the caret at `caret`.
    func codeFormatter(_ formatter: CodeFormatter, replaceWith formatted: String, caret: Int)
    /// Why nothing changed, for the status line.
    func codeFormatter(_ formatter: CodeFormatter, say sentence: String)
}

/// Format (Ctrl+Shift+I, Edit on): the file shown through the toolchain's
/// `swift-format` (`SwiftFormatRun`), in a process of its own while typing
/// goes on; the result replaces the text only if the text is still what
/// was formatted, as one undoable step, the caret on its statement.
@MainActor
final class CodeFormatter {
    weak var delegate: (any CodeFormatterDelegate)?
    private weak var view: SourceView?
    private var running: Task<Void, Never>?
    /// Formats done (the tests').
    private(set) var formatted = 0

    func attach(to view: SourceView) {
        self.view = view
        view.onKeyPress { [weak self] view, key in
            guard let self, view.isEditable, key.keyval == Key.character("I") || key.keyval == Key.character("i"),
                key.modifiers.intersection([.control, .shift, .alt]) == [.control, .shift]
            else { return .proceed }
            self.format()
            return .stop
        }
    }

    func format() {
        guard let view, let delegate else { return }
        let text = view.text, caret = view.cursorOffset
        let configuration = delegate.codeFormatterFolders(self).lazy.compactMap(SwiftFormatRun.configuration(near:))
            .first
        running?.cancel()
        running = Task { [weak self] in
            let result = await SwiftFormatRun.format(text, configuration: configuration)
            guard let self, !Task.isCancelled, let view = self.view, let delegate = self.delegate else { return }
            switch result {
            case .success(let formatted):
                guard view.text == text else {
                    return delegate.codeFormatter(
                        self, say: localized("The code changed while it was formatted: press Ctrl+Shift+I again."))
                }
                self.formatted += 1
                guard formatted != text else {
                    return delegate.codeFormatter(self, say: localized("The code is formatted already."))
                }
                delegate.codeFormatter(
                    self, replaceWith: formatted,
                    caret: SourceFormatting.caret(caret, in: text, formatted: formatted))
            case .failure(.noFormatter):
                delegate.codeFormatter(
                    self, say: localized("Format needs swift-format, which is not beside the Swift compiler."))
            case .failure(.refused(let reason)):
                delegate.codeFormatter(
                    self,
                    say: localized("The code could not be formatted: {reason}").filling([
                        "reason": reason.isEmpty ? localized("swift-format cannot read it") : reason
                    ]))
            }
        }
    }
}
