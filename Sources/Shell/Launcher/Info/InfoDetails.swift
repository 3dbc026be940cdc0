import DemoShellKit

/// The Info page's "Category: Games  ·  Version 1.0". Each value from the
/// manifest is a label of its own, so right-to-left text or a stray
/// override in it cannot reorder the words around it, without the bidi
/// isolates a single sentence needs: those stayed in the label's text,
/// which a screen reader reads character by character.
@MainActor
final class InfoDetails {
    let widget = Box(.horizontal)
    private let categoryBefore = Label(), category = Label(), categoryAfter = Label()
    private let versionBefore = Label(), version = Label(), versionAfter = Label()
    private var parts: [Label] { [categoryBefore, category, categoryAfter, versionBefore, version, versionAfter] }

    init() {
        for part in parts {
            part.addStyleClass("dim-label")
            widget.append(part)
        }
        // A long category or version is cut, never widening the launcher.
        for value in [category, version] { value.ellipsis = .end }
        widget.showAll()
    }

    /// Shows `category` and `version` (none when empty) in their sentences.
    func show(category shownCategory: String, version shownVersion: String) {
        let (before, after) = Self.split(localized("Category: {category}"), at: "{category}")
        categoryBefore.text = before
        category.text = shownCategory
        categoryAfter.text = after
        let (versionStart, versionEnd) = Self.split(localized("Version {version}"), at: "{version}")
        versionBefore.text = "  ·  " + versionStart
        version.text = shownVersion
        versionAfter.text = versionEnd
        for part in [versionBefore, version, versionAfter] { part.isVisible = !shownVersion.isEmpty }
        for part in parts where part.text.isEmpty { part.isVisible = false }
        for part in parts.prefix(3) where !part.text.isEmpty { part.isVisible = true }
    }

    /// What it says, as one line (for tests and the accessibility check).
    var text: String { parts.filter(\.isVisible).map(\.text).joined() }

    /// A sentence's words before and after its placeholder.
    private static func split(_ sentence: String, at placeholder: String) -> (String, String) {
        let characters = Array(sentence), wanted = Array(placeholder)
        guard wanted.count <= characters.count,
            let start = (0...(characters.count - wanted.count)).first(where: {
                Array(characters[$0..<($0 + wanted.count)]) == wanted
            })
        else { return (sentence, "") }
        return (String(characters[..<start]), String(characters[(start + wanted.count)...]))
    }
}
