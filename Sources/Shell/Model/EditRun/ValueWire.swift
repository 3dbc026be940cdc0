import Glibc

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
        // memchr and whole fields at once: the launcher reads up to 32 KiB a
        // turn of its main loop, and a byte-by-byte loop (in a debug build)
        // would take that turn ten times as long.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count, let found = memchr(base + start, 0x0a, buffer.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let piece = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if partial.isEmpty, !skipping {
                    if piece.count <= Self.lineLimit, let record = record(piece) { records.append(record) }
                } else {
                    keep(piece)
                    if !skipping, let record = partial.withUnsafeBufferPointer({ record($0) }) {
                        records.append(record)
                    }
                    partial = []
                    skipping = false
                }
                start = end + 1
            }
            if start < buffer.count { keep(UnsafeBufferPointer(rebasing: buffer[start...])) }
        }
        return records
    }

    /// The end of the stream: a record cut off there is dropped.
    public mutating func finish() {
        partial = []
        skipping = false
    }

    private mutating func keep(_ piece: UnsafeBufferPointer<UInt8>) {
        guard !skipping else { return }
        if partial.count + piece.count > Self.lineLimit {
            partial = []
            skipping = true
        } else {
            partial.append(contentsOf: piece)
        }
    }

    private func record(_ line: UnsafeBufferPointer<UInt8>) -> ValueRecord? {
        guard let base = line.baseAddress else { return nil }
        // The ten fields' bounds: nine tabs, the last field takes the rest.
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(10)
        var start = 0
        while bounds.count < 9, start <= line.count,
            let found = memchr(base + start, 0x09, line.count - start)
        {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            bounds.append(start..<end)
            start = end + 1
        }
        guard bounds.count == 9, start <= line.count else { return nil }
        bounds.append(start..<line.count)
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: line[bounds[index]]) }
        guard field(0).count == 1 else { return nil }
        let kind: ValueRecord.Kind
        switch field(0)[0] {
        case 0x76: kind = .value
        case 0x73: kind = .scopeEntry
        default: return nil
        }
        guard let sequence = Self.number(field(1)), let file = Self.number(field(2)),
            let lineNumber = Self.number(field(3)), let startColumn = Self.number(field(4)),
            let endColumn = Self.number(field(5)), let count = Self.number(field(6)),
            let microseconds = Self.number(field(7)),
            let path = files[Int(file)], (1...10_000_000).contains(lineNumber), startColumn <= 1_000_000,
            endColumn <= 1_000_000, (1...UInt64(Int32.max)).contains(count),
            let name = Self.text(field(8)), let description = Self.text(field(9))
        else { return nil }
        return ValueRecord(
            sequence: sequence, kind: kind, relativePath: path, line: Int(lineNumber),
            startColumn: Int(startColumn), endColumn: Int(endColumn),
            name: Self.cut(name, to: Self.nameLimit),
            description: Self.cut(description, to: ValueRecord.descriptionLimit),
            time: max(0, Double(microseconds) / 1e6 - origin), count: Int(count))
    }

    /// Decimal digits only, at most 18 of them (always within UInt64 and Int).
    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            value = value * 10 + UInt64(digit - 0x30)
        }
        return value
    }

    /// The escapes undone; nil for a lone backslash or an unknown escape.
    /// Bytes that are not UTF-8 become U+FFFD.
    private static func text(_ escaped: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = escaped.baseAddress, memchr(base, 0x5c, escaped.count) != nil else {
            return String(decoding: escaped, as: UTF8.self)
        }
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
