/// A password as the window shows it: with its spelling and the options it
/// was drawn under, so the strength line describes this password and not
/// whatever the switches say now.
public struct ShownPassword: Equatable, Sendable {
    public let password: String
    public let phonetic: String
    public let options: PasswordOptions

    public init(password: String, phonetic: String, options: PasswordOptions) {
        self.password = password
        self.phonetic = phonetic
        self.options = options
    }

    /// The strength of the rule that drew it.
    public var strength: Strength? { Strength(options) }

    /// Whether it could have been drawn under `current` (if not, the window
    /// draws a new one rather than show a password the options disown).
    public func matches(_ current: PasswordOptions) -> Bool { options.drawsLike(current) }
}

/// How a password is laid out: monospace lines of equal length, so a long
/// one reads as an even block instead of lines broken at punctuation.
public enum PasswordLayout {
    /// The longest line, in characters.
    public static let maximumLineLength = 24

    /// Characters per line for a password of `length`: as few lines as
    /// `maximum` allows, shared out evenly (128 → six lines of 22 and one
    /// shorter last line, never a last line of two).
    public static func lineLength(for length: Int, maximum: Int = maximumLineLength) -> Int {
        guard length > maximum, maximum > 0 else { return max(length, 1) }
        let lines = (length + maximum - 1) / maximum
        return (length + lines - 1) / lines
    }

    /// `password` cut into those lines (for the accessible description, and
    /// for tests to compare with what Pango drew).
    public static func lines(of password: String, maximum: Int = maximumLineLength) -> [String] {
        let characters = Array(password)
        let width = lineLength(for: characters.count, maximum: maximum)
        return stride(from: 0, to: characters.count, by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}
