/// Reads the records an edited demo built with Show Values sends over its
/// pipe (the child's half is `ValueWireEncoding`, in the DemoValues module):
/// one record a line, fields apart by tabs,
///
///     v|s  sequence  file  line  startColumn  endColumn  count  microseconds  name  description
///
/// with tabs, newlines and backslashes escaped in the name and the
/// description. The child is the learner's code, and may crash halfway
/// through a record or write anything at all: a line that is not a whole
/// record is skipped, a line longer than `lineLimit` is dropped unread, a
/// file id the build did not give is dropped, numbers out of range are
/// refused and texts are cut to their bounds. Nothing it sends makes this
/// read more than it was given, or keep more than one line.
public struct ValueWire: Sendable {
    /// The longest record kept (a description of 80 characters of 4 bytes,
    /// each escaped, a name and the numbers fit many times over).
    public static let lineLimit = 4096
    /// The longest name kept, in characters.
    public static let nameLimit = 120

    /// The demo's file for each id the build gave (`EditBuildPlan.valueFiles`).
    public let files: [Int: String]
    /// CLOCK_MONOTONIC seconds at the child's start: records' times are since then.
    public let origin: Double
    private var partial: [UInt8] = []
    /// The current line ran over `lineLimit`: the rest of it is skipped.
    private var skipping = false

    public init(files: [Int: String], origin: Double) {
        self.files = files
        self.origin = origin
    }

    /// The whole records in `bytes` (with what was kept of the last call's
    /// torn one), in order; a torn last one is kept for the next call.
    public mutating func decode(_ bytes: [UInt8]) -> [ValueRecord] {
        var records: [ValueRecord] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0a {
            take(bytes[start..<index], into: &records)
            start = index + 1
        }
        if start < bytes.count { keep(bytes[start...]) }
        return records
    }

    /// The end of the stream: a record cut off there is dropped.
    public mutating func finish() {
        partial = []
        skipping = false
    }

    private mutating func keep(_ piece: ArraySlice<UInt8>) {
        guard !skipping else { return }
        if partial.count + piece.count > Self.lineLimit {
            partial = []
            skipping = true
        } else {
            partial += piece
        }
    }

    private mutating func take(_ piece: ArraySlice<UInt8>, into records: inout [ValueRecord]) {
        keep(piece)
        defer { partial = []; skipping = false }
        guard !skipping, let record = record(partial) else { return }
        records.append(record)
    }

    private func record(_ line: [UInt8]) -> ValueRecord? {
        let fields = line.split(separator: 0x09, maxSplits: 9, omittingEmptySubsequences: false)
        guard fields.count == 10, fields[0].count == 1 else { return nil }
        let kind: ValueRecord.Kind
        switch fields[0].first {
        case 0x76: kind = .value
        case 0x73: kind = .scopeEntry
        default: return nil
        }
        guard let sequence = Self.number(fields[1]), let file = Self.number(fields[2]),
              let lineNumber = Self.number(fields[3]), let startColumn = Self.number(fields[4]),
              let endColumn = Self.number(fields[5]), let count = Self.number(fields[6]),
              let microseconds = Self.number(fields[7]),
              let path = files[Int(file)], (1...10_000_000).contains(lineNumber), startColumn <= 1_000_000,
              endColumn <= 1_000_000, (1...UInt64(Int32.max)).contains(count),
              let name = Self.text(fields[8]), let description = Self.text(fields[9]) else { return nil }
        return ValueRecord(sequence: sequence, kind: kind, relativePath: path, line: Int(lineNumber),
                           startColumn: Int(startColumn), endColumn: Int(endColumn),
                           name: Self.cut(name, to: Self.nameLimit),
                           description: Self.cut(description, to: ValueRecord.descriptionLimit),
                           time: max(0, Double(microseconds) / 1e6 - origin), count: Int(count))
    }

    /// Decimal digits only, at most 18 of them (always within UInt64 and Int).
    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + UInt64(digit - 0x30)
        }
        return value
    }

    /// The escapes undone; nil for a lone backslash or an unknown escape.
    /// Bytes that are not UTF-8 become U+FFFD.
    private static func text(_ escaped: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var escaping = false
        for byte in escaped {
            if escaping {
                switch byte {
                case 0x5c: bytes.append(0x5c)
                case 0x74: bytes.append(0x09)
                case 0x6e: bytes.append(0x0a)
                case 0x72: bytes.append(0x0d)
                default: return nil
                }
                escaping = false
            } else if byte == 0x5c {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return escaping ? nil : String(decoding: bytes, as: UTF8.self)
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        var count = 0
        for index in text.indices {
            count += 1
            if count > limit { return String(text[..<index].dropLast()) + "…" }
        }
        return text
    }
}
