import DemoBasics
import ShellBasics

/// Bytes from a child's pipes as text: a character split between two reads
/// is kept until its end arrives, and invalid UTF-8 becomes U+FFFD instead
/// of dropping the piece. One pending tail per stream (the process layer's
/// stream type: standard output and error, say).
package struct OutputDecoder<Stream: Hashable> {
    private var pending: [Stream: [UInt8]] = [:]
    /// The streams in the order they first spoke, for `finish`.
    private var streams: [Stream] = []

    package init() {}

    package mutating func decode(_ bytes: [UInt8], stream: Stream) -> String {
        if pending[stream] == nil { streams.append(stream) }
        var all = (pending[stream] ?? []) + bytes
        let cut = Self.completePrefixLength(all)
        pending[stream] = Array(all[cut...])
        all.removeSubrange(cut...)
        return String(decoding: all, as: UTF8.self)
    }

    /// Whatever is still pending, at the end.
    package mutating func finish() -> String {
        let rest = streams.flatMap { pending[$0] ?? [] }
        pending = [:]
        streams = []
        return String(decoding: rest, as: UTF8.self)
    }

    /// The length of `bytes` without a trailing, unfinished UTF-8 sequence.
    static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0, back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 < length ? index - 1 : bytes.count
            }
            index -= 1
            back += 1
        }
        return bytes.count
    }
}

/// The last lines a child wrote to stderr, for the line that says why it
/// crashed ("Fatal error: Index out of range").
package struct OutputTail {
    package private(set) var lines: [String] = []
    private var partial = ""
    /// The last "Fatal error" line, kept however long the stack dump after it.
    private var lastFatal: String?

    package init() {}

    package mutating func add(_ text: String) {
        var pieces = (partial + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        partial = pieces.removeLast()
        if partial.utf8.count > 4096 {
            pieces.append(partial)
            partial = ""
        }
        for piece in pieces where !piece.isEmpty {
            if let fatal = Self.fatal(piece) { lastFatal = fatal }
            lines.append(piece)
        }
        if lines.count > 40 { lines.removeFirst(lines.count - 40) }
    }

    /// The last "Fatal error: …" line ("FILE:LINE: Fatal error: MESSAGE"
    /// from the Swift runtime) from "Fatal error" on, bounded; else the last line.
    package var crashLine: String? {
        let all = lines + (partial.isEmpty ? [] : [partial])
        guard let line = (partial.isEmpty ? nil : Self.fatal(partial)) ?? lastFatal ?? all.last else { return nil }
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    private static func fatal(_ line: String) -> String? {
        let parts = line.split(separator: ":", omittingEmptySubsequences: false)
        guard let index = parts.firstIndex(where: { $0.drop { $0 == " " } == "Fatal error" }) else { return nil }
        return parts[index...].joined(separator: ":").drop { $0 == " " }.description
    }
}

/// The Output pane keeps the last lines only: a demo that prints in a loop
/// must not grow the launcher without bound.
package enum OutputLimit {
    package static let lines = 10_000
    /// And a million characters, for a demo that prints without line breaks.
    package static let characters = 1_000_000
}

extension OutputLimit {
    /// "10,000", as the Output's note says it.
    package static var linesText: String {
        var digits = String(lines), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}

/// `SayHelloView.swift:12` (or `/path/Plugin/SayHelloView.swift:12:5`) in
/// the Output, as the runtime writes a fatal error's place: a link that
/// opens the file at that line.
package enum OutputLinks {
    package struct Link: Equatable {
        /// In characters (Unicode scalars), as the text view counts.
        package let range: Range<Int>
        package let path: String
        package let line: Int
    }

    package static func find(in text: String) -> [Link] {
        let scalars = Array(text.unicodeScalars)
        let marker = Array(".swift:".unicodeScalars)
        var links: [Link] = []
        var index = 0
        while index + marker.count <= scalars.count {
            guard scalars[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            var start = index
            while start > 0, !" \t\n(\"'[<`".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
            let digits = String(String.UnicodeScalarView(scalars[(index + marker.count)..<end]))
            if start < index, let line = Int(digits), line > 0 {
                let path = String(String.UnicodeScalarView(scalars[start..<(index + 6)]))  // up to ".swift"
                links.append(Link(range: start..<end, path: path, line: line))
            }
            index = max(end, index + 1)
        }
        return links
    }
}
