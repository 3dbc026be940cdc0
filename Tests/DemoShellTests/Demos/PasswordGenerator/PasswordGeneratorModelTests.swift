import Game2048Model
import PasswordGeneratorModel
import XCTest

/// The Password Generator's rules, without a display.
final class PasswordGeneratorModelTests: XCTestCase {
    // MARK: Sets and options

    func testTheSetsAreTheOriginalAppsLessTheLookAlikesWhenAsked() {
        XCTAssertEqual(String(CharacterClass.lowerCase.characters), "abcdefghijklmnopqrstuvwxyz")
        XCTAssertEqual(String(CharacterClass.upperCase.characters), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        XCTAssertEqual(String(CharacterClass.numbers.characters), "0123456789")
        XCTAssertEqual(String(CharacterClass.punctuation.characters), "~!?#%^&*()")
        XCTAssertEqual(String(CharacterClass.lowerCase.characters(avoidingLookAlikes: true)), "abcdefghijkmnpqrstuvwxyz")
        XCTAssertEqual(String(CharacterClass.upperCase.characters(avoidingLookAlikes: true)), "ABCDEFGHJKLMNPQRSTUVWXYZ")
        XCTAssertEqual(String(CharacterClass.numbers.characters(avoidingLookAlikes: true)), "23456789")
        XCTAssertEqual(String(CharacterClass.punctuation.characters(avoidingLookAlikes: true)), "~!?#%^&*()")
        XCTAssertEqual(PasswordOptions.lookAlikesShown, "0 O o 1 l I")
        XCTAssertEqual(Set(PasswordOptions.lookAlikesShown.filter { $0 != " " }), PasswordOptions.lookAlikes)
    }

    func testDefaultsAndLengthBounds() {
        let options = PasswordOptions()
        XCTAssertEqual(options.length, 8)
        XCTAssertTrue(options.showsPhonetics && options.includesLowerCase && options.includesUpperCase
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
        XCTAssertEqual(Set(PasswordOptions.Key.allCases.map(\.rawValue)),
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
                    for (bit, set) in CharacterClass.allCases.enumerated() { options.set(set, included: mask & (1 << bit) != 0) }
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
                XCTAssertFalse(password.contains { if case .other = Phonetics.word(for: $0) { true } else { false } },
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

    // MARK: Statistics

    /// Character frequencies over 20 000 passwords of 16 against what the rule
    /// predicts: one draw from each chosen set plus 12 from the union.
    func testCharacterFrequenciesFitTheRule() throws {
        var random = SeededRandom(seed: 0x5EED_0009)
        try checkFrequencies(PasswordOptions(length: 16), passwords: 20_000, using: &random)
        var avoiding = PasswordOptions(length: 9)
        avoiding.avoidsLookAlikes = true
        avoiding.includesPunctuation = false
        try checkFrequencies(avoiding, passwords: 20_000, using: &random)
    }

    /// The same on the operating system's source, at a looser threshold
    /// (one false alarm in a million runs).
    func testSystemSourceFrequenciesFitTheRule() throws {
        var random = SystemRandomNumberGenerator()
        try checkFrequencies(PasswordOptions(length: 16), passwords: 10_000, using: &random, z: 4.75)
    }

    private func checkFrequencies<R: RandomNumberGenerator>(_ options: PasswordOptions, passwords: Int,
                                                            using random: inout R, z: Double = 3.09) throws {
        var counts: [Character: Int] = [:]
        for _ in 0..<passwords {
            for c in try PasswordGenerator.generate(options, using: &random) { counts[c, default: 0] += 1 }
        }
        let sets = options.chosenSets
        let union = Double(options.alphabet.count)
        let free = Double(options.length - sets.count)
        var observed: [Int] = [], expected: [Double] = []
        for set in sets {
            for c in set {
                observed.append(counts[c] ?? 0)
                expected.append(Double(passwords) * (1 / Double(set.count) + free / union))
            }
        }
        let chi = chiSquare(observed, expected)
        let limit = chiSquareCritical(degrees: observed.count - 1, z: z)
        XCTAssertLessThan(chi, limit, "character frequencies do not fit (χ² \(chi), \(observed.count - 1) df)")
    }

    /// Which set each position's character comes from: after the shuffle every
    /// position must look alike (the guaranteed characters are not up front).
    func testPositionsAreShuffled() throws {
        var random = SeededRandom(seed: 0xF15E_4ABE)
        let options = PasswordOptions(length: 8)
        let sets = options.chosenSets
        let trials = 30_000
        var table = Array(repeating: Array(repeating: 0, count: sets.count), count: options.length)
        for _ in 0..<trials {
            for (position, c) in try PasswordGenerator.generate(options, using: &random).enumerated() {
                table[position][sets.firstIndex { $0.contains(c) }!] += 1
            }
        }
        let union = Double(options.alphabet.count)
        let free = Double(options.length - sets.count)
        var observed: [Int] = [], expected: [Double] = []
        for position in 0..<options.length {
            for (index, set) in sets.enumerated() {
                observed.append(table[position][index])
                // The share of a password's characters that come from this set.
                expected.append(Double(trials) * (1 + free * Double(set.count) / union) / Double(options.length))
            }
        }
        let chi = chiSquare(observed, expected)
        let degrees = options.length * (sets.count - 1)
        XCTAssertLessThan(chi, chiSquareCritical(degrees: degrees, z: 3.09), "positions differ (χ² \(chi), \(degrees) df)")
    }

    func testFisherYatesMakesEveryOrderEquallyLikely() {
        var random = SeededRandom(seed: 42)
        var counts: [[Int]: Int] = [:]
        let trials = 48_000
        for _ in 0..<trials {
            var items = [0, 1, 2, 3]
            PasswordGenerator.shuffle(&items, using: &random)
            counts[items, default: 0] += 1
        }
        XCTAssertEqual(counts.count, 24)
        let chi = chiSquare(Array(counts.values), Array(repeating: Double(trials) / 24, count: 24))
        XCTAssertLessThan(chi, chiSquareCritical(degrees: 23, z: 3.09))
    }

    /// The statistics above can fail: the same test flags `next() % n` on a
    /// source of bytes (256 is no multiple of 72), the original's bug.
    func testTheChiSquareCheckCatchesModuloBias() {
        var random = SeededRandom(seed: 7)
        var counts = Array(repeating: 0, count: 72)
        let draws = 72 * 1000
        for _ in 0..<draws { counts[Int(random.next() & 0xFF) % 72] += 1 }
        let chi = chiSquare(counts, Array(repeating: Double(draws) / 72, count: 72))
        XCTAssertGreaterThan(chi, chiSquareCritical(degrees: 71, z: 3.09))

        var fair = Array(repeating: 0, count: 72)
        for _ in 0..<draws { fair[PasswordGenerator.uniformIndex(below: 72, using: &random)] += 1 }
        XCTAssertLessThan(chiSquare(fair, Array(repeating: Double(draws) / 72, count: 72)),
                          chiSquareCritical(degrees: 71, z: 3.09))
    }

    // MARK: Phonetics

    func testEveryCharacterHasItsWord() {
        let lower = "abcdefghijklmnopqrstuvwxyz".map { Phonetics.word(for: $0).english }
        XCTAssertEqual(lower, ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                               "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                               "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu"])
        let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { Phonetics.word(for: $0).english }
        XCTAssertEqual(upper, lower.map { $0.uppercased() })
        XCTAssertEqual(Phonetics.word(for: "X").english, "X-RAY")
        XCTAssertEqual("0123456789".map { Phonetics.word(for: $0).english },
                       ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"])
        XCTAssertEqual("~!?#%^&*()".map { Phonetics.word(for: $0).english },
                       ["Tilde", "Exclamation Point", "Question Mark", "Pound Sign", "Percent Sign", "Caret",
                        "Ampersand", "Asterisk", "Left Parenthesis", "Right Parenthesis"])
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
        XCTAssertEqual(Strength(PasswordOptions())?.bits, 49) // 8 × log₂ 72 = 49.36
        XCTAssertEqual(Strength(PasswordOptions())?.rating, .weak)
        XCTAssertEqual(Strength(PasswordOptions(length: 128))?.bits, 789)
        var digits = PasswordOptions(length: 12)
        digits.includesLowerCase = false
        digits.includesUpperCase = false
        digits.includesPunctuation = false
        XCTAssertEqual(Strength(digits)?.bits, 39) // 12 × log₂ 10 = 39.86
        XCTAssertEqual(Strength(digits)?.rating, .poor)
        digits.avoidsLookAlikes = true
        XCTAssertEqual(Strength(digits)?.bits, 36) // 12 × 3, exactly
        var letters = PasswordOptions(length: 17) // 26 + 26: 17 × 5.70 = 96.9
        letters.includesNumbers = false
        letters.includesPunctuation = false
        XCTAssertEqual(Strength(letters)?.bits, 96)
        XCTAssertEqual(Strength(letters)?.rating, .good)
        letters.length = 18
        XCTAssertEqual(Strength(letters)?.rating, .excellent) // 102.6
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
                XCTAssertEqual(Strength(length: length, alphabetSize: size).bits, power.bitLength - 1,
                               "\(length) characters of \(size)")
            }
        }
    }

    // MARK: Mail link

    func testMailLinkAsTheIssueSpellsIt() {
        XCTAssertEqual(MailLink.uri(password: "h(MqpD4B", phonetic: nil),
                       "mailto:?subject=Password%20Generator&body=Password:%20h%28MqpD4B")
        XCTAssertEqual(MailLink.uri(password: "ab", phonetic: "alpha, bravo"),
                       "mailto:?subject=Password%20Generator&body=Password:%20ab%20Phonetic:%20alpha%2C%20bravo")
    }

    func testMailLinkEncodesHostilePasswords() {
        let hostile = ["a&b=c", "#top", "100%", "?x=1&y=2#z", "a b+c/d", "~!?#%^&*()", "%20", "\n\r\t\0",
                       "bidi\u{202E}evil", "宝玉👋🏽", "mailto:x@y", "\"'<>\\[]{}|`;@$,"]
        for password in hostile {
            let link = MailLink.uri(password: password, phonetic: password)
            let body = link.components(separatedBy: "&body=")
            XCTAssertEqual(body.count, 2, "the password added a parameter: \(link)")
            XCTAssertFalse(body[1].contains("&") || body[1].contains("#") || body[1].contains("?")
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
        XCTAssertEqual(MailLink.uri(password: "x", phonetic: "x", subject: "密码生成器",
                                    passwordLabel: "密码：", phoneticLabel: "发音："),
                       "mailto:?subject=%E5%AF%86%E7%A0%81%E7%94%9F%E6%88%90%E5%99%A8"
                       + "&body=%E5%AF%86%E7%A0%81%EF%BC%9A%20x%20%E5%8F%91%E9%9F%B3%EF%BC%9A%20x")
    }

    // MARK: Animations

    func testFadeFromHiddenGoesStraightInToEightyFivePercent() {
        let fade = FadeTimeline(start: 1_000, from: 0)
        XCTAssertEqual(fade.swapTime, 1_000)
        XCTAssertEqual(fade.phase(at: 1_000), .fadingIn)
        XCTAssertEqual(fade.opacity(at: 1_000), 0)
        XCTAssertEqual(fade.opacity(at: 501_000), 0.425, accuracy: 1e-9)
        XCTAssertEqual(fade.end, 1_001_000, "one second")
        XCTAssertEqual(fade.phase(at: 1_001_000), .finished)
        XCTAssertEqual(fade.opacity(at: 5_000_000), 0.85)
    }

    func testFadeWhenShowingGoesOutThenIn() {
        let fade = FadeTimeline(start: 0, from: 0.85)
        XCTAssertEqual(fade.phase(at: 0), .fadingOut)
        XCTAssertEqual(fade.opacity(at: 0), 0.85)
        XCTAssertEqual(fade.swapTime, FadeTimeline.fadeOutDuration)
        XCTAssertEqual(fade.opacity(at: fade.swapTime), 0)
        XCTAssertEqual(fade.end - fade.swapTime, 1_000_000)
        var previous = 1.0
        for time in stride(from: 0, to: fade.swapTime, by: 10_000) {
            let opacity = fade.opacity(at: time)
            XCTAssertLessThanOrEqual(opacity, previous)
            previous = opacity
        }
        previous = 0
        for time in stride(from: fade.swapTime, through: fade.end, by: 10_000) {
            let opacity = fade.opacity(at: time)
            XCTAssertGreaterThanOrEqual(opacity, previous)
            XCTAssertLessThanOrEqual(opacity, 0.85)
            previous = opacity
        }
    }

    /// A click half way restarts from what is showing: no jump.
    func testARestartedFadeContinuesFromTheOpacityShown() {
        let first = FadeTimeline(start: 0, from: 0)
        let shown = first.opacity(at: 400_000)
        let second = FadeTimeline(start: 400_000, from: shown)
        XCTAssertEqual(second.opacity(at: 400_000), shown, accuracy: 1e-12)
        XCTAssertEqual(second.phase(at: 400_000), .fadingOut)
        XCTAssertLessThan(second.fadeOutLength, FadeTimeline.fadeOutDuration)
        XCTAssertEqual(second.opacity(at: second.end), 0.85)
    }

    func testFlipTurnsThroughEdgeOnInOneSecond() {
        let flip = FlipTimeline(start: 0, towardsBack: true)
        XCTAssertEqual(flip.visibleSideAngle(at: 0), 0)
        XCTAssertFalse(flip.showsDestination(at: 499_000))
        XCTAssertTrue(flip.showsDestination(at: 500_000))
        XCTAssertEqual(abs(flip.visibleSideAngle(at: 499_999)), Double.pi / 2, accuracy: 0.01)
        XCTAssertGreaterThan(flip.visibleSideAngle(at: 250_000), 0, "the right edge comes forward")
        XCTAssertLessThan(flip.visibleSideAngle(at: 750_000), 0)
        XCTAssertEqual(flip.visibleSideAngle(at: 1_000_000), 0, accuracy: 1e-12)
        XCTAssertFalse(flip.isFinished(at: 999_999))
        XCTAssertTrue(flip.isFinished(at: 1_000_000))
        let back = FlipTimeline(start: 0, towardsBack: false)
        XCTAssertLessThan(back.visibleSideAngle(at: 250_000), 0, "turning back the other way")
    }

    func testFlipGeometry() {
        let flat = FlipGeometry.strips(width: 400, height: 600, angle: 0, count: 8)
        XCTAssertEqual(flat.count, 8)
        for strip in flat {
            XCTAssertEqual(strip.x, strip.sourceX, accuracy: 1e-9)
            XCTAssertEqual(strip.width, strip.sourceWidth, accuracy: 1e-9)
            XCTAssertEqual(strip.verticalScale, 1, accuracy: 1e-12)
            XCTAssertEqual(strip.turn, 0, accuracy: 1e-12)
        }
        let turned = FlipGeometry.strips(width: 400, height: 600, angle: 0.6, count: 8)
        XCTAssertGreaterThan(turned.last!.verticalScale, 1, "the near edge is taller")
        XCTAssertLessThan(turned.first!.verticalScale, 1)
        XCTAssertLessThan(turned.first!.x, turned.last!.x)
        for (a, b) in zip(turned, turned.dropFirst()) {
            XCTAssertEqual(a.x + a.width, b.x, accuracy: 1e-9, "strips meet")
        }
        let edgeOn = FlipGeometry.strips(width: 400, height: 600, angle: Double.pi / 2, count: 8)
        XCTAssertLessThan(edgeOn.map(\.width).reduce(0, +), 1e-9)
        XCTAssertEqual(FlipGeometry.strips(width: 0, height: 10, angle: 0), [])
    }
}

// MARK: Helpers

/// A source returning the given values in turn.
private struct ScriptedRandom: RandomNumberGenerator {
    var values: [UInt64]
    var drawn = 0
    init(_ values: [UInt64]) { self.values = values }
    mutating func next() -> UInt64 {
        defer { drawn += 1 }
        return values[drawn]
    }
}



private func chiSquare(_ observed: [Int], _ expected: [Double]) -> Double {
    zip(observed, expected).reduce(0) { sum, pair in
        let difference = Double(pair.0) - pair.1
        return sum + difference * difference / pair.1
    }
}

/// The χ² value exceeded with the normal tail probability of `z` (3.09: one
/// in a thousand), by the Wilson–Hilferty approximation.
private func chiSquareCritical(degrees: Int, z: Double) -> Double {
    let k = Double(degrees)
    let a = 2 / (9 * k)
    let root = 1 - a + z * a.squareRoot()
    return k * root * root * root
}

/// An unsigned integer of any size, enough to raise a size to a power.
private struct BigNumber {
    var limbs: [UInt32] // little-endian
    init(_ value: UInt32) { limbs = [value] }
    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }
    var bitLength: Int {
        guard let top = limbs.last, top != 0 else { return 0 }
        return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
    }
}

private func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
        if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
           let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
            bytes.append(value)
        } else {
            bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
