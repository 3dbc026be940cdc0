import Foundation
import TestSupport
import XCTest

/// Every user-visible string is translatable and zh_CN ships complete.
final class TranslationTests: XCTestCase {
    private let root = URL(fileURLWithPath: packageRoot)

    /// msgid → msgstr of a .po file (single-line entries, as this project writes them).
    private func catalog(_ language: String) throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("data/po/\(language).po"), encoding: .utf8)
        XCTAssertFalse(text.contains("#, fuzzy"), "\(language).po has fuzzy entries")
        // Entries may wrap: msgid "" followed by "continued" lines.
        var result: [String: String] = [:]
        var msgid = "", msgstr = "", field = ""
        func finish() {
            if !msgid.isEmpty { result[msgid] = msgstr }
            msgid = ""
            msgstr = ""
            field = ""
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid \"") {
                finish()
                field = "id"
                msgid = String(line.dropFirst(7).dropLast())
            } else if line.hasPrefix("msgstr \"") {
                field = "str"
                msgstr = String(line.dropFirst(8).dropLast())
            } else if line.hasPrefix("\"") {
                let piece = String(line.dropFirst().dropLast())
                if field == "id" { msgid += piece } else if field == "str" { msgstr += piece }
            } else if line.isEmpty {
                finish()
            }
        }
        finish()
        return result
    }

    /// The strings the sources pass to `localized("…")` outside comments (the
    /// rule scripts/update-pot uses).
    private func sourceStrings() throws -> [String: String] {
        let regex = try NSRegularExpression(pattern: #"localized\(\s*"((?:[^"\\\n]|\\.)*)""#)
        var found: [String: String] = [:]
        let sources = root.appendingPathComponent("Sources")
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" && !url.path.contains("DataBundler") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                // Not in a comment: the SDK's doc comments show calls in their examples.
                let start = Range(match.range, in: text)!.lowerBound
                let lineStart = text[..<start].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                if text[lineStart..<start].trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                found[String(text[Range(match.range(at: 1), in: text)!])] = url.lastPathComponent
            }
        }
        return found
    }

    func testEverySourceStringHasAChineseTranslation() throws {
        let zh = try catalog("zh_CN")
        let strings = try sourceStrings()
        XCTAssertGreaterThan(strings.count, 40)
        for (message, file) in strings.sorted(by: { $0.key < $1.key }) {
            let translation = zh[message] ?? ""
            XCTAssertFalse(translation.isEmpty, "\(file): “\(message)” has no zh_CN translation")
        }
    }

    func testTranslationsKeepPlaceholdersAndUseFullWidthPunctuation() throws {
        let placeholder = try NSRegularExpression(pattern: #"\{[a-z]+\}"#)
        func placeholders(_ s: String) -> Set<String> {
            Set(
                placeholder.matches(in: s, range: NSRange(s.startIndex..., in: s)).map {
                    String(s[Range($0.range, in: s)!])
                })
        }
        for (english, chinese) in try catalog("zh_CN") where !chinese.isEmpty {
            XCTAssertEqual(placeholders(english), placeholders(chinese), "“\(chinese)”")
            let outsidePlaceholders = placeholder.stringByReplacingMatches(
                in: chinese, range: NSRange(chinese.startIndex..., in: chinese), withTemplate: "")
            for ascii in [",", "!", "?", ";"] {
                XCTAssertFalse(
                    outsidePlaceholders.contains(ascii),
                    "“\(chinese)” uses ASCII “\(ascii)”; use full-width punctuation")
            }
            XCTAssertFalse(
                outsidePlaceholders.hasSuffix(".") || outsidePlaceholders.hasSuffix(":"),
                "“\(chinese)” ends with ASCII punctuation")
        }
    }

    func testEveryManifestIsTranslated() throws {
        let demos = root.appendingPathComponent("Sources/Demos")
        let folders = try FileManager.default.contentsOfDirectory(atPath: demos.path)
        XCTAssertTrue(folders.contains("SayHello"))
        for folder in folders {
            let manifest = demos.appendingPathComponent("\(folder)/manifest.plugin")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            for key in ["Name", "Description", "Category", "Help"] {
                XCTAssertTrue(text.contains("\n\(key)[zh_CN]="), "\(folder)/manifest.plugin lacks \(key)[zh_CN]")
            }
        }
    }

    func testCatalogCompilesCleanly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "msgfmt", "--check", "-o", "/dev/null", root.appendingPathComponent("data/po/zh_CN.po").path,
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
