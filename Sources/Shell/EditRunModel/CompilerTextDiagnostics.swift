import DemoBasics
import ShellBasics
import TextBounds

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
        ("error: ", .error), ("fatal error: ", .fatal), ("warning: ", .warning), ("note: ", .note),
        ("remark: ", .remark),
    ]

    static func diagnostic(in line: Substring) -> CompilerDiagnostic? {
        for (word, severity) in severities {
            if line.hasPrefix(word) {
                return CompilerDiagnostic(
                    severity: severity, path: "", line: 0, column: 0, message: String(line.dropFirst(word.count)))
            }
            // ".../ld.gold: error: …" and "PATH:LINE:COLUMN: error: …"
            let pieces = line.textComponents(separatedBy: ": " + word)
            guard pieces.count > 1 else { continue }
            let place = pieces[0]
            let message = pieces.dropFirst().joined(separator: ": " + word)
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1])
            {
                return CompilerDiagnostic(
                    severity: severity, path: parts.dropLast(2).joined(separator: ":"),
                    line: lineNumber, column: column, message: message)
            }
            guard !place.contains(" ") else { continue }
            return CompilerDiagnostic(
                severity: severity, path: "", line: 0, column: 0,
                message: String(place.split(separator: "/").last ?? place) + ": " + message)
        }
        return nil
    }
}
