import DemoShellKit
import PluginHost
import ShellModel

/// What the Source page holds of Edit and Run's runs, counted: every part
/// has a documented bound (`ValueLog.lineLimit` and `historyLimit`,
/// `OutputLimit`), which must hold however many runs a learner makes.
/// `demo-shell-memory-cycles --edit-runs=N` (`make leaks`) reads it
/// between runs, as a learner cannot.
package struct EditRunHoldings: Equatable {
    /// Lines the Values log keeps, and records it left out past its limit.
    package let valueLines: Int, droppedValueRecords: Int
    /// The most values one line keeps for its tooltip.
    package let longestHistory: Int
    /// Rows of the Values list.
    package let valueRows: Int
    /// The Output: lines (as GtkTextBuffer counts them), characters, lines dropped.
    package let outputLines: Int, outputCharacters: Int, droppedOutputLines: Int
    /// Demos whose last run is kept while another is shown.
    package let keptRecords: Int
}

/// What `demo-shell-memory-cycles` reads of the launcher it drives (by
/// accessible names and key events otherwise) and a learner cannot.
@MainActor
package struct LauncherReadings {
    private let launcher: LauncherWindow

    package init(_ launcher: LauncherWindow) { self.launcher = launcher }

    /// The Source page's session: its children and compile server.
    package var editRunSession: EditRunSession { launcher.sourcePane.session }

    /// What the Source page's status line says.
    package var editRunStatus: String { launcher.sourcePane.editPanel.status.text }

    /// A row's menu, while it is open (a popover: not among the window's descendants).
    package var rowMenu: Popover? { launcher.rowMenu.popover }

    package var editRunHoldings: EditRunHoldings {
        let panel = launcher.sourcePane.editPanel
        let log = panel.values.log
        return EditRunHoldings(
            valueLines: log.lineCount, droppedValueRecords: log.droppedRecords,
            longestHistory: log.entriesInOrder.map(\.recent.count).max() ?? 0,
            valueRows: panel.values.list.children.count,
            outputLines: panel.output.lineCount, outputCharacters: panel.output.characterCount,
            droppedOutputLines: panel.droppedLines, keptRecords: panel.records.count)
    }
}
