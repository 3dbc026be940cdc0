import TextBounds

/// The Password Generator's rules, free of GTK: which characters a password
/// may use, how it is drawn, how it is spelled aloud and how strong it is.

/// One of the four kinds of character a password can include.
public enum CharacterClass: String, CaseIterable, Sendable {
    case lowerCase, upperCase, numbers, punctuation

    /// Every character of the class, in order.
    public var characters: [Character] {
        switch self {
        case .lowerCase: Array("abcdefghijklmnopqrstuvwxyz")
        case .upperCase: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        case .numbers: Array("0123456789")
        // The original app's set.
        case .punctuation: Array("~!?#%^&*()")
        }
    }

    /// The class's characters, less the look-alikes when `avoidingLookAlikes`.
    public func characters(avoidingLookAlikes: Bool) -> [Character] {
        avoidingLookAlikes ? characters.filter { !PasswordOptions.lookAlikes.contains($0) } : characters
    }
}

/// What the user chose: the length and the switches. Kept in the plugin's
/// settings under `settingsKey` names.
public struct PasswordOptions: Equatable, Sendable {
    /// The lengths the spin button offers.
    public static let lengthRange = 4...128
    public static let defaultLength = 8

    /// Characters easily mistaken for one another, left out by "Avoid Look-Alikes".
    public static let lookAlikes: Set<Character> = ["0", "O", "o", "1", "l", "I"]
    /// The same, as the switch's label shows them.
    public static let lookAlikesShown = "0 O o 1 l I"

    /// Always within `lengthRange` (a value set outside it is clamped).
    public var length: Int {
        get { clampedLength }
        set { clampedLength = Self.clampedLength(newValue) }
    }
    private var clampedLength: Int
    public var showsPhonetics = true
    public var includesLowerCase = true
    public var includesUpperCase = true
    public var includesNumbers = true
    public var includesPunctuation = true
    public var avoidsLookAlikes = false

    public init(length: Int = PasswordOptions.defaultLength) {
        clampedLength = Self.clampedLength(length)
    }

    public static func clampedLength(_ length: Int) -> Int {
        min(max(length, lengthRange.lowerBound), lengthRange.upperBound)
    }

    public func includes(_ characterClass: CharacterClass) -> Bool {
        switch characterClass {
        case .lowerCase: includesLowerCase
        case .upperCase: includesUpperCase
        case .numbers: includesNumbers
        case .punctuation: includesPunctuation
        }
    }

    public mutating func set(_ characterClass: CharacterClass, included: Bool) {
        switch characterClass {
        case .lowerCase: includesLowerCase = included
        case .upperCase: includesUpperCase = included
        case .numbers: includesNumbers = included
        case .punctuation: includesPunctuation = included
        }
    }

    /// The chosen classes, each as the characters it contributes.
    public var chosenSets: [[Character]] {
        CharacterClass.allCases.filter(includes).map { $0.characters(avoidingLookAlikes: avoidsLookAlikes) }
    }

    /// Every character a password may contain (the union of the chosen sets).
    public var alphabet: [Character] { chosenSets.flatMap { $0 } }

    /// False when no class is chosen: no password can be made.
    public var hasCharacterSet: Bool { !chosenSets.isEmpty }

    // MARK: Settings

    /// The settings keys, one per option.
    public enum Key: String, CaseIterable, Sendable {
        case length = "Length"
        case showsPhonetics = "ShowPhonetics"
        case includesLowerCase = "IncludeLowerCase"
        case includesUpperCase = "IncludeUpperCase"
        case includesNumbers = "IncludeNumbers"
        case includesPunctuation = "IncludePunctuation"
        case avoidsLookAlikes = "AvoidLookAlikes"
    }

    /// The options stored in settings; missing or unusable values keep their
    /// defaults (a length out of range is clamped).
    public init(integer: (String) -> Int?, boolean: (String) -> Bool?) {
        self.init()
        if let stored = integer(Key.length.rawValue) { length = stored }
        showsPhonetics = boolean(Key.showsPhonetics.rawValue) ?? showsPhonetics
        includesLowerCase = boolean(Key.includesLowerCase.rawValue) ?? includesLowerCase
        includesUpperCase = boolean(Key.includesUpperCase.rawValue) ?? includesUpperCase
        includesNumbers = boolean(Key.includesNumbers.rawValue) ?? includesNumbers
        includesPunctuation = boolean(Key.includesPunctuation.rawValue) ?? includesPunctuation
        avoidsLookAlikes = boolean(Key.avoidsLookAlikes.rawValue) ?? avoidsLookAlikes
    }

    /// The switches' values by key, for saving.
    public var booleans: [(key: String, value: Bool)] {
        [
            (Key.showsPhonetics.rawValue, showsPhonetics),
            (Key.includesLowerCase.rawValue, includesLowerCase),
            (Key.includesUpperCase.rawValue, includesUpperCase),
            (Key.includesNumbers.rawValue, includesNumbers),
            (Key.includesPunctuation.rawValue, includesPunctuation),
            (Key.avoidsLookAlikes.rawValue, avoidsLookAlikes),
        ]
    }
}

extension PasswordOptions {
    /// What the length field accepts of typed or pasted text while it holds
    /// `current`: a whole number, in ASCII or full-width digits (a Chinese
    /// input method's), with the spaces around a paste dropped. Anything else
    /// ("4.5", "1e2", "-5") is refused whole, so the value never changes
    /// silently; the caller rings the bell. A number past the longest length
    /// is kept to four digits: `fieldText` then makes it 128.
    @Sendable public static func lengthText(_ offered: String, _ current: String) -> (text: String, refused: Bool) {
        // Pages of text are no length anybody means: refused unread.
        let scalars = offered.unicodeScalars
        guard scalars.count <= 4096 else { return ("", true) }
        let trimmed = scalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
            .reversed()
        var digits = String.UnicodeScalarView()
        for scalar in trimmed {
            guard let digit = DecimalDigits.ascii(scalar) else { return ("", true) }
            digits.append(digit)
        }
        let text = String(digits)
        guard !text.isEmpty || offered.isEmpty else { return ("", true) }
        // Four significant digits already make it over 128, wherever they go.
        let significant = text.drop { $0 == "0" }
        return (significant.count > 4 ? String(significant.prefix(4)) : text, false)
    }

    /// The length a field's digits ask for, clamped to `lengthRange`; nil
    /// when the field is empty (or not a number): the value then stays.
    public static func length(fromText text: String) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ (0x30...0x39).contains($0.value) }) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard significant.count <= 4, let value = Int(significant.isEmpty ? "0" : significant) else {
            return lengthRange.upperBound
        }
        return clampedLength(value)
    }

    /// The field's text once a number above the range is brought down to
    /// it and leading zeros go ("1000" → "128", "007" → "7"); nil when the
    /// text is already so. Numbers below the range stay while being typed (a
    /// "1" on its way to "12"); Enter or leaving the field raises them.
    @Sendable public static func fieldText(_ text: String) -> String? {
        guard let length = length(fromText: text) else { return nil }
        let value = Int(text.drop { $0 == "0" }.prefix(5)) ?? 0
        let wanted = value > lengthRange.upperBound ? String(length) : String(value)
        return wanted == text ? nil : wanted
    }

    /// Whether passwords drawn under `other` come from the same rule as under
    /// these options: the same length and characters (phonetics aside).
    public func drawsLike(_ other: PasswordOptions) -> Bool {
        length == other.length && alphabet == other.alphabet
    }
}
