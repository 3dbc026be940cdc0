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
    public struct Insertion: Equatable, Sendable {
        /// The text to insert instead of what was offered.
        public let text: String
        /// Whether anything offered was left out (ring the error bell).
        public let refusedSomething: Bool

        public init(text: String, refusedSomething: Bool) {
            self.text = text
            self.refusedSomething = refusedSomething
        }
    }

    public init() {}

    /// What the name field accepts when `offered` is typed or pasted into it
    /// while it holds `current`: a line break or a tab becomes a space, other
    /// control characters, bidi controls and invisible spaces are left out
    /// (they would reorder the greeting or use up the limit unseen), a
    /// character is cut to `maximumScalarsPerCharacter` scalars, and only as
    /// many characters as there is room for are taken. A full field refuses
    /// further typing; it never drops a character already there.
    public func insertion(_ offered: String, into current: String) -> Insertion {
        var refused = false
        var scalars = String.UnicodeScalarView()
        // Room for 16 characters of 16 scalars, and plenty of what is left out.
        let window = offered.unicodeScalars.prefix(4096)
        if window.count < offered.unicodeScalars.count { refused = true }
        for scalar in window {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if scalar.properties.generalCategory == .control || Self.isInvisible(scalar) {
                refused = true
            } else {
                scalars.append(scalar)
            }
        }
        let room = max(0, Self.maximumNameLength - current.count)
        var text = ""
        var count = 0
        for character in String(scalars) {
            if count == room { refused = true; break }
            let cut = Self.cut(character)
            if cut.unicodeScalars.count < character.unicodeScalars.count { refused = true }
            text += cut
            count += 1
        }
        return Insertion(text: text, refusedSomething: refused)
    }

    /// The text the name field should show after the user typed or pasted
    /// `typed`: words start with a capital letter, no character has more than
    /// `maximumScalarsPerCharacter` scalars, and the text is cut to
    /// `maximumNameLength` characters.
    public func normalized(_ typed: String) -> String {
        var result = ""
        for character in Self.capitalizingWords(typed).prefix(Self.maximumNameLength) { result += Self.cut(character) }
        return result
    }

    /// `name` ready to be placed in a sentence: isolated (U+2068 … U+2069),
    /// so right-to-left text cannot reorder the words around it.
    public static func isolated(_ name: String) -> String { "\u{2068}\(name)\u{2069}" }

    static func cut(_ character: Character) -> String {
        character.unicodeScalars.count <= maximumScalarsPerCharacter ? String(character)
            : String(String.UnicodeScalarView(character.unicodeScalars.prefix(maximumScalarsPerCharacter)))
    }

    /// Bidi controls and zero-width spaces: invisible, and never part of a name.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF, 0x061C: true
        default: false
        }
    }

    /// What pressing Greet (or Enter) does with `name`.
    public func greet(_ name: String) -> Outcome {
        let trimmed = Self.trimmingSpaces(normalized(name))
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

    static func trimmingSpaces(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
