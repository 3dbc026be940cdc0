import DemoBasics
import ShellBasics
import TextBounds

/// A demo of the learner's own: the name they typed, the id it is known by
/// (its folder, `--run=ID`, its settings file) and the Swift module its
/// code is built as. All three are derived here, so that no typed name can
/// become a path, shadow another demo or clash with a module the plugin
/// is linked with.
public struct DemoIdentity: Equatable, Sendable {
    public let name: String
    public let id: String
    public let module: String

    public init(name: String, id: String, module: String) {
        self.name = name
        self.id = id
        self.module = module
    }

    /// The model's module (`MODULEModel`), as every demo has one.
    public var modelModule: String { module + "Model" }
}

/// The rules that turn a typed name into a `DemoIdentity`.
public enum DemoNaming {
    /// A name is at most this many characters, as a person counts them.
    public static let maximumNameLength = 64
    /// An id is at most this many ASCII characters (it names a folder and a file).
    public static let maximumIDLength = 48
    /// How an id of a name with no ASCII letter (a name in Chinese) starts:
    /// `demo-` and a short hash of the name follow (`hashedID(forName:)`).
    public static let hashedIDPrefix = "demo-"

    /// The name field's bounds, as every field's (TextBounds).
    public static let limit = TextLimit(characters: maximumNameLength, scalarsPerCharacter: 16)

    /// Modules a demo's code is compiled with or beside: a demo's module of
    /// the same name would be shadowed by, or shadow, one of them.
    public static let reservedModules: Set<String> = [
        "DemoKit", "Gtk", "DemoBasics", "CGtk", "CGtkShim", "CBasics", "CGMP", "TextBounds",
        "ShellModel", "PluginHost", "Launcher", "DemoShell", "DemoShellStart", "DemoShellData",
        "Swift", "Glibc", "SwiftGlibc", "Foundation", "FoundationEssentials", "Dispatch", "XCTest", "Testing",
        "PackageDescription", "Observation", "Synchronization", "Any", "Self", "Type", "Protocol",
    ]

    /// `typed` as a demo's name: `TextLimit`'s cleaning (no control or bidi
    /// characters, line breaks made spaces, each character bounded in
    /// scalars, at most `maximumNameLength` characters), without path
    /// separators or leading dots, trimmed. Empty when nothing is left.
    public static func cleanedName(_ typed: String) -> String {
        let window = String(String.UnicodeScalarView(typed.unicodeScalars.prefix(limit.maximumScalars * 4)))
        var text = String(limit.cleaned(String(window.map { $0 == "/" || $0 == "\\" ? " " : $0 })))
        while true {
            let trimmed = text.trimmingWhitespace()
            guard trimmed.hasPrefix(".") else {
                text = trimmed
                break
            }
            text = String(trimmed.drop { $0 == "." })
        }
        return text
    }

    /// The id of a demo called `name` (cleaned first): its ASCII letters
    /// in lower case and its digits, each other run of characters a dash,
    /// or `hashedID(forName:)` when it has no ASCII letter (two Chinese
    /// names get two ids a person tells apart in `--list`, not `my-demo`
    /// and `my-demo-2`); then `-2`, `-3`… until it is none of `taken`
    /// (built-in ids and the learner's other demos).
    public static func id(forName name: String, taken: Set<String>) -> String {
        var base = ""
        var pendingDash = false
        for scalar in cleanedName(name).unicodeScalars {
            let lower: Unicode.Scalar? =
                switch scalar.value {
                case 0x61...0x7A, 0x30...0x39: scalar
                case 0x41...0x5A: Unicode.Scalar(scalar.value + 0x20)
                default: nil
                }
            guard let lower else {
                pendingDash = !base.isEmpty
                continue
            }
            if pendingDash {
                base += "-"
                pendingDash = false
            }
            base.unicodeScalars.append(lower)
        }
        if !base.unicodeScalars.contains(where: { (0x61...0x7A).contains($0.value) }) { base = hashedID(forName: name) }
        base = String(base.prefix(maximumIDLength))
        while base.hasSuffix("-") { base.removeLast() }
        return unique(base, taken: taken) { stem, number in
            let cut = String(stem.prefix(maximumIDLength - String(number).count - 1))
            return (cut.hasSuffix("-") ? String(cut.dropLast()) : cut) + "-\(number)"
        }
    }

    /// `demo-` and six hexadecimal digits of the cleaned name's FNV-1a hash:
    /// stable across runs and machines (Swift's `hashValue` is seeded per
    /// process), so the same name always gives the same id.
    public static func hashedID(forName name: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in cleanedName(name).utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash >> 8, radix: 16)
        return hashedIDPrefix + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// The Swift module of the demo with `id`: its dash-separated words in
    /// UpperCamelCase (`my-demo-2` is `MyDemo2`), `Demo` in front of a
    /// leading digit, then `2`, `3`… until neither it nor its `…Model` is
    /// one of `reservedModules` or `taken` (the other demos' modules).
    public static func moduleName(forID id: String, taken: Set<String>) -> String {
        var base = id.split(separator: "-").map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined()
        if base.isEmpty { base = "MyDemo" }
        if let first = base.unicodeScalars.first, (0x30...0x39).contains(first.value) { base = "Demo" + base }
        let blocked = reservedModules.union(taken)
        func clashes(_ candidate: String) -> Bool {
            let model = candidate + "Model"
            return blocked.contains(candidate) || blocked.contains(model)
                || taken.contains { $0 + "Model" == candidate || $0 + "Model" == model }
        }
        var candidate = base, number = 1
        while clashes(candidate) {
            number += 1
            candidate = base + "\(number)"
        }
        return candidate
    }

    /// The identity of a new demo called `typed`; nil when the cleaned
    /// name is empty.
    public static func identity(forName typed: String, takenIDs: Set<String>, takenModules: Set<String>)
        -> DemoIdentity?
    {
        let name = cleanedName(typed)
        guard !name.isEmpty else { return nil }
        let id = id(forName: name, taken: takenIDs)
        return DemoIdentity(name: name, id: id, module: moduleName(forID: id, taken: takenModules))
    }

    /// `name` (cleaned), or `name 2`, `name 3`… when another demo is called
    /// so already (`taken`, compared without regard to case): an imported
    /// copy of a demo one has gets a name that tells the two apart.
    public static func freeName(_ name: String, taken: Set<String>) -> String {
        let cleaned = cleanedName(name)
        let folded = Set(taken.map { cleanedName($0).lowercased() })
        guard !cleaned.isEmpty, folded.contains(cleaned.lowercased()) else { return cleaned }
        var number = 2
        while true {
            let suffix = " \(number)"
            let candidate = String(cleaned.prefix(maximumNameLength - suffix.count)) + suffix
            if !folded.contains(candidate.lowercased()) { return candidate }
            number += 1
        }
    }

    /// What the learner is told of the name they typed (`typed`) when the
    /// demo would be called otherwise (`free`, from `freeName`): nil when it
    /// keeps it. The names are isolated: this is shown in a sentence.
    public static func takenNameNote(typed: String, free: String) -> String? {
        let cleaned = cleanedName(typed)
        guard !cleaned.isEmpty, free != cleaned else { return nil }
        return localized("A demo is called “{name}” already: this one will be “{free}”.")
            .filling(["name": TextLimit.isolated(cleaned), "free": TextLimit.isolated(free)])
    }

    private static func unique(_ base: String, taken: Set<String>, numbered: (String, Int) -> String) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains(numbered(base, number)) { number += 1 }
        return numbered(base, number)
    }
}
