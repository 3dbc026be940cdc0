import DemoBasics

/// The pieces of Swift text `SDKShapeUpdate` recognises. Each pattern is
/// the old template's code token by token, any whitespace between tokens:
/// text that is almost it is not guessed at.
enum SwiftText {
    typealias Piece = SwiftTokens.Piece

    /// Tokens that only the old entry points have: any left once their
    /// functions in the form below are gone is a form not known here.
    static func hasOldEntryPoint(_ tokens: SwiftTokens) -> Bool {
        tokens.tokens.contains { token in
            ["DemoPlugin", "sdkIdentity", "demoShellPluginCreate", "demoShellPluginSDK"].contains(token.text)
                || token.text.hasPrefix("\"demo_shell_plugin_")
        }
    }

    private static func code(_ words: String...) -> [Piece] { words.map { .token($0) } }
    private static let cdecl = code("@", "_cdecl", "(")
    private static let `public` = Piece.optional(code("public"))
    private static let `return` = Piece.optional(code("return"))
    private static let hostParameter = code("(", "host", ":", "DemoHost", ")", "->")
    private static let hostArgument = code("(", "host", ":", "host", ")")

    static let createFunction: [Piece] =
        cdecl + code("\"demo_shell_plugin_create\"", ")") + [`public`]
        + code("func", "demoShellPluginCreate", "(", ")", "->", "UnsafeMutableRawPointer", "{") + [`return`]
        + code("DemoPlugin", ".", "export", "{") + [.name] + code("(", ")", "}", "}")

    static let sdkFunction: [Piece] =
        cdecl + code("\"demo_shell_plugin_sdk\"", ")") + [`public`]
        + code("func", "demoShellPluginSDK", "(", ")", "->", "UnsafePointer", "<", "CChar", ">", "{")
        + [`return`, .optional([.either([code("DemoKit", "."), code("SDKContract", ".")])])] + code("sdkIdentity", "}")

    /// Its `.name` is the view; after it come the argument, `.window` and `}`.
    static let makeWindow: [Piece] =
        code("func", "makeWindow") + hostParameter + [.optional(code("Gtk", "."))]
        + code("Window", "{") + [`return`, .name] + hostArgument + code(".", "window", "}")

    static let simpleMakeView: [Piece] =
        code("func", "makeView") + hostParameter + code("any", "DemoView", "{")
        + [`return`, .name] + hostArgument + code("}")

    static let windowProperty: [Piece] =
        [.either([code("let"), code("var")])] + code("window", ":")
        + [.optional(code("Gtk", "."))] + code("Window")

    /// `text` when it is a Swift identifier of ASCII (as an Entry is).
    static func identifier(_ text: String) -> String? {
        let tokens = SwiftTokens(text).tokens
        return tokens.count == 1 && tokens[0].text == text && tokens[0].isName && text.utf8.allSatisfy({ $0 < 0x80 })
            ? text : nil
    }

    /// `text` without the lines `range` covers, when nothing but spaces
    /// shares them, and without the blank line before them when a blank
    /// line or the end follows: a function removed leaves no gap behind.
    static func removingLines(of range: Range<String.Index>, in text: String) -> String {
        func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
        var lower = range.lowerBound, upper = range.upperBound
        var start = lower
        while start > text.startIndex, isSpace(text[text.index(before: start)]) { start = text.index(before: start) }
        if start == text.startIndex || text[text.index(before: start)] == "\n" { lower = start }
        var end = upper
        while end < text.endIndex, isSpace(text[end]) { end = text.index(after: end) }
        if end == text.endIndex { upper = end } else if text[end] == "\n" { upper = text.index(after: end) }
        var before = String(text[..<lower])
        let after = String(text[upper...])
        if before.hasSuffix("\n\n"), after.isEmpty || after.hasPrefix("\n") { before.removeLast() }
        return before + after
    }

    /// `text` without each line that is only `window.retain(self)`.
    static func removingRetainLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { $0.trimmingWhitespace() != "window.retain(self)" }.joined(separator: "\n")
    }

    /// A class declared in a text: its name, what stands between the name
    /// and its `{` (the conformances: UTF-8 offsets) and its body's tokens.
    struct ClassDeclaration {
        let name: String
        let clause: Range<Int>
        let body: Range<Int>

        func inherited(in tokens: SwiftTokens) -> [String]? {
            let clause = tokens.text(from: clause.lowerBound, to: clause.upperBound).trimmingWhitespace()
            if clause.isEmpty { return [] }
            guard clause.hasPrefix(":"), !clause.contains("<"),
                !clause.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).contains("where")
            else { return nil }
            return clause.dropFirst().split(separator: ",").map { $0.trimmingWhitespace() }
        }

        func conforms(to proto: String, in tokens: SwiftTokens) -> Bool {
            inherited(in: tokens)?.contains { $0 == proto || $0.hasSuffix("." + proto) } ?? false
        }

        func hasWindow(in tokens: SwiftTokens) -> Bool {
            !tokens.matches(SwiftText.windowProperty, from: body.lowerBound, to: body.upperBound).isEmpty
        }

        /// The text with `proto` added to this class's conformances; nil
        /// when they are in a form not known here (generic, a `where`).
        func addingConformance(_ proto: String, in tokens: SwiftTokens) -> String? {
            guard let list = inherited(in: tokens) else { return nil }
            var result = tokens.source
            if list.isEmpty {
                result.insert(contentsOf: ": " + proto, at: tokens.index(clause.lowerBound))
            } else {
                let bytes = Array(tokens.source.utf8)
                var end = clause.upperBound
                while end > clause.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
                result.insert(contentsOf: ", " + proto, at: tokens.index(end))
            }
            return result
        }
    }

    private static let notNames: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "private",
        "fileprivate", "public", "internal", "open", "static", "init", "protocol",
    ]

    static func classes(in tokens: SwiftTokens) -> [ClassDeclaration] {
        let list = tokens.tokens
        var found: [ClassDeclaration] = []
        for position in list.indices where list[position].text == "class" && position + 1 < list.count {
            let name = list[position + 1]
            guard name.isName, !notNames.contains(name.text),
                let open = list[(position + 2)...].firstIndex(where: { ["{", "}", ";", "(", "="].contains($0.text) }),
                list[open].text == "{", let close = tokens.closing(open)
            else { continue }
            found.append(
                ClassDeclaration(name: name.text, clause: name.end..<list[open].start, body: (open + 1)..<close))
        }
        return found
    }
}

/// A manifest's lines, read as `DemoTemplate` reads them: keys of the
/// [Plugin] group, every other line kept as it is.
struct ManifestLines {
    let lines: [String]

    init(_ text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The index of each line of the [Plugin] group, and its key.
    private var pluginKeys: [(index: Int, key: String)] {
        var result: [(Int, String)] = [], inPlugin = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") {
                inPlugin = trimmed == "[Plugin]"
                if inPlugin { result.append((index, "[")) }
                continue
            }
            guard inPlugin, let equals = trimmed.firstIndex(of: "=") else { continue }
            result.append((index, trimmed[..<equals].trimmingWhitespace()))
        }
        return result
    }

    func value(_ key: String) -> String? {
        guard let line = pluginKeys.first(where: { $0.key == key }).map({ lines[$0.index] }),
            let equals = line.firstIndex(of: "=")
        else { return nil }
        return line[line.index(after: equals)...].trimmingWhitespace()
    }

    /// The text with `KEY=VALUE` after the line of `after` (or the group's
    /// first line); nil without a [Plugin] group.
    func adding(_ key: String, _ value: String, after other: String) -> String? {
        let keys = pluginKeys
        guard let place = keys.first(where: { $0.key == other }) ?? keys.first(where: { $0.key == "[" }) else {
            return nil
        }
        var result = lines
        result.insert("\(key)=\(value)", at: place.index + 1)
        return result.joined(separator: "\n")
    }
}
