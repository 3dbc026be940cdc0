@_spi(Shell) import DemoKit
import PluginHost
import ShellModel
import TextBounds

/// The Values page beside Problems and Output: one row per line that ran
/// in the last Show Values run, its latest value and count, in the words a
/// screen reader reads (the hints beside the code say the same to the eye).
/// It also keeps that run's `ValueLog` and what is waiting to be shown:
/// records come in batches, many a frame, and the rows and hints follow at
/// most `refreshMilliseconds` later, once for all of them.
@MainActor
final class ValuesPage {
    let widget: Box
    let list: ListBox
    /// Says why there is nothing: a label, which reaches AT-SPI (a list
    /// box's placeholder does not, in GTK 3).
    let empty: Label
    /// Says whose run the rows are of ("The values of Say Hello’s run"):
    /// a label above them, read with them.
    let heading: Label
    /// The name of the demo whose run the rows are of.
    private(set) var runName = ""
    private(set) var log = ValueLog()
    /// Lines changed since the rows and hints were last brought up to date.
    private(set) var changed = Set<ValueLog.Key>()
    /// The rows' lines, in the rows' order (file, then line).
    private(set) var keys: [ValueLog.Key] = []
    private var rows: [ValueLog.Key: (row: ListBoxRow, label: Label)] = [:]
    private var refresh: SourceID?
    /// Whether the run under way was built with Show Values on.
    var runShowsValues = false
    /// The text of each file as the run was built: a file whose text is
    /// no longer that (typed in, reverted, reset) shows no hints, which
    /// would be on wrong lines; Undo back to it shows them again.
    var builtTexts: [String: String] = [:]
    /// Records came while the rows were not shown (another demo, Show Values off).
    var rowsBehind = false
    /// The rows and hints are due: given the lines that changed.
    var onRefresh: ((Set<ValueLog.Key>) -> Void)?

    /// At most this often (20 times a second) rows and hints change: a hot
    /// loop's flood costs one update per period, however many records came.
    static let refreshMilliseconds = 50

    init() {
        list = ListBox()
        list.accessibleName = localized("Values")
        list.activatesOnSingleClick = true
        empty = Label()
        empty.addStyleClass("dim-label")
        empty.wraps = true
        empty.setMargins(12)
        heading = Label()
        heading.xAlign = 0
        heading.wraps = true
        heading.wrapMode = .wordCharacter
        heading.setMargins(top: 6, bottom: 2, start: 6, end: 6)
        heading.addStyleClass("dim-label")
        let box = Box(.vertical)
        box.append(empty)
        box.append(heading)
        box.append(list)
        let scroller = ScrolledWindow()
        scroller.add(box)
        widget = Box(.vertical)
        widget.append(scroller, expand: true)
    }

    /// A batch from the running demo: kept now, shown with the next refresh.
    func receive(_ records: [ValueRecord]) {
        changed.formUnion(log.add(records))
        guard refresh == nil, !changed.isEmpty else { return }
        refresh = MainLoop.after(milliseconds: Self.refreshMilliseconds) { [weak self] in
            guard let self else { return }
            self.refresh = nil
            let lines = self.changed
            self.changed = []
            self.onRefresh?(lines)
        }
    }

    /// A new run, of the demo named `demo`: nothing of the last one stays,
    /// neither its values nor its rows (whose lines may hold other code now).
    func clear(forRunOf demo: String) {
        refresh?.cancel()
        refresh = nil
        log.clear()
        changed = []
        builtTexts = [:]
        rowsBehind = false
        runName = demo
        let text = localized("The values of this run of {demo}:").filling(["demo": TextLimit.isolated(demo)])
        heading.text = text
        heading.accessibleName = text // read without the isolates
        showRows(of: nil)
    }

    /// Brings the rows of `lines` up to date (a row for each new line, in
    /// its place), or, with nil, every row.
    func showRows(of lines: Set<ValueLog.Key>?) {
        if lines == nil {
            for child in list.children { child.destroy() }
            rows = [:]
            keys = []
        }
        for key in lines.map({ $0.sorted() }) ?? log.entriesInOrder.map(\.key) {
            guard let entry = log[key] else { continue }
            let text = ValueLog.rowText(entry)
            let history = ValueLog.historyText(entry)
            // Read once: the row's description holds the values before this one, not the row again.
            let earlier = ValueLog.earlierText(entry)
            if let existing = rows[key] {
                existing.label.text = text
                existing.label.accessibleName = text // read without the isolates
                existing.row.accessibleName = text
                existing.row.tooltip = history
                existing.row.accessibleDescription = earlier
                continue
            }
            let label = Label(text)
            label.accessibleName = text
            label.xAlign = 0
            label.wraps = true
            label.wrapMode = .wordCharacter
            label.setMargins(top: 4, bottom: 4, start: 6, end: 6)
            let row = ListBoxRow(child: label)
            row.accessibleName = text
            row.tooltip = history
            row.accessibleDescription = earlier
            let position = keys.firstIndex(where: { key < $0 }) ?? keys.count
            keys.insert(key, at: position)
            rows[key] = (row, label)
            list.insert(row, at: position)
            row.showAll()
        }
    }

    /// The line of row `index`, if any.
    func key(at index: Int) -> ValueLog.Key? { keys.indices.contains(index) ? keys[index] : nil }

    /// Shows the rows, when there are some and `showsRows`, else the
    /// sentence that says why there are none.
    func showState(showValuesOn: Bool, showsRows: Bool) {
        let hasRows = showValuesOn && showsRows && !keys.isEmpty
        list.isVisible = hasRows
        heading.isVisible = hasRows
        empty.isVisible = !hasRows
        guard !hasRows else { return }
        empty.text = showValuesOn
            ? localized("No values yet: Run Edited, then use the demo. Each line that runs shows its value here and beside the code.")
            : localized("Show Values is off. Turn it on (the eye on the Edit bar) and Run Edited to see the value each line computes.")
    }
}
