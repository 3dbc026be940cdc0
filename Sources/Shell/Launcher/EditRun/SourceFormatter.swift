import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// Format on the Source page: the file shown, through the toolchain's
/// swift-format (`SwiftFormatRun`) with Demo Shell's own configuration.
@MainActor
final class SourceFormatter {
    private unowned let host: SourceEditingHost
    private let panel: EditRunPanel
    private let results: EditRunResults
    /// Demo Shell's swift-format configuration (its resources' `swift-format.json`).
    private let configuration: String
    /// A Format under way (one at a time).
    private(set) var isFormatting = false

    init(host: SourceEditingHost, panel: EditRunPanel, results: EditRunResults, configuration: String) {
        self.host = host
        self.panel = panel
        self.results = results
        self.configuration = configuration
    }

    /// Ctrl+Shift+I, with Edit on: the file shown, formatted by the
    /// toolchain's swift-format with Demo Shell's own configuration, as one
    /// step Ctrl+Z takes back; the cursor stays on its statement. Typing
    /// meanwhile wins: a file changed since it was sent is left as it is.
    func formatShownFile() {
        guard panel.editToggle.isActive, !isFormatting, let open = host.shownOpenFile, open.isEditable,
            let view = host.view
        else { return }
        let original = open.buffer.text, cursor = view.cursorOffset, file = open.file.relativePath
        let configuration = configuration
        isFormatting = true
        Task { [weak self] in
            let outcome = await SwiftFormatRun.format(
                original, named: FileSystem.basename(file), configuration: configuration)
            guard let self else { return }
            self.isFormatting = false
            self.apply(outcome, to: open, original: original, cursor: cursor)
        }
    }

    private func apply(_ outcome: SwiftFormatRun.Outcome, to open: OpenFile, original: String, cursor: Int) {
        let file = ["file": open.file.relativePath]
        switch outcome {
        case .formatted(let formatted):
            guard open.buffer.text == original else {
                return results.setStatus(localized("Format was not applied: the file changed meanwhile."))
            }
            guard formatted != original else {
                return results.setStatus(localized("“{file}” is already formatted.").filling(file))
            }
            open.replace(with: formatted)
            if open === host.shownOpenFile, let view = host.view {
                let place = FormatPlacement.lineAndColumn(
                    of: FormatPlacement.offset(cursor, in: original, formatted: formatted), in: formatted)
                view.moveCursor(toLine: place.line, column: place.column)
            }
            results.setStatus(localized("“{file}” is formatted; Undo (Ctrl+Z) takes it back.").filling(file))
        case .refused(let reason):
            results.setStatus(
                localized("“{file}” cannot be formatted: {reason}").filling(file.merging(["reason": reason]) { $1 }))
        case .unavailable(let reason):
            results.setStatus(reason)
        }
    }
}
