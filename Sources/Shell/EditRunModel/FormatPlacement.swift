/// Where the cursor goes when Format rewrites a file: on the same
/// statement, at the same place in it. A formatter changes the spaces and
/// line breaks between a file's words (indentation, wrapping, blank lines),
/// so the cursor keeps its place among the characters that are not white
/// space: after the same one, or, when it stood in white space (an
/// indentation, a blank line), just before the same next one.
///
/// Offsets count Unicode scalars, as GtkTextBuffer's do.
public enum FormatPlacement {
    /// The offset in `formatted` that stands where `offset` stood in `original`.
    public static func offset(_ offset: Int, in original: String, formatted: String) -> Int {
        let before = original.unicodeScalars.prefix(max(0, offset))
        let wordsBefore = before.reduce(0) { $0 + (isSpace($1) ? 0 : 1) }
        let afterAWord = before.last.map { !isSpace($0) } ?? false
        var seen = 0
        for (index, scalar) in formatted.unicodeScalars.enumerated() where !isSpace(scalar) {
            if seen == wordsBefore { return afterAWord ? previousEnd(index, in: formatted) : index }
            seen += 1
        }
        // Past the last character that is not white space.
        return afterAWord ? lastWordEnd(in: formatted) : formatted.unicodeScalars.count
    }

    /// The 1-based line and column (in scalars) of `offset` in `text`.
    public static func lineAndColumn(of offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for scalar in text.unicodeScalars.prefix(max(0, offset)) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// Just after the character that is not white space before `index`.
    private static func previousEnd(_ index: Int, in text: String) -> Int {
        let scalars = Array(text.unicodeScalars.prefix(index))
        return (scalars.lastIndex { !isSpace($0) } ?? -1) + 1
    }

    private static func lastWordEnd(in text: String) -> Int {
        (Array(text.unicodeScalars).lastIndex { !isSpace($0) } ?? -1) + 1
    }
}
