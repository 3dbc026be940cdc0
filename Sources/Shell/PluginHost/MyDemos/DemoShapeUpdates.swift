import DemoShellKit
import EditRunModel
import Glibc
import ShellModel

/// `SDKShapeUpdate` where the shell meets a learner's work written in the
/// old plugin shape: a demo of their own as the store lists or opens it, a package
/// as it is imported, a demo's kept edits as the Source page shows them.
///
/// Nothing is lost on the way: the original of each file changed is kept
/// first (`FILE.before-sdk-2` beside a store demo's file, never replacing
/// one there; a kept edit's under the edits' `before-sdk-2/` folder, which
/// Reset does not remove), and only then is the new text written, each
/// file atomically, the manifest last, so a run cut short is done again
/// whole by the next (the update is idempotent). A shape not recognised
/// changes nothing and comes back as the problem to tell the learner.
package enum DemoShapeUpdates {
    /// Where a kept edit's original goes, inside its `EditWorkspace`.
    static let keptOriginals = "before-sdk-2"

    /// Updates the store demo in `folder`: its manifest and the Swift
    /// files of its own it lists (`Model/`, `Plugin/`: what is built). Nil
    /// when it is in the current shape now; the problem when it was left
    /// as it is.
    @discardableResult
    package static func updateFolder(_ folder: String) -> SDKShapeProblem? {
        let manifestPath = FileSystem.join(folder, "manifest.plugin")
        guard let manifestText = text(of: manifestPath),
            case .success(let manifest) = DemoFiles.parseManifest(text: manifestText)
        else { return nil }
        var files = ["manifest.plugin": manifestText]
        for file in DemoSources.files(for: manifest, manifestPath: manifestPath, installedSourcesDirectory: nil)
        where isOwnSwiftFile(file.relativePath) {
            guard let path = file.path, let text = text(of: path) else { continue }
            files[file.relativePath] = text
        }
        let update = SDKShapeUpdate.of(files)
        if let problem = update.problem { return problem }
        for path in update.changed.keys.sorted() {
            // The original first: without it, nothing is written.
            guard FileSystem.copyAside(FileSystem.join(folder, path), suffix: SDKShapeUpdate.backupSuffix) != nil else {
                return nil
            }
        }
        write(update.changed, into: folder)
        return nil
    }

    /// The files of `texts` (a package being imported: relative path →
    /// text) in the current shape, each original beside its updated file as
    /// `FILE.before-sdk-2`; the problem when the package was left as it is.
    package static func updateImport(_ texts: [String: String]) -> (texts: [String: String], problem: SDKShapeProblem?)
    {
        let update = SDKShapeUpdate.of(texts.filter { $0.key == "manifest.plugin" || isOwnSwiftFile($0.key) })
        var result = texts
        for (path, text) in update.changed {
            result[path + SDKShapeUpdate.backupSuffix] = texts[path]
            result[path] = text
        }
        return (result, update.problem)
    }

    /// `texts` (a demo's files as they are now, its kept edits in them:
    /// what a copy or an export takes) in the current shape, in memory;
    /// as they are when the update leaves them.
    package static func updated(_ texts: [String: String]) -> [String: String] {
        texts.merging(SDKShapeUpdate.of(texts.filter { $0.key == "manifest.plugin" || isOwnSwiftFile($0.key) }).changed)
        { $1 }
    }

    /// Updates the kept edits of the demo whose manifest is at
    /// `manifestPath` and whose files are `files` (as the Source page lists
    /// them): only edited files change, the shipped ones and the manifest
    /// being fixed. Nil when they are in the current shape now.
    @discardableResult
    package static func updateKeptEdits(_ edits: EditWorkspace, manifestPath: String, files sources: [SourceFile])
        -> SDKShapeProblem?
    {
        let edited = Set(edits.editedFiles.filter { $0.hasSuffix(".swift") })
        guard !edited.isEmpty, let manifest = text(of: manifestPath) else { return nil }
        var files = ["manifest.plugin": manifest]
        for file in sources where EditWorkspace.isEditable(file) {
            if edited.contains(file.relativePath) {
                files[file.relativePath] = edits.editedText(file.relativePath)
            } else if case .success(let text) = DemoSources.read(file) {
                files[file.relativePath] = text
            }
        }
        let update = SDKShapeUpdate.of(files, fixed: Set(files.keys).subtracting(edited))
        if let problem = update.problem { return problem }
        let originals = FileSystem.join(edits.root, keptOriginals)
        for path in update.changed.keys.sorted() {
            guard let bytes = FileSystem.readBytes(edits.editedPath(path)) else { return nil }
            let target = FileSystem.join(originals, path)
            guard (try? FileSystem.makeDirectory(FileSystem.dirname(target))) != nil,
                keepNew(bytes, as: target)
            else { return nil }
        }
        write(update.changed, into: edits.sourcesDirectory)
        return nil
    }

    /// `Model/…` or `Plugin/…` Swift files: a demo's own code (its tests
    /// use no entry point).
    static func isOwnSwiftFile(_ path: String) -> Bool {
        path.hasSuffix(".swift") && DemoSources.isValidRelativePath(path)
            && (path.hasPrefix("Model/") || path.hasPrefix("Plugin/"))
    }

    private static func text(of path: String) -> String? {
        FileSystem.isRegularFile(path)
            ? FileSystem.readBytes(path).flatMap { String(validating: $0, as: UTF8.self) } : nil
    }

    /// Writes each file atomically, the manifest last; stops at the first
    /// that cannot be written (its original is still there, as the file is).
    private static func write(_ changed: [String: String], into folder: String) {
        let order =
            changed.keys.filter { $0 != "manifest.plugin" }.sorted()
            + (changed["manifest.plugin"] == nil ? [] : ["manifest.plugin"])
        for path in order {
            do { try FileSystem.writeAtomically(changed[path]!, to: FileSystem.join(folder, path)) } catch { return }
        }
    }

    /// `bytes` as the new file `path`, or `path.1`, `path.2`… when taken:
    /// an earlier original is never replaced.
    private static func keepNew(_ bytes: [UInt8], as path: String) -> Bool {
        for attempt in 0..<1000 {
            let target = path + (attempt == 0 ? "" : ".\(attempt)")
            if FileSystem.exists(target) { continue }
            return DemoFiles.writeNew(bytes, to: target) == nil
        }
        return false
    }
}
