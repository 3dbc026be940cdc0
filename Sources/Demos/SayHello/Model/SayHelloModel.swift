import TextBounds

/// Say Hello's rules, free of GTK: what the name field may hold and what
/// pressing Greet does with it.
public struct SayHelloModel: Sendable {
    /// The most user-perceived characters a name may have: "宝玉" is 2 and an
    /// emoji with a skin tone is 1, as a person would count them.
    public static let maximumNameLength = 16

    public enum Outcome: Equatable, Sendable {
        /// Greet this (trimmed) name.
        case greet(name: String)
        /// The name is empty or only spaces: ask for one.
        case emptyName
    }

    /// A character of more Unicode scalars than this ("e" with thousands of
    /// combining accents, a chain of joined emoji) is cut to this many: one
    /// such "character" once stalled the window for seconds and made it
    /// 32,767 px wide.
    public static let maximumScalarsPerCharacter = 16

    /// What the field accepts of a piece of typed or pasted text.
    public typealias Insertion = TextLimit.Insertion

    /// The name field's bounds, shared with every other field (TextBounds).
    public static let limit = TextLimit(characters: maximumNameLength, scalarsPerCharacter: maximumScalarsPerCharacter)

    public init() {}

    /// What the name field accepts when `offered` is typed or pasted into it
    /// while it holds `current`: `TextLimit`'s rules (a line break or a tab
    /// becomes a space; control characters, bidi controls and invisible
    /// spaces are left out; a character is cut to `maximumScalarsPerCharacter`
    /// scalars; only as many characters as there is room for are taken). A
    /// full field refuses further typing; it never drops a character already there.
    public func insertion(_ offered: String, into current: String) -> Insertion {
        Self.limit.insertion(offered, into: current)
    }

    /// The text the name field should show after the user typed or pasted
    /// `typed`: words start with a capital letter, no character has more than
    /// `maximumScalarsPerCharacter` scalars, and the text is cut to
    /// `maximumNameLength` characters (`TextLimit.cut`).
    public func normalized(_ typed: String) -> String {
        Self.limit.cut(Self.capitalizingWords(typed))
    }

    /// `name` ready to be placed in a sentence: isolated (U+2068 … U+2069),
    /// so right-to-left text cannot reorder the words around it.
    public static func isolated(_ name: String) -> String { TextLimit.isolated(name) }

    /// What copying (part of) a greeting hands over: the text the user sees,
    /// without the invisible isolates `isolated` put around the name (a name
    /// can hold no bidi control of its own: the field refuses them).
    public static func copiedText(_ greeting: String) -> String {
        TextLimit.removingIsolates(greeting)
    }

    /// What pressing Greet (or Enter) does with `name`.
    public func greet(_ name: String) -> Outcome {
        let trimmed = normalized(name).trimmingWhitespace()
        return trimmed.isEmpty ? .emptyName : .greet(name: trimmed)
    }

    /// Upper-cases the first letter of each word and leaves the rest as typed,
    /// so "mcDonald" keeps its inner capital. A letter whose capital is more
    /// than one character ("ß") is left alone, so the text never grows.
    static func capitalizingWords(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                atWordStart = true
                result.append(character)
                continue
            }
            if atWordStart, character.isLowercase {
                let capital = character.uppercased()
                result += capital.count == 1 ? capital : String(character)
            } else {
                result.append(character)
            }
            atWordStart = false
        }
        return result
    }

    /// Whether typing or pasting `offered` into `current` loses something
    /// to the length limit: the field is full, or the text did not all fit.
    /// The window then says so beside the field (the error bell alone said
    /// nothing a screen reader user or a learner could understand).
    public func isCutByLength(_ offered: String, into current: String) -> Bool {
        let insertion = insertion(offered, into: current)
        return insertion.refusedSomething && (current + insertion.text).count >= Self.maximumNameLength
    }

    /// Whether `text` leaves room for another character.
    public func hasRoom(_ text: String) -> Bool { text.count < Self.maximumNameLength }
}
