import DemoShellKit
import EditRunModel
import ShellModel

/// A crash's backtrace in the Output folds under one line, "▸ Backtrace
/// (14 frames)" (`BacktraceFolds`): the crash's line is already a Problem,
/// and its reason the Output's last line, so the frames wait until asked
/// for. The line is an expander in the text (a click, or Enter with the
/// cursor on it; a screen reader hears it expanded or collapsed), and the
/// Output keeps the whole text: selecting and copying it gives the frames too.
@MainActor
final class OutputFolds {
    private let output: OutputView
    /// The Output's last characters, to see a backtrace end across two reads.
    private var watch = ""

    init(output: OutputView) { self.output = output }

    /// How far back from the end a report is looked for: a backtrace of the
    /// crashed thread is far shorter.
    static let lookBackLines = 2_000

    /// Folds the reports `appended` may have completed (nil: look through
    /// the whole Output, as it is set again).
    func fold(after appended: String?) {
        if let appended {
            let recent = watch + appended
            watch = String(recent.suffix(40))
            guard BacktraceFolds.mayEnd(in: recent) else { return }
        }
        let from = appended == nil ? 0 : max(0, output.lineCount - Self.lookBackLines)
        let (text, base) = output.textWithWidgets(fromLine: from)
        // From the last: the lines put in do not move the reports before them.
        for fold in BacktraceFolds.unfolded(in: text).reversed() {
            let expander = Expander(label: Self.foldTitle(frames: fold.frames))
            expander.tooltip = localized(
                "The backtrace: the functions the demo was in when it crashed, innermost first")
            let report = (base + fold.report.lowerBound + 1)..<(base + fold.report.upperBound + 1)
            // The runtime's complaints come before the fold's line: not moved by it.
            let complaints = fold.complaints.map { [(base + $0.lowerBound)..<(base + $0.upperBound)] } ?? []
            output.fold(complaints + [report], under: expander, at: base + fold.anchor)
        }
    }

    static func foldTitle(frames: Int) -> String {
        frames == 1
            ? localized("Backtrace (1 frame)")
            : localized("Backtrace ({count} frames)").filling(["count": String(frames)])
    }

    /// The Output was emptied or set anew: no report is half read.
    func reset() { watch = "" }

    /// Enter on a fold's line opens or closes it.
    func toggle(at offset: Int) -> Bool {
        guard let expander = output.expander(onLineOf: offset) else { return false }
        expander.isExpanded.toggle()
        return true
    }
}
