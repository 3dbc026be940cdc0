/// What a text field accepts of hostile text, free of GTK, shared by every
/// demo's model and the launcher: a field holds at most so many
/// user-perceived characters, each of at most so many Unicode scalars; control
/// characters, bidi controls and invisible spaces are left out; invisible
/// format characters (a soft hyphen, a joiner) do not count toward the limit;
/// a full field refuses more text instead of dropping what is already there.
///
/// Seen before this existed, each within a 16-character rule: "e" and 50,000
/// combining accents stalled the main loop for seconds; a chain of 2,000 joined
/// emoji was one "character" and made the window 32,767 px wide; a right-to-left
/// override cut before its terminator reordered the sentence around it.
public struct TextLimit: Sendable, Equatable {
    /// Whether the field holds one line (a line break becomes a space) or many.
    public enum Lines: Sendable, Equatable { case single, multiple }

    /// The most characters the field holds, counted as a person counts them
    /// ("宝玉" is 2, an emoji with a skin tone is 1).
    public let maximumCharacters: Int
    /// A character of more scalars than this is cut to this many. The longest
    /// emoji sequences in use (families, couples with skin tones) have 10.
    public let maximumScalarsPerCharacter: Int
    public let lines: Lines

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

    public init(characters: Int, scalarsPerCharacter: Int = 16, lines: Lines = .single) {
        maximumCharacters = max(0, characters)
        maximumScalarsPerCharacter = max(1, scalarsPerCharacter)
        self.lines = lines
    }

    /// All the scalars the field may hold, invisible ones included: the
    /// bound on the work any text in it can cause.
    public var maximumScalars: Int { maximumCharacters * maximumScalarsPerCharacter }

    // MARK: Filtering

    /// What the field accepts when `offered` is typed or pasted into it while
    /// it holds `current` (a selection being replaced already gone): refused
    /// scalars left out, line breaks made spaces in a one-line field, each
    /// character cut to `maximumScalarsPerCharacter`, and only as many
    /// visible characters (and scalars) as there is room for.
    public func insertion(_ offered: String, into current: String) -> Insertion {
        var refused = false
        let currentScalars = current.unicodeScalars.count
        var scalarRoom = max(0, maximumScalars - currentScalars)
        // Never look at more of a huge paste than could possibly go in, plus
        // a margin for what is left out.
        let window = offered.unicodeScalars.prefix(scalarRoom + 4096)
        if window.count < offered.unicodeScalars.count { refused = true }
        var cleaned = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in window {
            defer { previous = scalar }
            if let replacement = lineBreakReplacement(scalar, after: previous) {
                if let kept = replacement { cleaned.append(kept) }
                continue
            }
            if Self.isRefused(scalar) { refused = true } else { cleaned.append(scalar) }
        }
        var room = max(0, maximumCharacters - Self.visibleCount(current))
        var text = String.UnicodeScalarView()
        for character in String(cleaned) {
            let visible = Self.isVisible(character)
            let cut = character.unicodeScalars.prefix(maximumScalarsPerCharacter)
            if (visible && room == 0) || cut.count > scalarRoom {
                refused = true
                break
            }
            if cut.count < character.unicodeScalars.count { refused = true }
            text.append(contentsOf: cut)
            scalarRoom -= cut.count
            if visible { room -= 1 }
        }
        return Insertion(text: String(text), refusedSomething: refused)
    }

    /// `insertion` in the shape a field's filter takes (DemoKit's
    /// `bound(filter:cutting:)`): what goes in, and whether to ring the bell.
    @Sendable public func filter(_ offered: String, _ current: String) -> (text: String, refused: Bool) {
        let insertion = insertion(offered, into: current)
        return (insertion.text, insertion.refusedSomething)
    }

    /// `text` as the field would hold it had it been pasted into the empty
    /// field: for text read back from a file anyone may have edited.
    public func cleaned(_ text: String) -> String { insertion(text, into: "").text }

    /// The field's text after an edit, with characters that grew too long
    /// (combining marks typed one by one onto a letter) cut back; nil when
    /// nothing needs cutting.
    public func cuttingLongCharacters(_ text: String) -> String? {
        guard text.unicodeScalars.count > maximumScalarsPerCharacter,
            text.contains(where: { $0.unicodeScalars.count > maximumScalarsPerCharacter })
        else { return nil }
        var result = String.UnicodeScalarView()
        for character in text { result.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter)) }
        return String(result)
    }

    /// `text` cut to the field's bounds and nothing else: each character to
    /// `maximumScalarsPerCharacter` scalars, the whole to `maximumCharacters`
    /// visible characters (it stops before the first that does not fit).
    /// For a field whose text is reshaped after the filter let it in (Say
    /// Hello's capitals), where a second filter pass would leave out nothing.
    public func cut(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        for character in text {
            let visible = Self.isVisible(character)
            if visible && count == maximumCharacters { break }
            result.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter))
            if visible { count += 1 }
        }
        return String(result)
    }

    /// nil: not a line break. .some(nil): left out. .some(x): put x instead.
    private func lineBreakReplacement(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Unicode.Scalar?? {
        switch scalar.value {
        case 0x0A where previous == "\r":
            return .some(nil)  // the second half of CR LF
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
            return .some(lines == .single ? " " : "\n")
        case 0x09:
            return .some(lines == .single ? " " : "\t")
        default:
            return nil
        }
    }

    // MARK: Counting

    /// Characters as a limit counts them: user-perceived characters, except
    /// those made only of invisible format characters (a lone soft hyphen or
    /// joiner), which show nothing.
    public static func visibleCount(_ text: String) -> Int {
        var count = 0
        for character in text where isVisible(character) { count += 1 }
        return count
    }

    /// Whether `character` counts toward a limit (shows something).
    public static func isVisible(_ character: Character) -> Bool {
        character.unicodeScalars.contains { !$0.properties.isDefaultIgnorableCodePoint }
    }

    /// Never part of what a user types into a field: control characters
    /// (line breaks and tabs are handled before), bidi embeddings, overrides,
    /// isolates and marks (they would reorder the text around the field's),
    /// zero-width and word-joiner spaces and the byte order mark (invisible,
    /// they would use up a limit unseen), interlinear annotation controls.
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case _ where isBidiControl(scalar): true
        case 0x200B, 0x2060, 0xFEFF, 0x180E: true
        case 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// Bidi embeddings, overrides, isolates and marks: what would let text
    /// reorder the text around it.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    // MARK: Sentences

    /// `text` ready to be placed in a sentence: isolated (U+2068 FIRST STRONG
    /// ISOLATE … U+2069 POP DIRECTIONAL ISOLATE), so right-to-left text or a
    /// stray override cannot reorder the words around it.
    public static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    /// What a reader copies of a sentence: the text without the invisible
    /// isolates `isolated` put in it.
    public static func removingIsolates(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
    }
}

extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks, by
    /// Unicode's rules) at either end.
    public func trimmingWhitespace() -> String {
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
