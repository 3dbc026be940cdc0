internal import CBasics
import Glibc
import Synchronization

/// Message catalogs (GNU gettext) for every user-visible string.
public enum Gettext {
    /// The catalog of the shell and its built-in demos.
    public static let shellDomain = "demo-shell"

    /// Binds another domain (a third-party plugin's own catalogs).
    public static func bind(domain: String, directory: String) {
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// Module name → the catalog its `localized` calls look in: a plugin's
    /// own (its manifest's `TextDomain`), set by the shell as it loads the
    /// plugin. Any other module's (the shell's, the built-in demos') is the
    /// shell's. Read on every `localized`, from any thread.
    package static let moduleDomains = Mutex<[String: String]>([:])

    /// The catalog of the code in `fileID` (`#fileID`: "Module/File.swift").
    static func domain(ofFile fileID: StaticString) -> String {
        moduleDomains.withLock { domains in
            guard !domains.isEmpty else { return shellDomain }
            let module = fileID.withUTF8Buffer { bytes in
                String(decoding: bytes.prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self)
            }
            return domains[module] ?? shellDomain
        }
    }

    /// The translation of `message` in `domain`.
    public static func translate(_ message: String, domain: String) -> String {
        guard !message.isEmpty else { return message }
        // dgettext returns its argument when untranslated: read it while alive.
        return message.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// The translation of `message` with context, for words that are ambiguous
    /// alone ("Top" as a position, not a rank).
    public static func translate(_ message: String, context: String, domain: String) -> String {
        let key = context + "\u{4}" + message
        let translated = key.withCString { String(cString: dgettext(domain, $0)) }
        return translated == key ? message : translated
    }
}
