/// A crash's backtrace in the Output, found to be folded under one line
/// ("▸ Backtrace (14 frames)"): the learner sees the crash's line and
/// reason first, and opens the frames when they want them. The report is
/// the Swift backtracer's, from "*** Signal 4: Backtracing from …" to
/// "Backtrace took 0.23s".
package struct BacktraceFold: Equatable, Sendable {
    /// Where the fold's line goes (a character offset): the empty line the
    /// backtracer writes before its report, else the report's first line.
    package let anchor: Int
    /// The report, its first line to its last one's newline (offsets before
    /// the fold's line is put in).
    package let report: Range<Int>
    /// Its numbered frames.
    package let frames: Int
    /// The runtime's complaints about itself just before the fold's line
    /// (whole lines), hidden with the report: nil when there are none.
    package let complaints: Range<Int>?

    package init(anchor: Int, report: Range<Int>, frames: Int, complaints: Range<Int>? = nil) {
        self.anchor = anchor
        self.report = report
        self.frames = frames
        self.complaints = complaints
    }
}

package enum BacktraceFolds {
    /// How the Swift runtime starts a line about itself while it handles a
    /// crash ("swift-runtime: failed to suspend thread 23284 while
    /// processing a crash; backtraces will be missing information"): no
    /// news to a learner, hidden with the report it comes before.
    static let runtimeComplaint = "swift-runtime: "

    /// What a widget in a text view stands as in its text (U+FFFC).
    package static let widgetCharacter: Unicode.Scalar = "\u{FFFC}"

    /// The complete reports in `text` not folded yet (a folded one has the
    /// widget character just before it), in order. Offsets count Unicode
    /// scalars, as a text view counts characters.
    package static func unfolded(in text: String) -> [BacktraceFold] {
        let lines = Self.lines(of: text)
        var folds: [BacktraceFold] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].text.hasPrefix("*** Signal "), after(": Backtracing", in: lines[index].text) != nil
            else { continue }
            guard let last = lines[(index + 1)...].firstIndex(where: { $0.text.hasPrefix("Backtrace took ") }),
                lines[last].hasNewline
            else { break }  // not all here yet
            let before = index > 0 ? lines[index - 1] : nil
            let folded = before.map { $0.text.unicodeScalars.last == widgetCharacter } ?? false
            if !folded {
                let frames = lines[index...last].filter { isFrame($0.text) }.count
                // The fold's line: the empty line before the report, else its first.
                let line = before.map { $0.text.isEmpty } == true ? index - 1 : index
                // The runtime's complaints about itself just before it: folded too.
                var first = line
                while first > 0, lines[first - 1].text.hasPrefix(runtimeComplaint) { first -= 1 }
                folds.append(
                    BacktraceFold(
                        anchor: lines[line].start, report: lines[index].start..<(lines[last].end + 1), frames: frames,
                        complaints: first < line ? lines[first].start..<lines[line].start : nil))
            }
            index = last
        }
        return folds
    }

    /// Whether `recent` (the Output's last characters with what just came)
    /// may have completed a report: worth looking for one.
    package static func mayEnd(in recent: String) -> Bool {
        guard let took = after("Backtrace took ", in: Substring(recent)) else { return false }
        return recent[took...].contains("\n")
    }

    /// "  1 [ra]          0x00007f… SayHelloView.greet() + 118 in …": a number, then an address.
    static func isFrame(_ line: Substring) -> Bool {
        let words = line.split(separator: " ", maxSplits: 8)
        guard let first = words.first, Int(first) != nil else { return false }
        return words.dropFirst().contains { $0.hasPrefix("0x") }
    }

    /// Where the first `needle` in `text` ends.
    private static func after(_ needle: String, in text: Substring) -> String.Index? {
        var start = text.startIndex
        while start < text.endIndex {
            if text[start...].hasPrefix(needle) { return text.index(start, offsetBy: needle.count) }
            start = text.index(after: start)
        }
        return nil
    }

    private struct Line {
        let text: Substring
        /// Offsets (scalars) of its first character and of its end (its newline, or the text's end).
        let start: Int
        let end: Int
        let hasNewline: Bool
    }

    private static func lines(of text: String) -> [Line] {
        var lines: [Line] = []
        var offset = 0
        var lineStart = text.startIndex
        var startOffset = 0
        for index in text.unicodeScalars.indices {
            if text.unicodeScalars[index] == "\n" {
                lines.append(Line(text: text[lineStart..<index], start: startOffset, end: offset, hasNewline: true))
                lineStart = text.unicodeScalars.index(after: index)
                startOffset = offset + 1
            }
            offset += 1
        }
        lines.append(Line(text: text[lineStart...], start: startOffset, end: offset, hasNewline: false))
        return lines
    }
}
