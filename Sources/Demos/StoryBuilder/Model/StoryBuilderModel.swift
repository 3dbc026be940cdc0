import TextBounds

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

/// The result of filtering text on its way into a field (TextBounds' rules):
/// what goes in, and whether something was refused (the view rings the bell).
public typealias Insertion = TextLimit.Insertion

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

    /// Place and Verb: one line, the shared rules for hostile text.
    public static let wordLimit = TextLimit(
        characters: maximumWordLength, scalarsPerCharacter: maximumScalarsPerCharacter)
    /// The template: lines and tabs kept, the shared rules otherwise.
    public static let templateLimit = TextLimit(
        characters: maximumTemplateLength,
        scalarsPerCharacter: maximumScalarsPerCharacter, lines: .multiple)

    /// The bounds of `field`'s text.
    public static func limit(for field: StoryField) -> TextLimit {
        field == .number ? TextLimit(characters: maximumNumberLength, scalarsPerCharacter: 1) : wordLimit
    }

    // MARK: Generating

    /// The fields `template` uses, in form order: found as `generate` finds
    /// them, at a `<` that starts the placeholder.
    public static func fieldsUsed(by template: String) -> [StoryField] {
        StoryField.allCases.filter { field in
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "<") {
                if rest[open...].hasPrefix(field.placeholder) { return true }
                rest = rest[rest.index(after: open)...]
            }
            return false
        }
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
        let words = values.mapValues { $0.trimmingWhitespace() }
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

    /// `text` isolated (`TextLimit.isolated`) when it holds right-to-left letters.
    static func isolatedIfNeeded(_ text: String) -> String {
        text.unicodeScalars.contains(where: isRightToLeft) ? TextLimit.isolated(text) : text
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
    /// presentation forms, and the right-to-left historic scripts.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    // MARK: Filtering input

    /// What may go into `field` when `offered` is typed or pasted into it
    /// while it holds `current` (with `replacing` characters about to be
    /// replaced, for a selection). Number keeps only digits (full-width
    /// digits become ASCII); Place and Verb follow `TextLimit`'s rules (no
    /// control, bidi-control or invisible space characters, line breaks made
    /// spaces, over-long characters cut); every field stops at its length.
    public static func insertion(
        _ offered: String, into field: StoryField, holding current: String,
        replacing selected: Int = 0
    ) -> Insertion {
        let remaining = String(current.dropLast(max(0, selected)))
        guard field == .number else { return wordLimit.insertion(offered, into: remaining) }
        let digits = digits(of: offered)
        // Cut short, a number would be another number: what does not fit is refused whole.
        if digitsThatDoNotFit(offered, holding: remaining) != nil { return Insertion(text: "", refusedSomething: true) }
        let inserted = limit(for: .number).insertion(digits, into: remaining)
        return Insertion(
            text: inserted.text, refusedSomething: inserted.refusedSomething || digits.count < offered.count)
    }

    /// How many digits `offered` holds when there is no room for all of them
    /// in a Number holding `current` (nil when they fit): the view says why
    /// the paste was refused.
    public static func digitsThatDoNotFit(_ offered: String, holding current: String) -> Int? {
        let count = digits(of: offered).count
        return current.count + count > maximumNumberLength ? count : nil
    }

    /// Whether a typed character is accepted by `field` at all (Number: a digit).
    public static func accepts(_ character: Character, in field: StoryField) -> Bool {
        field == .number ? !digits(of: String(character)).isEmpty : !singleLine(String(character)).isEmpty
    }

    /// The ASCII digits of `text`; full-width digits (from a Chinese input
    /// method) count as digits (`DecimalDigits`, shared with the password's length).
    public static func digits(of text: String) -> String { DecimalDigits.asciiDigits(of: text) }

    /// `text` as one line of a field (`TextLimit`'s rules, at most
    /// `maximumWordLength` characters).
    public static func singleLine(_ text: String) -> String { wordLimit.cleaned(text) }

    /// `text` as a template: line breaks and tabs are kept, other control
    /// characters and bidi controls dropped, over-long characters cut, and
    /// the whole cut to `maximumTemplateLength`.
    public static func template(_ text: String) -> String { templateLimit.cleaned(text) }

    /// What may be inserted into a template holding `current` (`selected`
    /// characters about to be replaced).
    public static func templateInsertion(_ offered: String, holding current: String, replacing selected: Int = 0)
        -> Insertion
    {
        templateLimit.insertion(offered, into: String(current.dropLast(max(0, selected))))
    }

    /// A field's text as read back from the settings file (which anyone may
    /// have edited): the same rules as typing it.
    public static func restored(_ text: String?, for field: StoryField) -> String {
        insertion(text ?? "", into: field, holding: "").text
    }
}
