/// Word wrapping that stays fast for any text.
///
/// Pango wraps a word too long for a line character by character, but finds
/// that out again for every line: a pasted 4,000-character word laid out with
/// word-then-character wrapping took several times as long as the same text
/// wrapped at any character. So a view holding a run longer than
/// `longestWord` without a space (a pasted URL, hostile text) wraps at any
/// character until it holds none; ordinary text wraps between words.
extension TextView {
    /// Wraps the view's text between words, or at any character while it holds
    /// a run of more than `longestWord` characters without a space.
    public func wrapsWords(unlessLongerThan longestWord: Int = 200) {
        wrapMode = .wordCharacter
        _ = onChanged { view in
            let mode: WrapMode = holdsUnbrokenRun(view.text, longerThan: longestWord) ? .character : .wordCharacter
            if view.wrapMode != mode { view.wrapMode = mode }
        }
    }
}

/// Whether `text` holds more than `limit` scalars in a row with no white space.
func holdsUnbrokenRun(_ text: String, longerThan limit: Int) -> Bool {
    var run = 0
    for scalar in text.unicodeScalars {
        if scalar.properties.isWhitespace {
            run = 0
            continue
        }
        run += 1
        if run > limit { return true }
    }
    return false
}
