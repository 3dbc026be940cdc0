/// How a password is spelled aloud, one word per character.
public enum PhoneticWord: Equatable, Sendable {
    /// A letter: its NATO word, in upper case for a capital ("ALPHA").
    case letter(word: String, upperCase: Bool)
    /// A digit, 0 to 9.
    case digit(Int)
    /// A punctuation mark of the generator's set.
    case punctuation(Character)
    /// Anything else (never in a generated password): the character itself.
    case other(Character)

    /// The word in English; `Phonetics.spell` joins these.
    public var english: String {
        switch self {
        case .letter(let word, let upperCase): upperCase ? word.uppercased() : word
        case .digit(let value): Phonetics.digitNames[value]
        case .punctuation(let mark): Phonetics.punctuationNames[mark] ?? String(mark)
        case .other(let character): String(character)
        }
    }
}

public enum Phonetics {
    /// The NATO spelling alphabet, a to z.
    public static let nato = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
        "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
        "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu",
    ]

    public static let digitNames = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]

    public static let punctuationNames: [Character: String] = [
        "~": "Tilde", "!": "Exclamation Point", "?": "Question Mark", "#": "Pound Sign",
        "%": "Percent Sign", "^": "Caret", "&": "Ampersand", "*": "Asterisk",
        "(": "Left Parenthesis", ")": "Right Parenthesis",
    ]

    /// The word for one character.
    public static func word(for character: Character) -> PhoneticWord {
        guard character.isASCII, let scalar = character.unicodeScalars.first else { return .other(character) }
        let value = scalar.value
        switch value {
        case 0x61...0x7A: return .letter(word: nato[Int(value - 0x61)], upperCase: false)
        case 0x41...0x5A: return .letter(word: nato[Int(value - 0x41)], upperCase: true)
        case 0x30...0x39: return .digit(Int(value - 0x30))
        default: return punctuationNames[character] != nil ? .punctuation(character) : .other(character)
        }
    }

    public static func words(for password: String) -> [PhoneticWord] { password.map(word(for:)) }

    /// The spelling joined by ", "; `name` translates each word (the view
    /// passes one that translates digits and punctuation).
    public static func spell(_ password: String, name: (PhoneticWord) -> String = { $0.english }) -> String {
        words(for: password).map(name).joined(separator: ", ")
    }
}
