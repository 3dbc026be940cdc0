import DemoBasics

/// Swift text as tokens (identifiers, string literals, `->`, single
/// punctuation), comments and whitespace passed over: what
/// `SDKShapeUpdate` matches the old template's code against, so that any
/// spacing between its tokens matches and nothing in a comment or a string
/// does. (The package imports no regular-expression library: it would cost
/// every start two more shared libraries.)
struct SwiftTokens {
    struct Token {
        let text: String
        /// Its UTF-8 offsets in the text.
        let start: Int, end: Int
        var isName: Bool { text.utf8.first.map { SwiftTokens.startsName($0) } ?? false }
    }

    let source: String
    let tokens: [Token]

    init(_ source: String) {
        self.source = source
        let bytes = Array(source.utf8)
        var tokens: [Token] = []
        var index = 0
        func starts(_ literal: String, at offset: Int) -> Bool {
            let wanted = Array(literal.utf8)
            return offset + wanted.count <= bytes.count && bytes[offset..<offset + wanted.count].elementsEqual(wanted)
        }
        /// The offset after the first `end` from `offset`, a backslash
        /// escaping the byte after it; the text's end when there is none.
        func passing(_ end: String, from offset: Int, stopsAtLine: Bool = false) -> Int {
            var offset = offset
            while offset < bytes.count, !starts(end, at: offset) {
                if stopsAtLine && bytes[offset] == UInt8(ascii: "\n") { return offset }
                offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(offset + end.utf8.count, bytes.count)
        }
        while index < bytes.count {
            let byte = bytes[index], start = index
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            if starts("//", at: index) {
                index = passing("\n", from: index)
                continue
            }
            if starts("/*", at: index) {
                var depth = 0
                while index < bytes.count {
                    if starts("/*", at: index) {
                        depth += 1
                        index += 2
                    } else if starts("*/", at: index) {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                continue
            }
            if starts("\"\"\"", at: index) {
                index = passing("\"\"\"", from: index + 3)
            } else if byte == UInt8(ascii: "\"") {
                index = passing("\"", from: index + 1, stopsAtLine: true)
            } else if Self.startsName(byte) || (0x30...0x39).contains(byte) {
                while index < bytes.count, Self.startsName(bytes[index]) || (0x30...0x39).contains(bytes[index]) {
                    index += 1
                }
            } else if starts("->", at: index) {
                index += 2
            } else {
                index += 1
            }
            tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), start: start, end: index))
        }
        self.tokens = tokens
    }

    static func startsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
    }

    /// The index in `source` of a UTF-8 offset (always a token's edge: ASCII).
    func index(_ offset: Int) -> String.Index { source.utf8.index(source.startIndex, offsetBy: offset) }

    func text(from start: Int, to end: Int) -> String { String(source[index(start)..<index(end)]) }

    /// The index of the `}` closing the `{` at token `open`.
    func closing(_ open: Int) -> Int? {
        var depth = 0
        for position in open..<tokens.count {
            if tokens[position].text == "{" { depth += 1 }
            if tokens[position].text == "}" {
                depth -= 1
                if depth == 0 { return position }
            }
        }
        return nil
    }

    /// One piece of a pattern: any whitespace or none may stand between two.
    indirect enum Piece: Sendable {
        case token(String)
        /// An identifier of ASCII (at most 128 characters), captured.
        case name
        case optional([Piece])
        case either([[Piece]])
    }

    /// A match: its first and last token, and the token of each `.name`.
    struct Match {
        let first: Int, last: Int
        let names: [Int]
    }

    /// Every match of `pattern`, none overlapping, from token `from` to `to`.
    func matches(_ pattern: [Piece], from: Int = 0, to: Int? = nil) -> [Match] {
        var found: [Match] = [], position = from
        let end = to ?? tokens.count
        while position < end {
            if let (after, names) = match(pattern[...], at: position, end: end), after > position {
                found.append(Match(first: position, last: after - 1, names: names))
                position = after
            } else {
                position += 1
            }
        }
        return found
    }

    private func match(_ pieces: ArraySlice<Piece>, at position: Int, end: Int) -> (Int, [Int])? {
        guard let piece = pieces.first else { return (position, []) }
        let rest = pieces.dropFirst()
        switch piece {
        case .token(let text):
            guard position < end, tokens[position].text == text,
                let (after, names) = match(rest, at: position + 1, end: end)
            else { return nil }
            return (after, names)
        case .name:
            let token = position < end ? tokens[position] : nil
            guard let token, token.isName, token.text.utf8.count <= 128, token.text.utf8.allSatisfy({ $0 < 0x80 }),
                let (after, names) = match(rest, at: position + 1, end: end)
            else { return nil }
            return (after, [position] + names)
        case .optional(let inner):
            return match((inner + rest)[...], at: position, end: end) ?? match(rest, at: position, end: end)
        case .either(let choices):
            for choice in choices {
                if let found = match((choice + rest)[...], at: position, end: end) { return found }
            }
            return nil
        }
    }
}
