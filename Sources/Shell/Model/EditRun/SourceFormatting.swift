/// Format's rules without a process: where the caret goes in the text
/// `swift-format` gave back. Formatting moves only blanks (spaces, tabs,
/// line breaks), so the caret stays on its statement when it stays after
/// as many other characters as before.
package enum SourceFormatting {
    /// The caret's offset (Unicode scalars, as GTK counts) in `formatted`
    /// for one at `caret` in `original`.
    package static func caret(_ caret: Int, in original: String, formatted: String) -> Int {
        let before = original.unicodeScalars.prefix(max(0, caret)).filter { !isBlank($0) }.count
        guard before > 0 else { return 0 }
        var seen = 0
        for (index, scalar) in formatted.unicodeScalars.enumerated() where !isBlank(scalar) {
            seen += 1
            if seen == before { return index + 1 }
        }
        return formatted.unicodeScalars.count
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
