import DemoBasics
import ShellBasics
import Glibc
import TextBounds

/// What one check loads: a plugin's library and the class its manifest's
/// `Entry` names (`Module.Type`, nil when it names none).
public struct PluginCheckSubject: Hashable, Sendable {
    public let library: String
    public let entry: String?

    public init(library: String, entry: String?) {
        self.library = library
        self.entry = entry
    }

    package init(_ plugin: PluginEntry) {
        self.init(library: plugin.libraryPath, entry: plugin.manifest.entryTypeName)
    }
}

/// What a check of a plugin's library found, in a form that can be cached
/// and turned into a message in whatever language the shell runs in.
public enum PluginCheckOutcome: Error, Equatable, Sendable {
    /// It needs this shell's SDK node, was opened, and its Entry class is a `DemoModule` that was made.
    case usable
    /// `dlopen` refused it, or it is no library (the reason).
    case unloadable(String)
    /// Built against another SDK ABI or with another compiler: the
    /// version node it needs from libDemoKit.so (`SDKVersionNode`).
    case otherSDK(String)
    /// It needs no version node of libDemoKit.so: built before the SDK
    /// had versions, or not against the SDK at all.
    case unversioned
    /// The manifest has no `Entry` key.
    case noEntry
    /// The library has no class of the name the manifest's `Entry` gives (`Module.Type`).
    case noClass(String)
    /// That class is no `DemoModule`.
    case notADemo(String)
    /// The checker died of this signal (its number), its last lines of
    /// output before (`CheckOutputTail`).
    case crashed(Int32, output: String = "")
    /// The checker did not answer within the time limit (seconds), and was
    /// ended: what it printed until then (a plugin that blocks in `init`
    /// often said where it waits).
    case hung(Double, output: String = "")
    /// The checker ended without a well-formed answer (its exit status, its
    /// last lines of output).
    case noAnswer(Int32, output: String = "")

    public var isUsable: Bool { self == .usable }

    /// Why the plugin named `plugin` (its manifest's name, shown isolated)
    /// cannot be used, for people (nil when it can).
    public func reason(plugin: String) -> String? {
        switch self {
        case .usable: return nil
        case .unloadable(let detail):
            return localized("The library cannot be loaded: {reason}").filling(["reason": detail])
        case .otherSDK(let name):
            let node = SDKVersionNode(name: name)
            let values = [
                "plugin": TextLimit.isolated(plugin), "abi": node.abi ?? "?", "swift": node.swift ?? "?",
                "shellABI": String(SDKContract.abiVersion), "shellSwift": EditRunProblem.wantedVersionNumber,
                "node": TextLimit.isolated(ManifestText.oneLine(name, limit: 64)),
            ]
            guard node.abi != nil else {
                return localized(
                    "{plugin} was built against a Demo Shell SDK this shell does not know ({node}); this Demo Shell offers SDK ABI {shellABI} with Swift {shellSwift}. Rebuild the plugin against this Demo Shell."
                )
                .filling(values)
            }
            return localized(
                "{plugin} was built for Demo Shell SDK ABI {abi} with Swift {swift}; this Demo Shell offers ABI {shellABI} with Swift {shellSwift}. Rebuild the plugin against this Demo Shell."
            )
            .filling(values)
        case .unversioned:
            return localized(
                "{plugin} was built before the Demo Shell SDK had versions, or not against it; this Demo Shell offers SDK ABI {shellABI} with Swift {shellSwift}. Rebuild the plugin against this Demo Shell."
            )
            .filling([
                "plugin": TextLimit.isolated(plugin), "shellABI": String(SDKContract.abiVersion),
                "shellSwift": EditRunProblem.wantedVersionNumber,
            ])
        case .noEntry:
            return localized(
                "The manifest has no Entry key: add Entry=NAME to its [Plugin] group, NAME being the plugin’s DemoModule class."
            )
        case .noClass(let name):
            return localized("The library has no class {class}, which the manifest’s Entry names.")
                .filling(["class": TextLimit.isolated(name)])
        case .notADemo(let name):
            return localized("The class {class}, which the manifest’s Entry names, is not a DemoModule.")
                .filling(["class": TextLimit.isolated(name)])
        case .crashed(let signal, let output):
            let crash = localized("The plugin crashed while being checked: {signal}.")
                .filling(["signal": signalName(signal)])
            return crash + Self.explained(output)
        case .hung(let seconds, let output):
            return localized("The plugin did not finish being checked within {seconds} s.")
                .filling(["seconds": Self.seconds(seconds)]) + Self.explained(output)
        case .noAnswer(let status, let output):
            return localized("The plugin ended its check without an answer (exit status {status}).")
                .filling(["status": String(status)]) + Self.explained(output)
        }
    }

    /// One line, tab-separated, no control characters: the cache's form and
    /// the checker's answer.
    package var encoded: String {
        switch self {
        case .usable: "usable"
        case .unloadable(let detail): "unloadable\t" + Self.flatten(detail)
        case .otherSDK(let node): "other-sdk\t" + Self.flatten(node)
        case .unversioned: "unversioned"
        case .noEntry: "no-entry"
        case .noClass(let name): "no-class\t" + Self.flatten(name)
        case .notADemo(let name): "not-a-demo\t" + Self.flatten(name)
        case .crashed(let signal, let output): "crashed\t\(signal)" + Self.escapedOutput(output)
        case .hung(let seconds, let output): "hung\t\(seconds)" + Self.escapedOutput(output)
        case .noAnswer(let status, let output): "no-answer\t\(status)" + Self.escapedOutput(output)
        }
    }

    package init?(encoded line: Substring) {
        let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let detail = fields.count > 1 ? fields[1] : ""
        switch fields[0] {
        case "usable": self = .usable
        case "unloadable": self = .unloadable(detail)
        case "other-sdk": self = .otherSDK(detail)
        case "unversioned": self = .unversioned
        case "no-entry": self = .noEntry
        case "no-class": self = .noClass(detail)
        case "not-a-demo": self = .notADemo(detail)
        case "crashed":
            let (number, output) = Self.numberAndOutput(detail)
            guard let n = Int32(number) else { return nil }
            self = .crashed(n, output: output)
        case "hung":
            let (number, output) = Self.numberAndOutput(detail)
            guard let s = Double(number) else { return nil }
            self = .hung(s, output: output)
        case "no-answer":
            let (number, output) = Self.numberAndOutput(detail)
            guard let n = Int32(number) else { return nil }
            self = .noAnswer(n, output: output)
        default: return nil
        }
    }

    /// Tabs, newlines and other control characters become spaces; at most 500 characters.
    static func flatten(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(500).map {
                    $0.properties.generalCategory == .control ? " " : $0
                }))
    }

    /// After a crash's, a hang's or a silent end's sentence: where the runtime said
    /// the code stopped, then the check's last lines of output.
    static func explained(_ output: String) -> String {
        guard !output.isEmpty else { return "" }
        var text = ""
        if let crash = CheckOutputTail.crashPlace(in: output) {
            text +=
                " "
                + localized("It stopped at {place}: {message}").filling([
                    "place": TextLimit.isolated(crash.place), "message": TextLimit.isolated(crash.message),
                ])
        }
        return text + "\n\n" + localized("The check’s last lines of output:") + "\n" + output
    }

    /// The output after a number in the cache's line, its newlines and
    /// backslashes escaped so that the record stays one line.
    static func escapedOutput(_ output: String) -> String {
        guard !output.isEmpty else { return "" }
        var escaped = "\t"
        for character in output {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func numberAndOutput(_ detail: String) -> (String, String) {
        let parts = detail.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (detail, "") }
        return (String(parts[0]), unescapedOutput(parts[1]))
    }

    /// What `escapedOutput` wrote (after its tab), bounded and cleaned again.
    static func unescapedOutput(_ escaped: Substring) -> String {
        var output = "", escaping = false
        for character in escaped {
            if escaping {
                output.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return CheckOutputTail.lastLines(output)
    }

    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
