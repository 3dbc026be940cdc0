/// Show Values: one record an edited demo sends the launcher (DemoValues'
/// `ValueChannel` writes it, ShellModel's `ValueWire` reads it): a line's
/// value or a body entered, where, how many runs it stands for and when.
/// `file` is the id the build gave the file (the launcher maps it back to
/// its path: the child never sends one); `microseconds` is CLOCK_MONOTONIC,
/// shared by both processes.
package struct ValueMessage: WireMessage, Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        case value = 0
        case scopeEntry = 1
    }

    package var kind: Kind
    package var sequence: UInt64
    package var file: Int
    package var line: Int
    package var startColumn: Int
    package var endColumn: Int
    package var count: Int
    package var microseconds: UInt64
    package var name: String
    package var description: String

    /// The most bytes of a name or a description sent: far more than the
    /// launcher shows (it cuts them to characters), bounded so that a frame
    /// always fits the channel's limit.
    package static let textLimit = 1536
    package static let payloadLimit = 4096
    /// Bounds of the numbers: a line number the compiler could give, columns, runs.
    package static let lineRange = 1...10_000_000
    package static let columnRange = 0...1_000_000
    package static let countRange = 1...Int(Int32.max)

    package init(
        kind: Kind, sequence: UInt64, file: Int, line: Int, startColumn: Int, endColumn: Int, count: Int,
        microseconds: UInt64, name: String, description: String
    ) {
        self.kind = kind
        self.sequence = sequence
        self.file = file
        self.line = line
        self.startColumn = startColumn
        self.endColumn = endColumn
        self.count = count
        self.microseconds = microseconds
        self.name = name
        self.description = description
    }

    package var tag: WireTag { .value }

    package func encode(to writer: inout WireWriter) {
        writer.byte(kind.rawValue)
        writer.uint64(sequence)
        writer.int32(Int32(clamping: file))
        writer.int32(Int32(clamping: line))
        writer.int32(Int32(clamping: startColumn))
        writer.int32(Int32(clamping: endColumn))
        writer.int32(Int32(clamping: count))
        writer.uint64(microseconds)
        writer.string(name, limit: Self.textLimit)
        writer.string(description, limit: Self.textLimit)
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .value else { throw .unknown }
        guard let kind = Kind(rawValue: try reader.byte()) else { throw .malformed }
        self.kind = kind
        sequence = try reader.uint64()
        file = try reader.int(in: 1...Int(Int32.max))
        line = try reader.int(in: Self.lineRange)
        startColumn = try reader.int(in: Self.columnRange)
        endColumn = try reader.int(in: Self.columnRange)
        count = try reader.int(in: Self.countRange)
        microseconds = try reader.uint64()
        name = try reader.string(limit: Self.textLimit)
        description = try reader.string(limit: Self.textLimit)
    }
}
