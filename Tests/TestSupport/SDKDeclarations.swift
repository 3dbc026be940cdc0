import Foundation

/// One declaration of the SDK as its source states it, with the `@_spi`
/// groups it is in: its own attributes (on its line or the lines above) and
/// those of the type or extension around it. Source rules about what plugin
/// authors see read these, so that an instrument is found by its name and
/// its module, not by a list that a new one would be missing from.
package struct SDKDeclaration {
    /// The file, relative to `Sources/DemoKit/Sources`, and the line.
    package let place: String
    /// The line, trimmed.
    package let text: String
    /// The name declared ("sendTap", "GLibLog"; "init", "subscript"; an
    /// extension's type).
    package let name: String
    package let kind: String
    /// `public` or `open` (in a package scope or not: a rule about access
    /// reads the attribute, not what the compiler derives from it).
    package let isPublic: Bool
    package let spiGroups: Set<String>

    /// Every declaration in the SDK package's Swift targets (`place` starts with the target's folder).
    package static func all(packageRoot: String) throws -> [SDKDeclaration] {
        let root = packageRoot + "/Sources/DemoKit/Sources"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { name in
            try parse(String(contentsOfFile: root + "/" + name, encoding: .utf8), file: name)
        }
    }

    private static let keyword = try! NSRegularExpression(
        pattern:
            #"^(?:(?:@\w+(?:\([^)]*\))?|public|open|package|internal|fileprivate|private(?:\(set\))?|static|class|final|override|convenience|required|nonisolated|mutating|indirect|lazy|dynamic)\s+)*(class|struct|enum|protocol|actor|typealias|func|var|let|case|extension|init|subscript)\b[?!]?\s*`?(\w*)"#
    )
    private static let spi = try! NSRegularExpression(pattern: #"@_spi\((\w+)\)"#)
    private static let attributesOnly = try! NSRegularExpression(pattern: #"^(?:@\w+(?:\([^)]*\))?\s*)+$"#)
    private static let stringLiteral = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)

    /// A line-by-line reading: the SDK's code keeps one declaration to a line
    /// and braces outside string literals balanced, which is all it needs.
    package static func parse(_ text: String, file: String) -> [SDKDeclaration] {
        var found: [SDKDeclaration] = []
        var depth = 0
        var scopes: [(depth: Int, groups: Set<String>)] = []
        var attributes = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") || line.isEmpty { continue }
            let whole = NSRange(line.startIndex..., in: line)
            if attributesOnly.firstMatch(in: line, range: whole) != nil {
                attributes += " " + line
                continue
            }
            let code = codeOnly(line)
            let opened = code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            var groups = scopes.last?.groups ?? []
            if let match = keyword.firstMatch(in: line, range: whole) {
                let head = String(line[..<(line.range(of: "{")?.lowerBound ?? line.endIndex)])
                let own = attributes + " " + head
                for group in spi.matches(in: own, range: NSRange(own.startIndex..., in: own)) {
                    groups.insert(String(own[Range(group.range(at: 1), in: own)!]))
                }
                let kind = String(line[Range(match.range(at: 1), in: line)!])
                let name = String(line[Range(match.range(at: 2), in: line)!])
                let words = head.split(whereSeparator: { $0 == " " || $0 == "(" })
                found.append(
                    SDKDeclaration(
                        place: "\(file):\(index + 1)", text: line,
                        name: kind == "init" || kind == "subscript" ? kind : name, kind: kind,
                        isPublic: words.contains("public") || words.contains("open"), spiGroups: groups))
            }
            attributes = ""
            if opened > 0 { scopes.append((depth + opened, groups)) }
            depth += opened
            while let last = scopes.last, last.depth > depth { scopes.removeLast() }
        }
        return found
    }

    /// The line without string literals and a trailing comment, whose braces
    /// are not the code's.
    private static func codeOnly(_ line: String) -> String {
        let bare = stringLiteral.stringByReplacingMatches(
            in: line, range: NSRange(line.startIndex..., in: line),
            withTemplate: "\"\"")
        return bare.range(of: "//").map { String(bare[..<$0.lowerBound]) } ?? bare
    }
}
