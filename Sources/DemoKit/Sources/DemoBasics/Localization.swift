/// The translation of `message` in the catalog of the code that asks: a
/// plugin's own when its manifest names one (`TextDomain`), else the
/// shell's (`demo-shell`); `domain:` names another.
///
/// Every user-visible string goes through this (or `localized(_:context:)`),
/// which is also the keyword `make pot` extracts. `file` (the caller's
/// `#fileID`, whose first part is its module) tells whose code it is.
public func localized(_ message: String, domain: String? = nil, file: StaticString = #fileID) -> String {
    Gettext.translate(message, domain: domain ?? Gettext.domain(ofFile: file))
}

/// The translation of a short word whose meaning depends on `context`.
public func localized(_ message: String, context: String, domain: String? = nil, file: StaticString = #fileID) -> String
{
    Gettext.translate(message, context: context, domain: domain ?? Gettext.domain(ofFile: file))
}

/// What a translated sentence needs: its values put in by name.
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
