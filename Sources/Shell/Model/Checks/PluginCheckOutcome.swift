import DemoBasics
import ShellBasics
import Glibc

/// What a check of a plugin's library found, in a form that can be cached
/// and turned into a message in whatever language the shell runs in.
public enum PluginCheckOutcome: Error, Equatable, Sendable {
    /// Opened, the SDK identities match, the entry point returned a `DemoModule`.
    case usable
    /// `dlopen` refused it (the loader's message).
    case unloadable(String)
    /// These entry points are missing (one or both, in the order a plugin declares them).
    case missingEntryPoints([String])
    /// Built against another SDK (the plugin's identity).
    case otherSDK(String)
    /// The create function returned nothing, or something that is no `DemoModule`.
    case notADemo
    /// The checker died of this signal (its number).
    case crashed(Int32)
    /// The checker did not answer within the time limit (seconds).
    case hung(Double)
    /// The checker ended without a well-formed answer (its exit status).
    case noAnswer(Int32)

    public var isUsable: Bool { self == .usable }

    /// Why the plugin cannot be used, for people (nil when it can).
    public var reason: String? {
        switch self {
        case .usable: return nil
        case .unloadable(let detail):
            return localized("The library cannot be loaded: {reason}").filling(["reason": detail])
        case .missingEntryPoints(let symbols) where symbols.count == 1:
            return localized("The library has no entry point {symbol}.").filling(["symbol": symbols[0]])
        case .missingEntryPoints(let symbols):
            return localized("The library has neither entry point, {first} nor {second}.")
                .filling(["first": symbols.first ?? SDKContract.sdkSymbol, "second": symbols.dropFirst().first ?? SDKContract.createSymbol])
        case .otherSDK(let identity):
            return localized("The library was built against a different Demo Shell SDK ({plugin}; this shell has {shell}). Rebuild it against this one.")
                .filling(["plugin": identity.isEmpty ? "?" : identity, "shell": SDKContract.loadedSDKIdentity])
        case .notADemo:
            return localized("The plugin’s entry point did not return a demo.")
        case .crashed(let signal):
            return localized("The plugin crashed while being checked: {signal}.").filling(["signal": signalName(signal)])
        case .hung(let seconds):
            return localized("The plugin did not finish being checked within {seconds} s.")
                .filling(["seconds": Self.seconds(seconds)])
        case .noAnswer(let status):
            return localized("The plugin ended its check without an answer (exit status {status}).")
                .filling(["status": String(status)])
        }
    }

    /// One line, tab-separated, no control characters: the cache's form and
    /// the checker's answer.
    package var encoded: String {
        switch self {
        case .usable: "usable"
        case .unloadable(let detail): "unloadable\t" + Self.flatten(detail)
        case .missingEntryPoints(let symbols): "no-entry-point\t" + Self.flatten(symbols.joined(separator: " "))
        case .otherSDK(let identity): "other-sdk\t" + Self.flatten(identity)
        case .notADemo: "not-a-demo"
        case .crashed(let signal): "crashed\t\(signal)"
        case .hung(let seconds): "hung\t\(seconds)"
        case .noAnswer(let status): "no-answer\t\(status)"
        }
    }

    package init?(encoded line: Substring) {
        let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let detail = fields.count > 1 ? fields[1] : ""
        switch fields[0] {
        case "usable": self = .usable
        case "unloadable": self = .unloadable(detail)
        case "no-entry-point":
            // An older cache line names none, and could mean either: checked again.
            let symbols = detail.split(separator: " ").map(String.init)
            guard !symbols.isEmpty else { return nil }
            self = .missingEntryPoints(symbols)
        case "other-sdk": self = .otherSDK(detail)
        case "not-a-demo": self = .notADemo
        case "crashed": guard let n = Int32(detail) else { return nil }; self = .crashed(n)
        case "hung": guard let s = Double(detail) else { return nil }; self = .hung(s)
        case "no-answer": guard let n = Int32(detail) else { return nil }; self = .noAnswer(n)
        default: return nil
        }
    }

    /// Tabs, newlines and other control characters become spaces; at most 500 characters.
    static func flatten(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(500).map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
