import Game2048Model
import StoryBuilderModel
import TextBounds
import ModelTesting
import XCTest

/// Random templates and values (seeded): brackets, cut and whole placeholder
/// names, placeholders inside the values, right-to-left and combining text.
/// The model must agree with an independent substitution written here, and
/// the story must keep every character of the template that is not a placeholder.
final class StoryBuilderPropertyTests: XCTestCase {
    private static let pieces = [
        "<place>", "<verb>", "<number>", "<", ">", "<plac", "place>", "<<", ">>", "<Place>",
        "<name>", "<verb >", " ", "  ", "\n", "\t", "a", "the", "北京", "海", "שלום", "ق",
        "e\u{301}", "\u{301}", "👩‍👩‍👧", "🇨🇳", ",", "!", "7", "<numbe", "r>",
    ]

    private static func randomText(_ random: inout SeededRandom, pieces count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    func testRandomTemplatesAgreeWithAnIndependentSubstitution() {
        var random = SeededRandom(seed: 0x5704_1E5)
        var stories = 0, missing = 0, isolated = 0, placeholdersInValues = 0
        for run in 0..<PropertyCases.count(3_000) {
            let template = Self.randomText(&random, pieces: 0...24)
            var values: [StoryField: String] = [:]
            for field in StoryField.allCases where Int.random(in: 0..<8, using: &random) > 0 {
                values[field] = Self.randomText(&random, pieces: 0...4)
            }
            let outcome = StoryRules.generate(template: template, values: values)
            let expected = Reference.substitute(template, values)
            XCTAssertEqual(outcome, expected, "run \(run): \(template.debugDescription) with \(values)")
            switch outcome {
            case .story(let story):
                stories += 1
                if story.unicodeScalars.contains("\u{2068}") { isolated += 1 }
                if values.values.contains(where: { v in StoryField.allCases.contains { v.contains($0.placeholder) } }) {
                    placeholdersInValues += 1
                }
                // The template's text before the first placeholder and after the
                // last stands in the story unchanged (compared by scalars: a value
                // may start with a combining mark that joins the character before).
                let parts = Reference.literalParts(of: template)
                XCTAssertTrue(story.unicodeScalars.starts(with: parts.first!.unicodeScalars), "run \(run)")
                XCTAssertTrue(
                    story.unicodeScalars.reversed().starts(with: parts.last!.unicodeScalars.reversed()), "run \(run)")
            case .missing(let fields):
                missing += 1
                XCTAssertEqual(fields, fields.sorted(), "missing fields are named in form order")
                XCTAssertFalse(fields.isEmpty)
            }
        }
        // The generator reaches every case the rules speak of.
        XCTAssertGreaterThan(stories, 500)
        XCTAssertGreaterThan(missing, 100)
        XCTAssertGreaterThan(isolated, 50)
        XCTAssertGreaterThan(placeholdersInValues, 50)
    }

    /// Whatever is typed or pasted into a field, in any number of steps, the
    /// field stays within its bounds and its rules.
    func testRandomInsertionsKeepEveryFieldWithinItsRules() {
        var random = SeededRandom(seed: 0xF1E1D)
        for _ in 0..<PropertyCases.count(1_500) {
            let field = StoryField.allCases.randomElement(using: &random)!
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let offered =
                    Self.randomText(&random, pieces: 0...12) + ["\u{202E}", "\u{0}", "\u{200B}", "１２", ""]
                    .randomElement(using: &random)!
                text += StoryRules.insertion(offered, into: field, holding: text).text
                XCTAssertLessThanOrEqual(TextLimit.visibleCount(text), field.maximumLength)
                XCTAssertFalse(text.unicodeScalars.contains { $0.properties.generalCategory == .control })
                XCTAssertFalse(
                    text.unicodeScalars.contains {
                        (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
                    })
                XCTAssertTrue(text.allSatisfy { $0.unicodeScalars.count <= StoryRules.maximumScalarsPerCharacter })
                if field == .number { XCTAssertTrue(text.allSatisfy { ("0"..."9").contains($0) }, text) }
            }
        }
    }

    /// The substitution the rules describe, written without the model's code:
    /// over an array of characters, by index.
    enum Reference {
        static func trimmed(_ text: String) -> String {
            var characters = Array(text)
            while characters.first?.isWhitespace == true { characters.removeFirst() }
            while characters.last?.isWhitespace == true { characters.removeLast() }
            return String(characters)
        }

        static func placeholder(at index: Int, in characters: [Character]) -> StoryField? {
            StoryField.allCases.first { field in
                let name = Array(field.placeholder)
                return index + name.count <= characters.count && Array(characters[index..<index + name.count]) == name
            }
        }

        static func substitute(_ template: String, _ values: [StoryField: String]) -> StoryOutcome {
            let characters = Array(template)
            var used = Set<StoryField>()
            for index in characters.indices {
                if let field = placeholder(at: index, in: characters) { used.insert(field) }
            }
            let empty = StoryField.allCases.filter { used.contains($0) && trimmed(values[$0] ?? "").isEmpty }
            if !empty.isEmpty { return .missing(empty) }
            var story = ""
            var index = 0
            while index < characters.count {
                if let field = placeholder(at: index, in: characters) {
                    let value = trimmed(values[field] ?? "")
                    let rightToLeft = value.unicodeScalars.contains {
                        (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFDFF).contains($0.value)
                            || (0xFE70...0xFEFF).contains($0.value)
                    }
                    story += rightToLeft ? "\u{2068}" + value + "\u{2069}" : value
                    index += field.placeholder.count
                } else {
                    story.append(characters[index])
                    index += 1
                }
            }
            return .story(story)
        }

        /// The template's text between placeholders.
        static func literalParts(of template: String) -> [String] {
            let characters = Array(template)
            var parts = [""]
            var index = 0
            while index < characters.count {
                if let field = placeholder(at: index, in: characters) {
                    parts.append("")
                    index += field.placeholder.count
                } else {
                    parts[parts.count - 1].append(characters[index])
                    index += 1
                }
            }
            return parts
        }
    }
}
