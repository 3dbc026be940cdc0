/// The editor's rules for completion, without a display or a clock: when
/// typing asks for it, where the name being completed begins, which of
/// SourceKit's items the list shows, in which order, and what choosing one
/// writes.
package enum LanguageCompletions {
    /// Letters typed before the list opens by itself (after `.` it opens at once).
    package static let lettersBeforeCompleting = 2

    /// Whether `character` may be part of a Swift name.
    package static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// The name being typed just before `caret` (a character index into
    /// `text`): its start, and what of it is typed. After `.` it is empty.
    package static func typedName(in text: [Character], caret: Int) -> (start: Int, typed: String) {
        var start = min(max(caret, 0), text.count)
        while start > 0, isNameCharacter(text[start - 1]) { start -= 1 }
        return (start, String(text[start..<min(max(caret, 0), text.count)]))
    }

    /// Whether typing, with `text` before the caret, opens the list by itself:
    /// right after a `.` that follows a name or a closing bracket, or from
    /// the second letter of a name on (not a number, not in a comment or a string).
    package static func opensByItself(before caret: Int, in text: [Character]) -> Bool {
        guard caret > 0, caret <= text.count else { return false }
        var lineStart = caret
        while lineStart > 0, text[lineStart - 1] != "\n" { lineStart -= 1 }
        let line = text[lineStart..<caret]
        let commented = zip(line, line.dropFirst()).contains { $0 == "/" && $1 == "/" }
        if commented || line.filter({ $0 == "\"" }).count % 2 == 1 { return false }
        if text[caret - 1] == "." {
            guard caret > 1 else { return false }
            let before = text[caret - 2]
            if isNameCharacter(before) {
                // A name's member, not a number's point.
                let name = typedName(in: text, caret: caret - 1)
                return name.typed.first.map { !$0.isNumber } ?? false
            }
            return before == ")" || before == "]" || before == "?" || before == "!"
        }
        let typed = typedName(in: text, caret: caret).typed
        // Two letters or more: each key asks again (the one before is
        // cancelled), so a name typed quickly is asked about once it pauses.
        guard typed.count >= lettersBeforeCompleting, let first = typed.first else { return false }
        return !first.isNumber
    }

    /// The items whose name begins with `typed` (letters' case aside), those
    /// of its exact case first, then those the learner chose before (most
    /// recent first), then SourceKit's order.
    package static func shown(_ items: [CompletionItem], typed: String, used: [String] = []) -> [CompletionItem] {
        let lower = typed.lowercased()
        let matching = items.enumerated().filter { lower.isEmpty || $0.element.name.lowercased().hasPrefix(lower) }
        func rank(_ item: CompletionItem) -> (Int, Int) {
            let exact = item.name.hasPrefix(typed) ? 0 : 1
            let recent = used.lastIndex(of: item.name).map { used.count - $0 } ?? Int.max
            return (exact, recent)
        }
        return matching.sorted { left, right in
            let (a, b) = (rank(left.element), rank(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// What choosing `item` writes, SourceKit's placeholders (`<#T##label:
    /// Type##Type#>`, `<#name#>`) replaced by what they name, and where each
    /// placeholder then stands (character offsets into the text), so that
    /// the editor selects the first for the learner to type over.
    package static func insertion(of item: CompletionItem) -> (text: String, placeholders: [Range<Int>]) {
        var text = ""
        var placeholders: [Range<Int>] = []
        let characters = Array(item.insertion)
        var index = 0
        var count = 0
        while index < characters.count {
            if characters[index] == "<", index + 1 < characters.count, characters[index + 1] == "#",
                let close = (index + 2..<max(index + 2, characters.count - 1)).first(where: {
                    characters[$0] == "#" && characters[$0 + 1] == ">"
                })
            {
                var inside = characters[(index + 2)..<close]
                if inside.starts(with: "T##") { inside = inside.dropFirst(3) }
                // `label: Type##Type`: what comes before the first `##`.
                var shownEnd = inside.startIndex
                while shownEnd < inside.endIndex,
                    !(inside[shownEnd] == "#" && shownEnd + 1 < inside.endIndex && inside[shownEnd + 1] == "#")
                {
                    shownEnd += 1
                }
                let shown = String(inside[inside.startIndex..<shownEnd])
                placeholders.append(count..<(count + shown.count))
                text += shown
                count += shown.count
                index = close + 2
            } else {
                text.append(characters[index])
                count += 1
                index += 1
            }
        }
        return (text, placeholders)
    }
}
