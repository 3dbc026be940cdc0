extension StringProtocol {
    /// Whether `part` occurs in the text, compared character by character as
    /// `==` compares strings. The standard library's `contains(_:)` for
    /// strings lives in the regular-expression module, which no target
    /// imports: it would load two more shared libraries into every start.
    public func containsText(_ part: some StringProtocol) -> Bool {
        guard let first = part.first else { return true }
        var rest = self[...]
        while let start = rest.firstIndex(of: first) {
            if rest[start...].hasPrefix(part) { return true }
            rest = rest[rest.index(after: start)...]
        }
        return false
    }
}

extension StringProtocol {
    /// The text between the occurrences of `separator` (the whole text when
    /// there is none; empty pieces kept), as `containsText` finds them.
    public func textComponents(separatedBy separator: some StringProtocol) -> [SubSequence] {
        guard let first = separator.first else { return [self[...]] }
        var pieces: [SubSequence] = []
        var pieceStart = startIndex
        var cursor = startIndex
        while let start = self[cursor...].firstIndex(of: first) {
            if self[start...].hasPrefix(separator) {
                pieces.append(self[pieceStart..<start])
                pieceStart = index(start, offsetBy: separator.count)
                cursor = pieceStart
            } else {
                cursor = index(after: start)
            }
        }
        pieces.append(self[pieceStart...])
        return pieces
    }
}
