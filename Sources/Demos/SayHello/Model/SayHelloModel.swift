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

    public init() {}

    /// The text the name field should show after the user typed or pasted
    /// `typed`: words start with a capital letter, and the text is cut to
    /// `maximumNameLength` characters.
    public func normalized(_ typed: String) -> String {
        String(Self.capitalizingWords(typed).prefix(Self.maximumNameLength))
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
