import ShellBasics

/// A doc comment, as Quick Help lays it out: Swift's doc comments are
/// Markdown, and a learner should read the example in an SDK comment as
/// code and `text` as a name, not meet fences and backticks. Only the
/// part of Markdown that doc comments use is read (paragraphs, fenced or
/// indented code, list items, the `- Parameter x:` and `- Returns:`
/// callouts, headings, inline code, emphasis, links); anything else stays
/// as written. The paragraphs come as Pango markup with every character of
/// the comment escaped, so a comment cannot inject markup of its own.
package enum DocCommentLayout {
    /// One block of the comment.
    package enum Block: Equatable, Sendable {
        /// Running text, as Pango markup.
        case paragraph(String)
        /// A list item or a callout, as Pango markup (without its bullet).
        case item(String)
        /// Code, shown in a fixed-width font as it is.
        case code(String)
    }

    /// Characters of a comment laid out; the rest is cut with an ellipsis
    /// (a comment is the SDK's or the learner's own, and the bubble is small).
    package static let characterLimit = 8_000

    /// `comment` (without its `///` markers) as blocks, in order.
    package static func blocks(of comment: String) -> [Block] {
        var text = comment
        if text.count > characterLimit { text = String(text.prefix(characterLimit)) + "…" }
        var blocks: [Block] = []
        var paragraph: [Substring] = []
        var item: [Substring]?
        var code: [Substring]?
        var fenced = false

        func endText() {
            if !paragraph.isEmpty { blocks.append(.paragraph(inline(paragraph.joined(separator: " ")))) }
            paragraph = []
            if let lines = item { blocks.append(.item(callout(lines.joined(separator: " ")))) }
            item = nil
        }
        func endCode() {
            if let lines = code {
                let kept = trimmedBlankEnds(lines)
                if !kept.isEmpty { blocks.append(.code(dedented(kept))) }
            }
            code = nil
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                if fenced {
                    endCode()
                    fenced = false
                } else {
                    endText()
                    code = []
                    fenced = true
                }
                continue
            }
            if fenced {
                code?.append(line)
                continue
            }
            let indent = line.count - trimmed.count
            if indent >= 4, item == nil, paragraph.isEmpty, !trimmed.isEmpty {
                if code == nil { code = [] }
                code?.append(line)
                continue
            }
            if code != nil {
                if trimmed.isEmpty {
                    code?.append(line)
                    continue
                }
                endCode()
            }
            if trimmed.isEmpty {
                endText()
            } else if let rest = bulletless(trimmed) {
                endText()
                item = [rest]
            } else if trimmed.hasPrefix("#") {
                endText()
                blocks.append(.paragraph("<b>" + inline(String(trimmed.drop { $0 == "#" || $0 == " " })) + "</b>"))
            } else if item != nil, indent > 0 {
                item?.append(trimmed)
            } else {
                if item != nil { endText() }
                paragraph.append(trimmed)
            }
        }
        endText()
        endCode()
        return blocks
    }

    /// The plain text of the blocks, as a screen reader reads the bubble.
    package static func plainText(of blocks: [Block]) -> String {
        blocks.map { block in
            switch block {
            case .paragraph(let markup), .item(let markup): unmarked(markup)
            case .code(let code): code
            }
        }.joined(separator: "\n")
    }

    // MARK: Lines

    private static func bulletless(_ line: Substring) -> Substring? {
        guard let first = line.first, "-*+".contains(first), line.dropFirst().first == " " else { return nil }
        return line.dropFirst(2).drop { $0 == " " }
    }

    private static func trimmedBlankEnds(_ lines: [Substring]) -> [Substring] {
        let isBlank: (Substring) -> Bool = { $0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }),
            let last = lines.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return Array(lines[first...last])
    }

    private static func dedented(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { String($0.dropFirst(min(common, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
    }

    /// A list item; Swift's callouts (`Returns: …`, `Parameter name: …`)
    /// get their keyword in bold.
    private static func callout(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":") else { return inline(text) }
        let head = text[..<colon]
        let words = head.split(separator: " ")
        guard (1...2).contains(words.count), let first = words.first?.first, first.isUppercase,
            head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" })
        else { return inline(text) }
        return "<b>" + XMLText.escaped(String(head)) + ":</b>" + inline(String(text[text.index(after: colon)...]))
    }

    // MARK: Inline

    /// Inline code, strong, emphasis and links, as Pango markup.
    private static func inline(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        var open: [String] = []
        func toggle(_ tag: String) {
            if open.last == tag {
                open.removeLast()
                result += "</\(tag)>"
            } else if !open.contains(tag) {
                open.append(tag)
                result += "<\(tag)>"
            }
        }
        while index < text.endIndex {
            let character = text[index]
            let rest = text[index...]
            if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                result += "<tt>" + XMLText.escaped(String(text[text.index(after: index)..<end])) + "</tt>"
                index = text.index(after: end)
            } else if rest.hasPrefix("**") || rest.hasPrefix("__") {
                toggle("b")
                index = text.index(index, offsetBy: 2)
            } else if character == "*" || (character == "_" && isWordEdge(text, index)) {
                toggle("i")
                index = text.index(after: index)
            } else if character == "[", let close = rest.firstIndex(of: "]"),
                text.index(after: close) < text.endIndex, text[text.index(after: close)] == "(",
                let end = text[close...].firstIndex(of: ")")
            {
                result += inline(String(text[text.index(after: index)..<close]))
                index = text.index(after: end)
            } else {
                result += XMLText.escaped(String(character))
                index = text.index(after: index)
            }
        }
        for tag in open.reversed() { result += "</\(tag)>" }
        return result
    }

    /// An underscore starts or ends emphasis only beside a space or the
    /// text's end (`snake_case` stays as written).
    private static func isWordEdge(_ text: String, _ index: String.Index) -> Bool {
        let before = index == text.startIndex ? " " : text[text.index(before: index)]
        let afterIndex = text.index(after: index)
        let after = afterIndex == text.endIndex ? " " : text[afterIndex]
        return !before.isLetter && !before.isNumber || !after.isLetter && !after.isNumber
    }

    /// The text of markup this type made (its tags dropped, its entities read).
    private static func unmarked(_ markup: String) -> String {
        LanguageMarkup.plainText(fromXML: markup)
    }
}
