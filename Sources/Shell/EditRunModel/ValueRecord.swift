/// One thing the playground transform saw in an edited demo run with Show
/// Values: a value a line computed, or a function body that was entered.
/// The child sends these to the launcher over a pipe of its own (never
/// stdout); the launcher keeps a bounded history of them (`ValueLog`).
public struct ValueRecord: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A line computed `description` (named `name`, empty for an unnamed result).
        case value
        /// The body that starts at `line` ran (a function, closure or loop body).
        case scopeEntry
    }

    /// Increases by one per record the child sent, across the whole run.
    public let sequence: UInt64
    public let kind: Kind
    /// The demo file, relative to the demo's folder ("Model/SayHelloModel.swift").
    public let relativePath: String
    /// 1-based line and columns (the columns as the compiler counts them, in UTF-8 bytes).
    public let line: Int
    public let startColumn: Int
    public let endColumn: Int
    public let name: String
    /// The value, described in at most `ValueRecord.descriptionLimit` characters.
    public let description: String
    /// Seconds since the child process started (CLOCK_MONOTONIC difference).
    public let time: Double
    /// How many runs of this line this record stands for: more than 1 when
    /// the child coalesced a hot line's records into one.
    public let count: Int

    /// The most characters a value's description has (longer ones end in "…").
    public static let descriptionLimit = 80

    public init(
        sequence: UInt64, kind: Kind, relativePath: String, line: Int, startColumn: Int, endColumn: Int,
        name: String, description: String, time: Double, count: Int = 1
    ) {
        self.sequence = sequence
        self.kind = kind
        self.relativePath = relativePath
        self.line = line
        self.startColumn = startColumn
        self.endColumn = endColumn
        self.name = name
        self.description = description
        self.time = time
        self.count = count
    }
}
