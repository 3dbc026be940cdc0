import DemoBasics
import TextBounds

/// What an author from elsewhere gets wrong in a manifest, said where it
/// shows: a `# comment` after a value (a key file's comments take lines of
/// their own, so it became part of the value) and a `Module` that names no
/// library there is (where the shell looked, and what it found instead).
package enum ManifestMistakes {
    /// A sentence for a value that holds a trailing `# comment`, else "".
    package static func commentHint(_ value: String) -> String {
        let characters = Array(value)
        guard zip(characters, characters.dropFirst()).contains(where: { $0.0.isWhitespace && $0.1 == "#" }) else {
            return ""
        }
        return " "
            + localized(
                "Comments take a line of their own in a manifest: a “#” after a value is part of the value.")
    }

    /// The most folders and libraries a reason names.
    static let listLimit = 8

    /// Why `fileName` (the library `Module` names) was not found: the
    /// folders looked in, and the `lib*.so` files found there instead.
    package static func missingLibrary(
        _ fileName: String, module: String, lookedIn folders: [String], found libraries: [String]
    ) -> String {
        var seen = Set<String>()
        let looked = folders.filter { seen.insert($0).inserted }.prefix(listLimit)
        let names = Array(Set(libraries)).sorted().prefix(listLimit)
        var text = localized("The library {file} is missing. Looked in: {folders}.").filling([
            "file": TextLimit.isolated(ManifestText.oneLine(fileName, limit: ManifestText.nameLimit)),
            "folders": looked.map(TextLimit.isolated).joined(separator: ", "),
        ])
        text +=
            " "
            + (names.isEmpty
                ? localized("No lib*.so file is there: build the plugin, then put its library beside the manifest.")
                : localized("Found there: {libraries}. Module=NAME names libNAME.so.").filling([
                    "libraries": names.map(TextLimit.isolated).joined(separator: ", ")
                ]))
        return text + commentHint(module)
    }

    /// Whether `name` is a plugin library's file name: `lib*.so`.
    package static func isLibraryName(_ name: String) -> Bool {
        name.hasPrefix("lib") && name.hasSuffix(".so") && name.count > 6
    }
}
