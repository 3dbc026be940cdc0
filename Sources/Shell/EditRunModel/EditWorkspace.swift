import DemoBasics
import ShellBasics
import ShellModel

/// A demo's edits, kept apart from its shipped files: the shipped code is
/// never written, and an edited file lives at
/// `$XDG_DATA_HOME/demo-shell/edits/ID/sources/RELATIVE-PATH` until the
/// learner resets it. Builds of the edits go under `build/` beside it.
public struct EditWorkspace: Equatable, Sendable {
    public let demoID: String
    public let root: String

    public init(demoID: String, editsDirectory: String = EditWorkspace.defaultEditsDirectory) {
        self.demoID = demoID
        root = FileSystem.join(editsDirectory, demoID)
    }

    /// `$XDG_DATA_HOME/demo-shell/edits`.
    public static var defaultEditsDirectory: String {
        FileSystem.join(Environment.userDataDirectory, "demo-shell", "edits")
    }

    public var sourcesDirectory: String { FileSystem.join(root, "sources") }
    public var buildDirectory: String { FileSystem.join(root, "build") }

    /// Only a demo's own Swift files are edited: a shared module's or the
    /// manifest would change every demo, or what the launcher lists.
    public static func isEditable(_ file: SourceFile) -> Bool {
        file.path != nil && file.relativePath.hasSuffix(".swift") && DemoSources.isValidRelativePath(file.relativePath)
            && (file.relativePath.hasPrefix("Model/") || file.relativePath.hasPrefix("Plugin/"))
    }

    /// Where the edited copy of `relativePath` is kept.
    public func editedPath(_ relativePath: String) -> String { FileSystem.join(sourcesDirectory, relativePath) }

    /// The edited text of `relativePath`, nil when it has not been edited.
    public func editedText(_ relativePath: String) -> String? {
        let path = editedPath(relativePath)
        return FileSystem.isRegularFile(path) ? FileSystem.read(path) : nil
    }

    /// What the edits folder holds for `relativePath`, nil when it has not
    /// been edited.
    public func editedContents(_ relativePath: String) -> EditedContents? {
        let path = editedPath(relativePath)
        guard FileSystem.isRegularFile(path), let bytes = FileSystem.readBytes(path) else { return nil }
        return EditedContents(bytes)
    }

    /// Keeps `text` as the edited `relativePath`; text equal to the shipped
    /// file's (`original`) removes the edit instead, so a file typed back to
    /// what it was is no longer "edited".
    public func save(_ text: String, for relativePath: String, original: String?) throws(FileError) {
        guard DemoSources.isValidRelativePath(relativePath) else {
            throw FileError(message: "not a path inside the demo: \(relativePath)")
        }
        let path = editedPath(relativePath)
        if text == original {
            if FileSystem.exists(path) { _ = FileSystem.remove(path) }
            return
        }
        try FileSystem.writeAtomically(text, to: path)
    }

    /// The relative paths of the edited files, sorted.
    public var editedFiles: [String] {
        func walk(_ folder: String, _ prefix: String) -> [String] {
            FileSystem.contents(ofDirectory: folder).flatMap { name -> [String] in
                let path = FileSystem.join(folder, name), relative = prefix.isEmpty ? name : prefix + "/" + name
                if FileSystem.isDirectory(path) { return walk(path, relative) }
                return FileSystem.isRegularFile(path) ? [relative] : []
            }
        }
        return walk(sourcesDirectory, "").sorted()
    }

    public var hasEdits: Bool { !editedFiles.isEmpty }

    /// Discards every edit and every build of them.
    public func discard() {
        FileSystem.removeTree(sourcesDirectory)
        FileSystem.removeTree(buildDirectory)
    }
}

/// An edited file's text, or what can be shown of bytes that are not text.
public enum EditedContents: Equatable, Sendable {
    case text(String)
    /// Not UTF-8 (or holding a NUL, which ends a GTK text): shown with U+FFFD
    /// for what cannot be read, and never written back unless the learner
    /// changes it.
    case notUTF8(shown: String)

    public init(_ bytes: [UInt8]) {
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) {
            self = .text(text)
        } else {
            self = .notUTF8(
                shown: String(
                    String(decoding: bytes, as: UTF8.self).unicodeScalars.map {
                        $0 == "\u{0}" ? "\u{FFFD}" : Character($0)
                    }))
        }
    }

    /// What an editor shows.
    public var text: String {
        switch self {
        case .text(let text), .notUTF8(shown: let text): text
        }
    }
}
