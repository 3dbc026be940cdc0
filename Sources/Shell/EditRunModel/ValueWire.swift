import Wire

/// Reads the records an edited demo built with Show Values sends over its
/// pipe: `ValueMessage` frames (Sources/Wire; DemoValues' `ValueChannel`
/// writes them). The child is the learner's code, and may crash halfway
/// through a frame or write anything at all: the decoder drops and counts
/// a torn, oversized, unknown or malformed frame (`counts`); here a file id
/// the build did not give is dropped too, and texts are cut to their
/// bounds. Nothing it sends makes this read more than it was given, or keep
/// more than one frame.
public struct ValueWire: Sendable {
    /// The longest name kept, in characters.
    public static let nameLimit = 120

    /// The demo's file for each id the build gave (`EditBuildPlan.valueFiles`).
    public let files: [Int: String]
    /// CLOCK_MONOTONIC seconds at the child's start: records' times are since then.
    public let origin: Double
    private var decoder = WireDecoder<ValueMessage>()

    public init(files: [Int: String], origin: Double) {
        self.files = files
        self.origin = origin
    }

    /// Frames dropped so far, by why (a record of a file the build did not give is malformed).
    package var counts: WireCounts { decoder.counts }

    /// The whole records in `bytes` (with what was kept of the last call's
    /// torn one), in order; a frame begun is kept for the next call.
    public mutating func decode(_ bytes: [UInt8]) -> [ValueRecord] {
        decoder.decode(bytes).compactMap { record($0) }
    }

    /// The end of the stream: a frame cut off there is dropped (and what
    /// whole frame it had swallowed read).
    @discardableResult
    public mutating func finish() -> [ValueRecord] {
        decoder.finish().compactMap { record($0) }
    }

    private mutating func record(_ message: ValueMessage) -> ValueRecord? {
        guard let path = files[message.file] else {
            decoder.counts.malformed += 1
            return nil
        }
        return ValueRecord(
            sequence: message.sequence, kind: message.kind == .value ? .value : .scopeEntry, relativePath: path,
            line: message.line, startColumn: message.startColumn, endColumn: message.endColumn,
            name: Self.cut(message.name, to: Self.nameLimit),
            description: Self.cut(message.description, to: ValueRecord.descriptionLimit),
            time: max(0, Double(message.microseconds) / 1e6 - origin), count: message.count)
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
