import TextBounds
import DemoBasics
import ShellBasics

/// What the launcher keeps of a Show Values run: per file and line, the
/// latest value, how many times the line ran and its last values with their
/// times, and which bodies ran. A hot loop sends records for ever, so every
/// part is bounded (lines kept, values per line, characters per value), and
/// adding a record is constant work: a flood costs the launcher no more
/// than its records' count. GTK-free.
public struct ValueLog: Sendable {
    /// A line of a demo file, as records name it.
    public struct Key: Hashable, Comparable, Sendable {
        public let relativePath: String
        public let line: Int

        public init(relativePath: String, line: Int) {
            self.relativePath = relativePath
            self.line = line
        }

        public static func < (a: Key, b: Key) -> Bool {
            a.relativePath == b.relativePath ? a.line < b.line : a.relativePath < b.relativePath
        }
    }

    /// One value a line had, and when (seconds since the demo started).
    public struct Sample: Equatable, Sendable {
        public let text: String
        public let time: Double
    }

    /// What is known of one line.
    public struct Entry: Equatable, Sendable {
        public let key: Key
        /// The latest value as the code reads it (`greeting = "Hello, Ada!"`);
        /// nil when only its body's start was seen (`ranBody`).
        public internal(set) var latest: String?
        /// How many times the line computed a value (each record's `count`).
        public internal(set) var count = 0
        /// The last `ValueLog.historyLimit` values, oldest first.
        public internal(set) var recent: [Sample] = []
        /// Whether a body starting on this line ran (a function's, a closure's).
        public internal(set) var ranBody = false
        /// How many times that body was entered.
        public internal(set) var bodyCount = 0
    }

    /// How many values a line keeps for its tooltip.
    public static let historyLimit = 20
    /// How many lines are kept; records for further lines are not (a demo's
    /// own files have fewer lines that compute something).
    public static let lineLimit = 1_000
    /// The longest name and value kept (the child cuts them already; a child
    /// that does not must not make the launcher hold more).
    static let textLimit = TextLimit(characters: ValueRecord.descriptionLimit + 1)

    private var entries: [Key: Entry] = [:]
    /// Records about lines past `lineLimit`, left out.
    public private(set) var droppedRecords = 0

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var lineCount: Int { entries.count }

    /// Adds a batch, in order; returns the lines it changed. Read from its
    /// end: of a hot line's thousand values only the last `historyLimit`
    /// are kept, so only those are cleaned (`valueText`).
    @discardableResult
    public mutating func add(_ records: [ValueRecord]) -> Set<Key> {
        var changed = Set<Key>()
        var kept: [Key: [Sample]] = [:]  // this batch's last values per line, newest first
        if entries.count + records.count > Self.lineLimit {
            // Near the limit, the lines seen first are the ones kept.
            for record in records where record.line > 0 && entries.count < Self.lineLimit {
                let key = Key(relativePath: record.relativePath, line: record.line)
                if entries[key] == nil { entries[key] = Entry(key: key) }
            }
        }
        for record in records.reversed() where record.line > 0 {
            let key = Key(relativePath: record.relativePath, line: record.line)
            if entries[key] == nil {
                guard entries.count < Self.lineLimit else {
                    droppedRecords += 1
                    continue
                }
                entries[key] = Entry(key: key)
            }
            changed.insert(key)
            let count = max(1, record.count)
            switch record.kind {
            case .scopeEntry:
                entries[key]!.ranBody = true
                entries[key]!.bodyCount += count
            case .value:
                entries[key]!.count += count
                if kept[key, default: []].count < Self.historyLimit {
                    kept[key, default: []].append(
                        Sample(
                            text: Self.valueText(name: record.name, description: record.description),
                            time: record.time))
                }
            }
        }
        for (key, samples) in kept {
            entries[key]!.latest = samples.first?.text
            entries[key]!.recent.append(contentsOf: samples.reversed())
            let excess = entries[key]!.recent.count - Self.historyLimit
            if excess > 0 { entries[key]!.recent.removeFirst(excess) }
        }
        return changed
    }

    /// A new run: nothing of the last one is kept.
    public mutating func clear() {
        entries = [:]
        droppedRecords = 0
    }

    public subscript(_ key: Key) -> Entry? { entries[key] }

    /// Every line kept, by file and line.
    public var entriesInOrder: [Entry] { entries.values.sorted { $0.key < $1.key } }

    /// The lines of one file, by line.
    public func entries(in relativePath: String) -> [Entry] {
        entries.values.filter { $0.key.relativePath == relativePath }.sorted { $0.key < $1.key }
    }

    /// `greeting = "Hello, Ada!"`, or the value alone for an unnamed result:
    /// one line, bounded, whatever the child sent.
    static func valueText(name: String, description: String) -> String {
        let value = cleaned(description)
        let name = cleaned(name)
        return name.isEmpty ? value : name + " = " + value
    }

    /// Printable ASCII short enough is clean already (most values are):
    /// only the rest pays for `TextLimit`'s cleaning.
    private static func cleaned(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.count <= textLimit.maximumCharacters, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text }
        return textLimit.cleaned(text)
    }

    // MARK: Words

    /// The Values list's row: "SayHelloModel.swift, line 42: greeting =
    /// "Hello, Ada!" (3 times)", the file and the value isolated so that a
    /// right-to-left value cannot reorder the sentence.
    public static func rowText(_ entry: Entry) -> String {
        let file = TextLimit.isolated(FileSystem.basename(entry.key.relativePath))
        let line = String(entry.key.line)
        guard let latest = entry.latest else {
            return entry.bodyCount > 1
                ? localized("{file}, line {line}: ran {count} times").filling([
                    "file": file, "line": line, "count": String(entry.bodyCount),
                ])
                : localized("{file}, line {line}: ran").filling(["file": file, "line": line])
        }
        let value = TextLimit.isolated(latest)
        return entry.count > 1
            ? localized("{file}, line {line}: {value} ({count} times)")
                .filling(["file": file, "line": line, "value": value, "count": String(entry.count)])
            : localized("{file}, line {line}: {value}").filling(["file": file, "line": line, "value": value])
    }

    /// The hint at the end of the line: `greeting = "Hello, Ada!"  ×3`
    /// (nil for a line that only started a body that ran).
    public static func hintText(_ entry: Entry) -> String? {
        guard let latest = entry.latest else { return nil }
        guard entry.count > 1 else { return latest }
        return localized("{value}  ×{count}").filling([
            "value": TextLimit.isolated(latest), "count": String(entry.count),
        ])
    }

    /// What hovering or activating a hint shows: the last values, each with
    /// its time since the demo started, newest last.
    public static func historyText(_ entry: Entry) -> String {
        guard !entry.recent.isEmpty else { return rowText(entry) }
        var lines: [String] = []
        if entry.count > entry.recent.count {
            lines.append(
                localized("The last {kept} of {count} values:")
                    .filling(["kept": String(entry.recent.count), "count": String(entry.count)]))
        }
        for sample in entry.recent {
            lines.append(
                localized("{time} s: {value}")
                    .filling(["time": timeText(sample.time), "value": TextLimit.isolated(sample.text)]))
        }
        return lines.joined(separator: "\n")
    }

    /// What a screen reader reads after a row: the values before the latest
    /// ("Before: 1.500 s: trimmed = "Ada""), empty for a line with one; the
    /// row's own text is its name, and is not read twice.
    public static func earlierText(_ entry: Entry) -> String {
        let earlier = entry.recent.dropLast()
        guard !earlier.isEmpty else { return "" }
        let values = earlier.map { sample in
            localized("{time} s: {value}").filling([
                "time": timeText(sample.time), "value": TextLimit.isolated(sample.text),
            ])
        }
        return localized("Before: {values}").filling(["values": values.joined(separator: "; ")])
    }

    /// Seconds with a thousandth: values a click apart differ there.
    static func timeText(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return String(milliseconds / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
