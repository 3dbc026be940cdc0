/// Where each line of a text starts, in UTF-8 bytes, to turn the byte
/// ranges SourceKit highlights into columns of a diagnostic's line.
package struct LineStarts: Sendable {
    private let starts: [Int]
    private let count: Int

    package init(_ text: String) {
        var starts = [0]
        var count = 0
        for byte in text.utf8 {
            count += 1
            if byte == UInt8(ascii: "\n") { starts.append(count) }
        }
        self.starts = starts
        self.count = count
    }

    /// The columns (1-based UTF-8, the end past the last byte) of the range
    /// among `ranges` (byte offset, length) on 1-based `line` that holds
    /// `column`, else the first that starts on the line; cut at the line's
    /// end. Nil when none is on the line, or empty.
    package func columns(onLine line: Int, at column: Int, of ranges: [(offset: Int, length: Int)]) -> Range<Int>? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] - 1 : count
        let onLine = ranges.filter { $0.length > 0 && $0.offset >= start && $0.offset < end }
            .map { ($0.offset - start + 1)..<(min($0.offset + $0.length, end) - start + 1) }
        let chosen = onLine.first { $0.contains(column) } ?? onLine.first
        return chosen.flatMap { $0.isEmpty ? nil : $0 }
    }
}
