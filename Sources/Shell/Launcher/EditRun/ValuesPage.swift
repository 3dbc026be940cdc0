import DemoShellKit
import EditRunModel
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
    private var rows: [ValueLog.Key: ShownRow] = [:]
    private var refresh: SourceID?
    /// Lines whose rows are behind the log, in the order they get their turn.
    private var rowsDue = DueLines()
    /// The next turn of rows (`showRows`), while some wait.
    private var rowTurn: SourceID?
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
    /// At most this many rows are made or changed in one turn of the main
    /// loop; the rest wait for the next turn.
    static let rowsPerTurn = 8
    /// The narrowest a row's text is cut to, in characters.
    static let narrowestRowCharacters = 24

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
        rowTurn?.cancel()
        rowTurn = nil
        rowsDue.removeAll()
        log.clear()
        changed = []
        builtTexts = [:]
        rowsBehind = false
        runName = demo
        let text = localized("The values of this run of {demo}:").filling(["demo": TextLimit.isolated(demo)])
        heading.text = text
        heading.accessibleName = text  // read without the isolates
        showRows(of: nil)
    }

    /// Brings the rows of `lines` up to date (a row for each new line, in
    /// its place), or, with nil, every row: at most `rowsPerTurn` rows in
    /// this turn of the main loop, the rest in the turns after it,
    /// `refreshMilliseconds` apart. A row's text is a label
    /// measured again at each change, and its names reach AT-SPI as
    /// messages: a hot loop that changes hundreds of lines a frame would
    /// otherwise hold the main loop, and so input and screen readers, for
    /// hundreds of milliseconds. Lines still waiting keep their place (new
    /// lines go first), changed again they are shown once, with what is
    /// latest when their turn comes.
    func showRows(of lines: Set<ValueLog.Key>?) {
        if lines == nil {
            for child in list.children { child.destroy() }
            rows = [:]
            keys = []
            rowsDue.removeAll()
        }
        for key in lines.map({ $0.sorted() }) ?? log.entriesInOrder.map(\.key) {
            rowsDue.insert(key, isNew: rows[key] == nil)
        }
        // A turn already planned takes them: rows change at most `rowsPerTurn` a period.
        if rowTurn == nil { showDueRows() }
    }

    /// Lines whose rows wait for a turn (`showRows`).
    var rowsWaiting: Int { rowsDue.count }

    private func showDueRows() {
        var budget = Self.rowsPerTurn
        while budget > 0, let key = rowsDue.next() {
            guard let entry = log[key] else { continue }
            showRow(entry)
            budget -= 1
        }
        guard !rowsDue.isEmpty, rowTurn == nil else { return }
        rowTurn = MainLoop.after(milliseconds: Self.refreshMilliseconds) { [weak self] in
            guard let self else { return }
            self.rowTurn = nil
            self.showDueRows()
        }
    }

    /// One line's row, made or brought up to date; what has not changed is
    /// not set again (each set is a resize, or a message to screen readers).
    private func showRow(_ entry: ValueLog.Entry) {
        let key = entry.key
        let text = ValueLog.rowText(entry)
        let history = ValueLog.historyText(entry)
        // Read once: the row's description holds the values before this one, not the row again.
        let earlier = ValueLog.earlierText(entry)
        if let existing = rows[key] {
            if existing.text != text {
                existing.label.text = text  // its name, without the isolates, follows
                existing.row.accessibleName = text
            }
            if existing.history != history { existing.row.tooltip = history }
            if existing.earlier != earlier { existing.row.accessibleDescription = earlier }
            rows[key] = ShownRow(
                row: existing.row, label: existing.label, text: text, history: history, earlier: earlier)
            return
        }
        let label = Label(text)
        label.accessibleName = text
        label.xAlign = 0
        // One line, cut at the end where the page is narrower: the whole
        // text is the row's name for screen readers, and its tooltip holds
        // the values in full. Rows that wrapped were measured again for
        // each width GTK tried, every row at every refresh, which held the
        // launcher under a hot loop (docs/benchmarks.md has the figures).
        label.ellipsis = .end
        label.widthChars = Self.narrowestRowCharacters
        label.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        let row = ListBoxRow(child: label)
        row.accessibleName = text
        row.tooltip = history
        row.accessibleDescription = earlier
        let position = keys.firstIndex(where: { key < $0 }) ?? keys.count
        keys.insert(key, at: position)
        rows[key] = ShownRow(row: row, label: label, text: text, history: history, earlier: earlier)
        list.insert(row, at: position)
        row.showAll()
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
        empty.text =
            showValuesOn
            ? localized(
                "No values yet: Run Edited, then use the demo. Each line that runs shows its value here and beside the code."
            )
            : localized(
                "Show Values is off. Turn it on (the eye on the Edit bar) and Run Edited to see the value each line computes."
            )
    }
}

/// A row as shown, with what it was last given.
private struct ShownRow {
    let row: ListBoxRow
    let label: Label
    let text: String
    let history: String
    let earlier: String
}

/// Lines waiting for their rows' turn: new lines first, then the others in
/// the order they first changed; a line is waiting once however often it changes.
private struct DueLines {
    private var fresh: [ValueLog.Key] = []
    private var changed: [ValueLog.Key] = []
    private var freshStart = 0, changedStart = 0
    private var waiting = Set<ValueLog.Key>()

    var isEmpty: Bool { waiting.isEmpty }
    var count: Int { waiting.count }

    mutating func insert(_ key: ValueLog.Key, isNew: Bool) {
        guard waiting.insert(key).inserted else { return }
        if isNew { fresh.append(key) } else { changed.append(key) }
    }

    mutating func next() -> ValueLog.Key? {
        let key: ValueLog.Key
        if freshStart < fresh.count {
            key = fresh[freshStart]
            freshStart += 1
        } else if changedStart < changed.count {
            key = changed[changedStart]
            changedStart += 1
        } else {
            return nil
        }
        waiting.remove(key)
        compact()
        return key
    }

    mutating func removeAll() { self = DueLines() }

    /// Drops what was taken once it is most of an array (each taken once: linear overall).
    private mutating func compact() {
        if freshStart > 64, freshStart * 2 > fresh.count {
            fresh.removeFirst(freshStart)
            freshStart = 0
        }
        if changedStart > 64, changedStart * 2 > changed.count {
            changed.removeFirst(changedStart)
            changedStart = 0
        }
    }
}
