import TextBounds

/// The end of what a plugin's check printed: a check that crashes or ends
/// without an answer is only understood from its last lines (the Swift
/// runtime's "FILE:LINE: Fatal error: …", a plugin's own complaint). Its
/// output is a plugin's, so it is bounded as it comes and cleaned of
/// control and bidi characters before anyone reads it.
package struct CheckOutputTail: Sendable {
    /// The bytes kept: the last of what came.
    package static let byteLimit = 8192
    /// The lines a reason shows.
    package static let lineLimit = 8
    /// The characters of one line a reason shows.
    package static let lineLength = 200

    private var bytes: [UInt8] = []

    package init() {}

    /// Adds what was read, keeping the last `byteLimit` bytes.
    package mutating func add(_ more: some Collection<UInt8>) {
        bytes += more
        if bytes.count > Self.byteLimit { bytes.removeFirst(bytes.count - Self.byteLimit) }
    }

    /// The last non-empty lines, at most `lineLimit`, each cut to
    /// `lineLength` characters, joined by newlines.
    package var text: String { Self.lastLines(String(decoding: bytes, as: UTF8.self)) }

    /// The last non-empty lines of `output`, bounded and cleaned as `text`.
    package static func lastLines(_ output: String) -> String {
        let lines = output.split(whereSeparator: \.isNewline).map(clean).filter { !$0.isEmpty }
        return lines.suffix(lineLimit).joined(separator: "\n")
    }

    /// Where the Swift runtime said the code stopped and why, from `text`'s
    /// last "FILE:LINE: Fatal error: MESSAGE" (or Precondition or Assertion
    /// failed): ("CrashInit/CrashInit.swift:3", "Fatal error: boom in init").
    package static func crashPlace(in text: String) -> (place: String, message: String)? {
        for line in text.split(separator: "\n").reversed() {
            for kind in ["Fatal error", "Precondition failed", "Assertion failed"] {
                guard let start = Self.start(of: ": " + kind, in: line) else { continue }
                let place = line[..<start]
                // FILE:LINE, the line a number.
                guard let colon = place.lastIndex(of: ":") else { continue }
                let number = place[place.index(after: colon)...]
                guard !place[..<colon].isEmpty, !number.isEmpty,
                    number.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
                else { continue }
                return (String(place), String(line[line.index(start, offsetBy: 2)...]))
            }
        }
        return nil
    }

    /// Where `needle` first starts in `line`.
    private static func start(of needle: String, in line: Substring) -> String.Index? {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index...].hasPrefix(needle) { return index }
            index = line.index(after: index)
        }
        return nil
    }

    private static func clean(_ line: Substring) -> String {
        let kept = line.unicodeScalars.filter {
            $0.properties.generalCategory != .control && !TextLimit.isBidiControl($0)
        }
        let text = String(String.UnicodeScalarView(kept)).trimmingWhitespace()
        return text.count > lineLength ? String(text.prefix(lineLength)) + "…" : text
    }
}
