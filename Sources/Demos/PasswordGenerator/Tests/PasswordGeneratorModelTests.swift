import Game2048Model
import PasswordGeneratorModel
import ModelTesting
import XCTest

/// The Password Generator's rules, without a display.
final class PasswordGeneratorModelTests: XCTestCase {
    // MARK: Sets and options

    func testTheSetsAreTheOriginalAppsLessTheLookAlikesWhenAsked() {
        XCTAssertEqual(String(CharacterClass.lowerCase.characters), "abcdefghijklmnopqrstuvwxyz")
        XCTAssertEqual(String(CharacterClass.upperCase.characters), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        XCTAssertEqual(String(CharacterClass.numbers.characters), "0123456789")
        XCTAssertEqual(String(CharacterClass.punctuation.characters), "~!?#%^&*()")
        XCTAssertEqual(
            String(CharacterClass.lowerCase.characters(avoidingLookAlikes: true)), "abcdefghijkmnpqrstuvwxyz")
        XCTAssertEqual(
            String(CharacterClass.upperCase.characters(avoidingLookAlikes: true)), "ABCDEFGHJKLMNPQRSTUVWXYZ")
        XCTAssertEqual(String(CharacterClass.numbers.characters(avoidingLookAlikes: true)), "23456789")
        XCTAssertEqual(String(CharacterClass.punctuation.characters(avoidingLookAlikes: true)), "~!?#%^&*()")
        XCTAssertEqual(PasswordOptions.lookAlikesShown, "0 O o 1 l I")
        XCTAssertEqual(Set(PasswordOptions.lookAlikesShown.filter { $0 != " " }), PasswordOptions.lookAlikes)
    }

    func testDefaultsAndLengthBounds() {
        let options = PasswordOptions()
        XCTAssertEqual(options.length, 8)
        XCTAssertTrue(
            options.showsPhonetics && options.includesLowerCase && options.includesUpperCase
                && options.includesNumbers && options.includesPunctuation)
        XCTAssertFalse(options.avoidsLookAlikes)
        XCTAssertEqual(options.alphabet.count, 72)
        var changed = options
        changed.length = 3
        XCTAssertEqual(changed.length, 4)
        changed.length = 129
        XCTAssertEqual(changed.length, 128)
        changed.length = Int.min
        XCTAssertEqual(changed.length, 4)
        XCTAssertEqual(PasswordOptions(length: .max).length, 128)
    }

    func testSettingsRoundTripAndBadValuesFallBack() {
        var options = PasswordOptions(length: 20)
        options.showsPhonetics = false
        options.includesNumbers = false
        options.avoidsLookAlikes = true
        var store: [String: Any] = ["Length": options.length]
        for (key, value) in options.booleans { store[key] = value }
        let restored = PasswordOptions(integer: { store[$0] as? Int }, boolean: { store[$0] as? Bool })
        XCTAssertEqual(restored, options)

        let empty = PasswordOptions(integer: { _ in nil }, boolean: { _ in nil })
        XCTAssertEqual(empty, PasswordOptions())
        let huge = PasswordOptions(integer: { _ in 1_000_000 }, boolean: { _ in nil })
        XCTAssertEqual(huge.length, 128)
        let negative = PasswordOptions(integer: { _ in -7 }, boolean: { _ in nil })
        XCTAssertEqual(negative.length, 4)
        XCTAssertEqual(
            Set(PasswordOptions.Key.allCases.map(\.rawValue)),
            Set(["Length"] + options.booleans.map(\.key)), "every option is saved")
    }

    // MARK: Generation

    /// Every choice of sets, with and without look-alikes, at several lengths.
    private var everyChoice: [PasswordOptions] {
        var result: [PasswordOptions] = []
        for mask in 1..<16 {
            for avoid in [false, true] {
                for length in [4, 5, 8, 17, 64, 128] {
                    var options = PasswordOptions(length: length)
                    for (bit, set) in CharacterClass.allCases.enumerated() {
                        options.set(set, included: mask & (1 << bit) != 0)
                    }
                    options.avoidsLookAlikes = avoid
                    result.append(options)
                }
            }
        }
        return result
    }

    func testEveryPasswordHasTheLengthOnlyAllowedCharactersAndOneOfEachChosenSet() throws {
        for options in everyChoice {
            let allowed = Set(options.alphabet)
            for _ in 0..<PropertyCases.count(40) {
                let password = try PasswordGenerator.generate(options)
                XCTAssertEqual(password.count, options.length)
                XCTAssertEqual(password.unicodeScalars.count, options.length)
                XCTAssertTrue(password.allSatisfy(allowed.contains), "\(password) has a character outside \(options)")
                for set in options.chosenSets {
                    XCTAssertTrue(password.contains(where: set.contains), "\(password) lacks one of \(String(set))")
                }
                if options.avoidsLookAlikes {
                    XCTAssertFalse(password.contains(where: PasswordOptions.lookAlikes.contains))
                }
                // The back of the card spells every character with a word of its own.
                XCTAssertFalse(
                    password.contains { if case .other = Phonetics.word(for: $0) { true } else { false } },
                    "\(password) has a character with no phonetic word")
            }
        }
    }

    func testNoSetChosenMakesNoPassword() {
        var options = PasswordOptions()
        for set in CharacterClass.allCases { options.set(set, included: false) }
        XCTAssertFalse(options.hasCharacterSet)
        XCTAssertEqual(options.alphabet, [])
        XCTAssertThrowsError(try PasswordGenerator.generate(options)) { error in
            XCTAssertEqual(error as? PasswordGenerator.Failure, .noCharacterSet)
        }
        XCTAssertNil(Strength(options))
    }

    func testSystemRandomPasswordsDoNotRepeat() throws {
        var seen = Set<String>()
        for _ in 0..<2000 { seen.insert(try PasswordGenerator.generate(PasswordOptions(length: 12))) }
        XCTAssertEqual(seen.count, 2000, "72¹² possibilities: a repeat means a broken source")
    }

    func testUniformIndexRejectsTheBiasedLowValues() {
        // 2⁶⁴ mod 10 = 6: the values 0…5 would make 0…5 more likely; they are drawn again.
        var script = ScriptedRandom([3, 5, 0, 17])
        XCTAssertEqual(PasswordGenerator.uniformIndex(below: 10, using: &script), 7)
        XCTAssertEqual(script.drawn, 4)
        var accepted = ScriptedRandom([6])
        XCTAssertEqual(PasswordGenerator.uniformIndex(below: 10, using: &accepted), 6)
        XCTAssertEqual(accepted.drawn, 1)
        // A power of two divides 2⁶⁴: nothing is rejected.
        var top = ScriptedRandom([0, .max])
        XCTAssertEqual(PasswordGenerator.uniformIndex(below: 64, using: &top), 0)
        XCTAssertEqual(PasswordGenerator.uniformIndex(below: 64, using: &top), 63)
        var one = ScriptedRandom([.max])
        XCTAssertEqual(PasswordGenerator.uniformIndex(below: 1, using: &one), 0)
    }

    // MARK: Phonetics

    func testEveryCharacterHasItsWord() {
        let lower = "abcdefghijklmnopqrstuvwxyz".map { Phonetics.word(for: $0).english }
        XCTAssertEqual(
            lower,
            [
                "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu",
            ])
        let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { Phonetics.word(for: $0).english }
        XCTAssertEqual(upper, lower.map { $0.uppercased() })
        XCTAssertEqual(Phonetics.word(for: "X").english, "X-RAY")
        XCTAssertEqual(
            "0123456789".map { Phonetics.word(for: $0).english },
            ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"])
        XCTAssertEqual(
            "~!?#%^&*()".map { Phonetics.word(for: $0).english },
            [
                "Tilde", "Exclamation Point", "Question Mark", "Pound Sign", "Percent Sign", "Caret",
                "Ampersand", "Asterisk", "Left Parenthesis", "Right Parenthesis",
            ])
        for set in CharacterClass.allCases {
            for c in set.characters {
                if case .other = Phonetics.word(for: c) { XCTFail("\(c) has no word") }
            }
        }
        XCTAssertEqual(Phonetics.word(for: "é"), .other("é"))
        XCTAssertEqual(Phonetics.word(for: "$"), .other("$"))
    }

    func testSpellingJoinsWordsAndTranslatesThroughTheGivenNames() {
        XCTAssertEqual(Phonetics.spell("h(MqpD4B"), "hotel, Left Parenthesis, MIKE, quebec, papa, DELTA, Four, BRAVO")
        XCTAssertEqual(Phonetics.spell(""), "")
        let chinese = Phonetics.spell("a7!") { word in
            switch word {
            case .digit(7): "七"
            case .punctuation("!"): "感叹号"
            default: word.english
            }
        }
        XCTAssertEqual(chinese, "alpha, 七, 感叹号")
    }

    // MARK: Strength

    func testStrengthLabelsAtTheThresholds() {
        XCTAssertEqual(Strength(bits: 0).rating, .poor)
        XCTAssertEqual(Strength(bits: 39).rating, .poor)
        XCTAssertEqual(Strength(bits: 40).rating, .weak)
        XCTAssertEqual(Strength(bits: 74).rating, .weak)
        XCTAssertEqual(Strength(bits: 75).rating, .good)
        XCTAssertEqual(Strength(bits: 99).rating, .good)
        XCTAssertEqual(Strength(bits: 100).rating, .excellent)
        XCTAssertEqual(Strength(bits: 830).rating, .excellent)
    }

    func testStrengthOfOptions() {
        XCTAssertEqual(Strength(PasswordOptions())?.bits, 49)  // 8 × log₂ 72 = 49.36
        XCTAssertEqual(Strength(PasswordOptions())?.rating, .weak)
        XCTAssertEqual(Strength(PasswordOptions(length: 128))?.bits, 789)
        var digits = PasswordOptions(length: 12)
        digits.includesLowerCase = false
        digits.includesUpperCase = false
        digits.includesPunctuation = false
        XCTAssertEqual(Strength(digits)?.bits, 39)  // 12 × log₂ 10 = 39.86
        XCTAssertEqual(Strength(digits)?.rating, .poor)
        digits.avoidsLookAlikes = true
        XCTAssertEqual(Strength(digits)?.bits, 36)  // 12 × 3, exactly
        var letters = PasswordOptions(length: 17)  // 26 + 26: 17 × 5.70 = 96.9
        letters.includesNumbers = false
        letters.includesPunctuation = false
        XCTAssertEqual(Strength(letters)?.bits, 96)
        XCTAssertEqual(Strength(letters)?.rating, .good)
        letters.length = 18
        XCTAssertEqual(Strength(letters)?.rating, .excellent)  // 102.6
    }

    /// ⌊length × log₂ size⌋ from floating point equals the exact value,
    /// ⌊log₂(sizeˡᵉⁿᵍᵗʰ)⌋ = bit length − 1, for every size and length offered.
    func testStrengthMatchesExactArithmeticForEveryChoice() {
        var sizes = Set<Int>()
        for options in everyChoice { sizes.insert(options.alphabet.count) }
        XCTAssertTrue(sizes.isSuperset(of: [8, 10, 24, 26, 72, 66]))
        for size in sizes.sorted() {
            var power = BigNumber(1)
            for length in 1...128 {
                power.multiply(by: UInt32(size))
                guard PasswordOptions.lengthRange.contains(length) else { continue }
                XCTAssertEqual(
                    Strength(length: length, alphabetSize: size).bits, power.bitLength - 1,
                    "\(length) characters of \(size)")
            }
        }
    }

    // MARK: Mail link

    func testMailLinkAsTheIssueSpellsIt() {
        XCTAssertEqual(
            MailLink.uri(password: "h(MqpD4B", phonetic: nil),
            "mailto:?subject=Password%20Generator&body=Password:%20h%28MqpD4B")
        XCTAssertEqual(
            MailLink.uri(password: "ab", phonetic: "alpha, bravo"),
            "mailto:?subject=Password%20Generator&body=Password:%20ab%20Phonetic:%20alpha%2C%20bravo")
    }

    func testMailLinkEncodesHostilePasswords() {
        let hostile = [
            "a&b=c", "#top", "100%", "?x=1&y=2#z", "a b+c/d", "~!?#%^&*()", "%20", "\n\r\t\0",
            "bidi\u{202E}evil", "宝玉👋🏽", "mailto:x@y", "\"'<>\\[]{}|`;@$,",
        ]
        for password in hostile {
            let link = MailLink.uri(password: password, phonetic: password)
            let body = link.components(separatedBy: "&body=")
            XCTAssertEqual(body.count, 2, "the password added a parameter: \(link)")
            XCTAssertFalse(
                body[1].contains("&") || body[1].contains("#") || body[1].contains("?")
                    || body[1].contains("=") || body[1].contains(" "), link)
            XCTAssertTrue(link.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }, link)
            let fields = body[1].components(separatedBy: "%20Phonetic:%20")
            XCTAssertEqual(fields.count, 2)
            XCTAssertEqual(percentDecoded(String(fields[0].dropFirst("Password:%20".count))), password)
            XCTAssertEqual(percentDecoded(fields[1]), password)
        }
        XCTAssertEqual(MailLink.encode("~!?#%^&*()"), "~%21%3F%23%25%5E%26%2A%28%29")
        XCTAssertEqual(MailLink.encode("a-b.c_d~e"), "a-b.c_d~e")
    }

    func testMailLinkTranslatedLabels() {
        XCTAssertEqual(
            MailLink.uri(
                password: "x", phonetic: "x", subject: "密码生成器",
                passwordLabel: "密码：", phoneticLabel: "发音："),
            "mailto:?subject=%E5%AF%86%E7%A0%81%E7%94%9F%E6%88%90%E5%99%A8"
                + "&body=%E5%AF%86%E7%A0%81%EF%BC%9A%20x%20%E5%8F%91%E9%9F%B3%EF%BC%9A%20x")
    }
}
