extension CompilerDiagnostic {
    public var isError: Bool { severity == .error || severity == .fatal }
}

/// Diagnostics the compiler wrote as text: what is left when no serialized
/// diagnostics were written (the driver's and the linker's own errors, which
/// come before or after the compiler proper).
public enum CompilerTextDiagnostics {
    /// Each `PATH:LINE:COLUMN: SEVERITY: MESSAGE` and `SEVERITY: MESSAGE`
    /// line; a note follows the diagnostic it explains. Source excerpts the
    /// compiler prints under a diagnostic are skipped.
    public static func parse(_ text: String) -> [CompilerDiagnostic] {
        var found: [CompilerDiagnostic] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let diagnostic = diagnostic(in: Substring(line)) else { continue }
            if diagnostic.severity == .note, !found.isEmpty {
                found[found.count - 1].notes.append(diagnostic)
            } else {
                found.append(diagnostic)
            }
        }
        return found
    }

    private static let severities: [(String, CompilerDiagnostic.Severity)] = [
        ("error: ", .error), ("fatal error: ", .fatal), ("warning: ", .warning), ("note: ", .note), ("remark: ", .remark),
    ]

    static func diagnostic(in line: Substring) -> CompilerDiagnostic? {
        for (word, severity) in severities {
            if line.hasPrefix(word) {
                return CompilerDiagnostic(severity: severity, path: "", line: 0, column: 0, message: String(line.dropFirst(word.count)))
            }
            // ".../ld.gold: error: …" and "PATH:LINE:COLUMN: error: …"
            guard let range = firstRange(of: ": " + word, in: line) else { continue }
            let place = line[line.startIndex..<range.lowerBound]
            let message = String(line[range.upperBound...])
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
                return CompilerDiagnostic(severity: severity, path: parts.dropLast(2).joined(separator: ":"),
                                          line: lineNumber, column: column, message: message)
            }
            guard !place.contains(" ") else { continue }
            return CompilerDiagnostic(severity: severity, path: "", line: 0, column: 0,
                                      message: String(place.split(separator: "/").last ?? place) + ": " + message)
        }
        return nil
    }

    private static func firstRange(of needle: String, in text: Substring) -> Range<Substring.Index>? {
        let pattern = Array(needle.utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern) {
            let lower = text.utf8.index(text.startIndex, offsetBy: start)
            let upper = text.utf8.index(lower, offsetBy: pattern.count)
            return lower..<upper
        }
        return nil
    }
}
