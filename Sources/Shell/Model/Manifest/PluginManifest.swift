import DemoBasics
import ShellBasics
import TextBounds

/// A plugin manifest (`NAME.plugin`), in the spirit of libpeas:
///
/// ```ini
/// [Plugin]
/// Id=say-hello
/// Module=SayHello
/// Entry=SayHelloDemo
/// Name=Say Hello
/// Name[zh_CN]=打招呼
/// Description=Type a name and get a greeting
/// Icon=face-smile-symbolic
/// Category=Basics
/// Version=1.0
/// ABI=1
/// Help=A paragraph or two for the launcher's Info pane.\n\nA second one.
/// Help[zh_CN]=……
/// Sources=Model/SayHelloModel.swift;Plugin/SayHelloView.swift;Plugin/SayHelloPlugin.swift
/// ```
///
/// A plugin from elsewhere with its own catalog adds `TextDomain=hello`:
/// `locale/LANG/LC_MESSAGES/hello.mo` beside the manifest. One whose
/// `Package.swift` names its model's target otherwise than `MODULEModel`
/// says so, `Model=TipRules`, for Edit and Run and Export.
///
/// Validation lives here, free of GTK, so tests can feed it any text.
public struct PluginManifest: Equatable, Sendable {
    public static let group = "Plugin"

    public var info: DemoInfo
    /// The library's name: `Module=SayHello` means `libSayHello.so`.
    public var module: String
    public var abi: Int32
    /// The plugin's `DemoModule` class (`Entry`): a type name in the
    /// library's module, or `Module.Type`; nil when the manifest names none
    /// (the check then says so: `PluginCheckOutcome.noEntry`).
    public var entry: String?
    /// The launcher's longer description (`Help`, translatable; `\n` breaks lines).
    public var help: String = ""
    /// The source files the launcher shows (`Sources`, `;`-separated, relative
    /// to the manifest's folder), as listed.
    public var sources: [String] = []
    /// `Category` before translation: the launcher lists "Getting Started"
    /// first in every language.
    public var untranslatedCategory: String = ""
    /// `Name` as written (empty when there is none): what names an import
    /// must not repeat, in any language.
    public var untranslatedName: String = ""
    /// The plugin's own gettext domain (`TextDomain`), whose catalogs are in
    /// `locale/` beside the manifest; nil: the shell's.
    public var textDomain: String?
    /// The Swift module of the plugin's `Model/` (`Model`, optional): what
    /// its `Package.swift` names that target, which Edit and Run compiles it
    /// as and Export names it; nil: `MODULEModel`, the demos' rule.
    public var modelKey: String?

    /// The Swift module `Model/` is compiled as: `Model` when the manifest
    /// says it (`Model=TipRules`), otherwise `MODULEModel` (`HelloModel`).
    public var modelModule: String { modelKey ?? swiftModule + "Model" }

    /// The library's Swift module: `Module`, without `lib` and `.so` around it.
    public var swiftModule: String {
        var name = Substring(module)
        if name.hasSuffix(".so") {
            name = name.dropLast(3)
            if name.hasPrefix("lib") { name = name.dropFirst(3) }
        }
        return String(name)
    }

    public var id: String { info.id }

    /// Why a manifest was rejected.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case missingGroup
        case missingKey(String)
        case invalidID(String)
        case invalidModule(String)
        case abiMismatch(found: String, expected: Int32)
        case invalidTextDomain(String)
        case invalidEntry(String)
        case invalidModel(String)

        public var description: String { sentence + ManifestMistakes.commentHint(value) }

        /// The value the problem is about, for `ManifestMistakes.commentHint`.
        private var value: String {
            switch self {
            case .invalidID(let text), .invalidModule(let text), .invalidEntry(let text), .invalidTextDomain(let text),
                .invalidModel(let text):
                text
            case .abiMismatch(let found, _): found
            case .unreadable, .missingGroup, .missingKey: ""
            }
        }

        private var sentence: String {
            switch self {
            case .unreadable(let why): localized("The manifest cannot be read: {reason}").filling(["reason": why])
            case .missingGroup: localized("The manifest has no [Plugin] group.")
            case .missingKey(let key): localized("The manifest has no {key} key.").filling(["key": key])
            case .invalidID(let id):
                localized("The id “{id}” may only contain lower-case letters, digits and dashes.").filling(["id": id])
            case .invalidModule(let module):
                localized("The module “{module}” must be a library name beside the manifest, not a path.").filling([
                    "module": module
                ])
            case .invalidEntry(let entry):
                localized("The Entry “{entry}” must name a Swift class, as in Entry=SayHelloDemo.")
                    .filling(["entry": TextLimit.isolated(ManifestText.oneLine(entry, limit: ManifestText.nameLimit))])
            case .invalidModel(let model):
                localized("The Model “{model}” must name a Swift module, as in Model=TipRules.")
                    .filling(["model": TextLimit.isolated(ManifestText.oneLine(model, limit: ManifestText.nameLimit))])
            case .abiMismatch(let found, let expected):
                localized(
                    "The manifest says ABI={found}, a manifest format this Demo Shell does not read: it reads ABI={expected}."
                )
                .filling(["found": found, "expected": String(expected)])
            case .invalidTextDomain(let domain):
                localized(
                    "The text domain “{domain}” must be a catalog’s name (letters, digits, “-”, “_” and “.”), other than Demo Shell’s."
                )
                .filling(["domain": domain])
            }
        }
    }

    /// Reads a manifest through `value(key)` (untranslated) and
    /// `localizedValue(key)` (for the current locale).
    public static func parse(value: (String) -> String?, localizedValue: (String) -> String?) -> Result<
        PluginManifest, Problem
    > {
        func required(_ key: String) -> Result<String, Problem> {
            guard let text = value(key)?.trimmingWhitespace(), !text.isEmpty else { return .failure(.missingKey(key)) }
            return .success(text)
        }
        let id: String, module: String
        switch (required("Id"), required("Module"), required("Name")) {
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            return .failure(problem)
        case (.success(let i), .success(let m), .success):
            id = i
            module = m
        }
        guard isValidID(id) else { return .failure(.invalidID(id)) }
        // A bare name: a manifest can only load the library that sits beside it.
        guard !module.contains("/"), module != ".", module != ".." else { return .failure(.invalidModule(module)) }
        let abiText = value("ABI")?.trimmingWhitespace() ?? ""
        guard let abi = Int32(abiText), abi == SDKContract.manifestVersion else {
            return .failure(
                abiText.isEmpty
                    ? .missingKey("ABI") : .abiMismatch(found: abiText, expected: SDKContract.manifestVersion))
        }
        let textDomain = value("TextDomain")?.trimmingWhitespace().nonEmpty
        if let textDomain, !isValidTextDomain(textDomain) { return .failure(.invalidTextDomain(textDomain)) }
        let entry = value("Entry")?.trimmingWhitespace().nonEmpty
        if let entry, !isValidEntry(entry) { return .failure(.invalidEntry(entry)) }
        let model = value("Model")?.trimmingWhitespace().nonEmpty
        if let model, !isValidModuleName(model) || model == module { return .failure(.invalidModel(model)) }
        func line(_ key: String, _ limit: Int) -> String? {
            localizedValue(key).map { ManifestText.oneLine($0, limit: limit) }
        }
        let info = DemoInfo(
            id: id,
            name: line("Name", ManifestText.nameLimit)?.nonEmpty ?? id,
            description: line("Description", ManifestText.descriptionLimit) ?? "",
            category: line("Category", ManifestText.nameLimit)?.nonEmpty ?? localized("Other"),
            iconName: value("Icon")?.trimmingWhitespace().nonEmpty ?? "application-x-executable-symbolic",
            version: value("Version").map { ManifestText.oneLine($0, limit: 32) } ?? "")
        var manifest = PluginManifest(info: info, module: module, abi: abi)
        manifest.textDomain = textDomain
        manifest.entry = entry
        manifest.modelKey = model
        manifest.help = localizedValue("Help").map { ManifestText.paragraphs($0, limit: ManifestText.helpLimit) } ?? ""
        manifest.untranslatedName = value("Name").map { ManifestText.oneLine($0, limit: ManifestText.nameLimit) } ?? ""
        manifest.untranslatedCategory =
            value("Category").map { ManifestText.oneLine($0, limit: ManifestText.nameLimit) } ?? ""
        manifest.sources = (value("Sources") ?? "").split(separator: ";").map { String($0).trimmingWhitespace() }.filter
        { !$0.isEmpty }
        return .success(manifest)
    }

    /// Ids are lower-case words joined by dashes: they appear on command lines.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A catalog's file name without `.mo`, never the shell's own: a plugin
    /// binding `demo-shell` to its folder would replace the shell's texts.
    public static func isValidTextDomain(_ domain: String) -> Bool {
        domain != Gettext.shellDomain && domain.count <= 64 && !domain.hasPrefix(".")
            && domain.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.".unicodeScalars.contains($0)
            }
    }

    /// An `Entry`: a Swift identifier (ASCII), or two joined by a dot
    /// (`Module.Type`), at most 128 characters: what the runtime's lookup
    /// of a class by name understands, and nothing a hostile file could
    /// make it read as a mangled name.
    public static func isValidEntry(_ entry: String) -> Bool {
        let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
        return entry.utf8.count <= 128 && (1...2).contains(parts.count)
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
                return part.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            }
    }

    /// A Swift module's name as `Model` may give it: one ASCII identifier,
    /// at most 128 characters (it becomes a compiler argument and a file name).
    public static func isValidModuleName(_ name: String) -> Bool {
        isValidEntry(name) && !name.contains(".")
    }

    /// The name the shell looks the Entry class up by (`SayHello.SayHelloDemo`):
    /// `Entry` as written when it names its module, otherwise in the module
    /// `Module` names (`libFoo.so` is module `Foo`); nil without an Entry.
    public var entryTypeName: String? {
        guard let entry else { return nil }
        if entry.contains(".") { return entry }
        return "\(swiftModule).\(entry)"
    }

    /// The library file name for `module`.
    public var libraryFileName: String {
        module.hasSuffix(".so") ? module : "lib\(module).so"
    }
}

extension String {
    package var nonEmpty: String? { isEmpty ? nil : self }
}

/// What a manifest may put on screen: its text is the plugin author's, and
/// the launcher's rows, Info page and About dialog must survive any of it.
public enum ManifestText {
    /// Bounds in user-perceived characters.
    public static let nameLimit = 64
    public static let descriptionLimit = 240
    public static let helpLimit = 8000
    /// A character made of more scalars than this (a base with thousands of
    /// combining marks, a chain of joined emoji) is cut to this many.
    public static let scalarsPerCharacter = 16

    /// One line: control characters (a `\n` escape, a tab) become spaces,
    /// explicit bidi controls are dropped (a name cannot reorder the text
    /// around it), white space is trimmed, at most `limit` characters (then "…").
    public static func oneLine(_ text: String, limit: Int) -> String {
        bounded(text, limit: limit, keepNewlines: false)
    }

    /// As `oneLine`, keeping line breaks.
    public static func paragraphs(_ text: String, limit: Int) -> String {
        bounded(text, limit: limit, keepNewlines: true)
    }

    private static func bounded(_ text: String, limit: Int, keepNewlines: Bool) -> String {
        let window = text.unicodeScalars.prefix(limit * scalarsPerCharacter * 2)
        // Unicode's controls (Cc) are exactly the three ranges below; asking
        // `properties.generalCategory` per scalar, and copying scalar by
        // scalar, made reading the manifests show in the launcher's start.
        func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
        let cleaned: String
        if window.count == text.unicodeScalars.count,
            !window.contains(where: { TextLimit.isBidiControl($0) || (isBreaking($0) && !(keepNewlines && $0 == "\n")) }
            )
        {
            cleaned = text.trimmingWhitespace()  // the usual case: nothing to drop or replace
        } else {
            var scalars = String.UnicodeScalarView()
            for scalar in window where !TextLimit.isBidiControl(scalar) {
                scalars.append(isBreaking(scalar) ? (keepNewlines && scalar == "\n" ? "\n" : " ") : scalar)
            }
            cleaned = String(scalars).trimmingWhitespace()
        }
        // One byte is at least one character; else count, and check that no
        // character carries more scalars than allowed, before copying any.
        if cleaned.utf8.count <= limit, !cleaned.unicodeScalars.contains(where: { $0.value >= 0x300 }) {
            return cleaned
        }
        var fits = true
        var count = 0
        for character in cleaned {
            count += 1
            if count > limit || character.unicodeScalars.count > scalarsPerCharacter {
                fits = false
                break
            }
        }
        if fits { return cleaned }
        var result = ""
        count = 0
        for character in cleaned {
            if count == limit {
                while let last = result.last, last.isWhitespace { result.removeLast() }
                return result + "…"
            }
            if character.unicodeScalars.count > scalarsPerCharacter {
                result.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(scalarsPerCharacter))
            } else {
                result.append(character)
            }
            count += 1
        }
        return result
    }
}
