/// Story Builder's rules, free of GTK: what each field accepts, and how a
/// template and three words become a story.

/// One of the three words a story is built from, in the order the form shows them.
public enum StoryField: Int, CaseIterable, Sendable, Comparable {
    case place, verb, number

    /// The placeholder a template uses for this field: `<place>`, `<verb>`, `<number>`.
    public var placeholder: String {
        switch self {
        case .place: "<place>"
        case .verb: "<verb>"
        case .number: "<number>"
        }
    }

    /// The settings key the field's last text is kept under.
    public var settingsKey: String {
        switch self {
        case .place: "place"
        case .verb: "verb"
        case .number: "number"
        }
    }

    /// The most user-perceived characters the field holds.
    public var maximumLength: Int {
        self == .number ? StoryRules.maximumNumberLength : StoryRules.maximumWordLength
    }

    public static func < (a: StoryField, b: StoryField) -> Bool { a.rawValue < b.rawValue }
}

/// What pressing Generate Story does.
public enum StoryOutcome: Equatable, Sendable {
    /// The story to show.
    case story(String)
    /// The template uses these fields but they are empty (in form order);
    /// nothing is generated.
    case missing([StoryField])
}

/// The result of filtering text on its way into a field.
public struct Insertion: Equatable, Sendable {
    /// What actually goes in (possibly empty).
    public let text: String
    /// True when part or all of the offered text was refused: the view rings
    /// the error bell.
    public let refusedSomething: Bool

    public init(text: String, refusedSomething: Bool) {
        self.text = text
        self.refusedSomething = refusedSomething
    }
}

public enum StoryRules {
    /// Place and Verb: at most this many characters as a person counts them.
    public static let maximumWordLength = 40
    /// Number: at most this many digits.
    public static let maximumNumberLength = 18
    /// The template: at most this many characters.
    public static let maximumTemplateLength = 4000
    /// A character made of more scalars than this (stacked combining marks,
    /// "Zalgo" text) is cut down to this many. The longest emoji sequences in
    /// use (families, couples with skin tones) have 10.
    public static let maximumScalarsPerCharacter = 10

    // MARK: Generating

    /// The fields `template` uses, in form order.
    public static func fieldsUsed(by template: String) -> [StoryField] {
        StoryField.allCases.filter { template.contains($0.placeholder) }
    }

    /// Builds the story: every `<place>`, `<verb>` and `<number>` in
    /// `template` is replaced by its field's text in ONE pass over the
    /// template, so what the user typed is inserted literally and never read
    /// as a placeholder again (a Place of `<verb>` stays `<verb>`). Unknown
    /// placeholders and lone `<` or `>` stay as they are.
    ///
    /// Field text is trimmed of surrounding spaces; a field the template uses
    /// that is empty (or only spaces) makes the outcome `.missing`. Text
    /// containing right-to-left letters is wrapped in Unicode bidi isolates
    /// (U+2068 … U+2069) so it cannot reorder the sentence around it.
    public static func generate(template: String, values: [StoryField: String]) -> StoryOutcome {
        let words = values.mapValues(trimmingSpaces)
        let missing = fieldsUsed(by: template).filter { (words[$0] ?? "").isEmpty }
        guard missing.isEmpty else { return .missing(missing) }

        var story = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "<") {
            story += rest[..<open]
            let tail = rest[open...]
            if let field = StoryField.allCases.first(where: { tail.hasPrefix($0.placeholder) }) {
                story += isolatedIfNeeded(words[field] ?? "")
                rest = tail.dropFirst(field.placeholder.count)
            } else {
                story.append("<")
                rest = tail.dropFirst()
            }
        }
        return .story(story + rest)
    }

    /// `text` wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE when
    /// it holds right-to-left letters; left-to-right text is left alone.
    static func isolatedIfNeeded(_ text: String) -> String {
        text.unicodeScalars.contains(where: isRightToLeft) ? "\u{2068}\(text)\u{2069}" : text
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
    /// presentation forms, and the right-to-left historic scripts.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    static func trimmingSpaces(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }

    // MARK: Filtering input

    /// What may go into `field` when `offered` is typed or pasted into it
    /// while it holds `current` (with `replacing` characters about to be
    /// replaced, for a selection). Number keeps only digits (full-width
    /// digits become ASCII); Place and Verb refuse control and bidi-control
    /// characters and line breaks; every field stops at its length.
    public static func insertion(_ offered: String, into field: StoryField, holding current: String,
                                 replacing selected: Int = 0) -> Insertion {
        var text = field == .number ? digits(of: offered) : singleLine(offered)
        let room = max(0, field.maximumLength - max(0, current.count - selected))
        if text.count > room { text = String(text.prefix(room)) }
        return Insertion(text: text, refusedSomething: text.count < offered.count)
    }

    /// Whether a typed character is accepted by `field` at all (Number: a digit).
    public static func accepts(_ character: Character, in field: StoryField) -> Bool {
        field == .number ? !digits(of: String(character)).isEmpty : !singleLine(String(character)).isEmpty
    }

    /// The ASCII digits of `text`; full-width digits (from a Chinese input
    /// method) count as digits.
    public static func digits(of text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar in
            switch scalar.value {
            case 0x30...0x39: scalar
            case 0xFF10...0xFF19: Unicode.Scalar(scalar.value - 0xFF10 + 0x30)
            default: nil
            }
        }))
    }

    /// `text` as one line of a field: no control characters (tabs and line
    /// breaks become spaces), no bidi embedding, override or isolate
    /// controls, no over-long characters.
    public static func singleLine(_ text: String) -> String {
        sanitized(text) { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: " "
            default: isRefused(scalar) ? nil : Character(scalar)
            }
        }
    }

    /// `text` as a template: line breaks and tabs are kept, other control
    /// characters and bidi controls dropped, over-long characters cut, and
    /// the whole cut to `maximumTemplateLength`.
    public static func template(_ text: String) -> String {
        let cleaned = sanitized(text) { scalar in
            switch scalar.value {
            case 0x09, 0x0A: Character(scalar)
            case 0x0D: nil
            case 0x85, 0x2028, 0x2029: "\n"
            default: isRefused(scalar) ? nil : Character(scalar)
            }
        }
        return String(cleaned.prefix(maximumTemplateLength))
    }

    /// What may be inserted into a template holding `current` (`selected`
    /// characters about to be replaced).
    public static func templateInsertion(_ offered: String, holding current: String, replacing selected: Int = 0) -> Insertion {
        var text = template(offered)
        let room = max(0, maximumTemplateLength - max(0, current.count - selected))
        if text.count > room { text = String(text.prefix(room)) }
        return Insertion(text: text, refusedSomething: text.count < offered.count)
    }

    /// A field's text as read back from the settings file (which anyone may
    /// have edited): the same rules as typing it.
    public static func restored(_ text: String?, for field: StoryField) -> String {
        insertion(text ?? "", into: field, holding: "").text
    }

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true            // C0 and C1 controls
        case 0x202A...0x202E, 0x2066...0x2069: true    // bidi embeddings, overrides, isolates
        case 0x200E, 0x200F, 0x061C: true              // bidi marks
        case 0xFFF9...0xFFFB, 0xFEFF: true             // interlinear annotations, BOM
        default: false
        }
    }

    /// Maps every scalar through `keep`, then cuts each character to
    /// `maximumScalarsPerCharacter` scalars.
    private static func sanitized(_ text: String, _ keep: (Unicode.Scalar) -> Character?) -> String {
        var mapped = ""
        for scalar in text.unicodeScalars {
            if let kept = keep(scalar) { mapped.append(kept) }
        }
        guard mapped.contains(where: { $0.unicodeScalars.count > maximumScalarsPerCharacter }) else { return mapped }
        var result = ""
        for character in mapped {
            result.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter))
        }
        return result
    }
}
