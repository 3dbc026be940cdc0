/// The translation of `message` in the shell's catalog (`demo-shell`).
///
/// Every user-visible string goes through this (or `localized(_:context:)`),
/// which is also the keyword `make pot` extracts.
public func localized(_ message: String, domain: String = Gettext.shellDomain) -> String {
    Gettext.translate(message, domain: domain)
}

/// The translation of a short word whose meaning depends on `context`.
public func localized(_ message: String, context: String, domain: String = Gettext.shellDomain) -> String {
    Gettext.translate(message, context: context, domain: domain)
}

extension String {
    /// Replaces `{name}` placeholders, so that translators can move them:
    /// `"Hello, {name}!".filling(["name": "Ada"])`.
    public func filling(_ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            if let value = values[key] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
