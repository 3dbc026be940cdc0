import DemoShellKit
import Glibc
import ShellModel
import TextBounds

/// One demo of the learner's own, as the store lists it.
public struct MyDemo: Equatable, Sendable {
    public let id: String
    public let folder: String
    public let manifest: PluginManifest
    public var manifestPath: String { FileSystem.join(folder, "manifest.plugin") }
}

/// A demo moved aside by `delete`, until `undo` brings it back or `purge`
/// removes it.
public struct DeletedDemo: Equatable, Sendable {
    public let id: String
    public let trashPath: String
}

/// The learner's demos: `$XDG_DATA_HOME/demo-shell/demos/ID/`, each a
/// package as Export writes it (it builds with `swift build` there).
///
/// A demo appears whole or not at all: it is written into a hidden
/// temporary folder beside the others and renamed into place. `rename(2)`
/// refuses a folder that is not empty, so two launchers creating the same
/// id at once never mix their files: the second rename fails, and that
/// launcher takes the next id. Hidden names (`.new-…`, `.deleted-…`) are
/// never listed.
public struct MyDemoStore: Sendable {
    public let root: String

    public init(root: String = MyDemoStore.defaultRoot) { self.root = root }

    /// `$XDG_DATA_HOME/demo-shell/demos`.
    public static var defaultRoot: String { FileSystem.join(Environment.userDataDirectory, "demo-shell", "demos") }

    /// Called between writing a new demo and renaming it into place (tests
    /// stand in for another launcher there).
    nonisolated(unsafe) package static var beforeRename: ((_ written: String, _ target: String) -> Void)?

    /// The ids of the folders in the store, hidden ones aside.
    public var ids: [String] {
        FileSystem.contents(ofDirectory: root).filter { !$0.hasPrefix(".") && PluginManifest.isValidID($0) }
    }

    /// The ids no new demo may take: every folder's, deleted ones' included
    /// (so that Undo can bring them back).
    package var takenIDs: Set<String> {
        var taken = Set(ids)
        for name in FileSystem.contents(ofDirectory: root) where name.hasPrefix(Self.trashPrefix) {
            taken.insert(Self.id(ofTrash: name))
        }
        return taken
    }

    /// The store's demos, and a failure for each folder whose manifest is
    /// missing or broken (deleted or damaged by hand): never a crash. A
    /// demo in the old plugin shape (entry functions, no Entry) is updated as it is listed.
    public func list() -> (demos: [MyDemo], failures: [PluginFailure]) {
        var demos: [MyDemo] = [], failures: [PluginFailure] = []
        for id in ids {
            let folder = FileSystem.join(root, id), manifestPath = FileSystem.join(folder, "manifest.plugin")
            guard FileSystem.isDirectory(folder) else { continue }
            var read = DemoFiles.readManifest(manifestPath)
            // Written before the manifest named its class: brought to the
            // current shape first (`DemoShapeUpdates`), its originals kept.
            if case .success(let manifest) = read, manifest.id == id, manifest.entry == nil,
                DemoShapeUpdates.updateFolder(folder) == nil
            {
                read = DemoFiles.readManifest(manifestPath)
            }
            switch read {
            case .success(let manifest) where manifest.id == id:
                demos.append(MyDemo(id: id, folder: folder, manifest: manifest))
            case .success(let manifest):
                failures.append(
                    PluginFailure(
                        id: id, name: manifest.info.name, manifestPath: manifestPath,
                        reason: localized("The manifest’s id is “{found}”, but the demo’s folder is “{id}”.")
                            .filling(["found": TextLimit.isolated(manifest.id), "id": TextLimit.isolated(id)])))
            case .failure(let rejection):
                failures.append(PluginFailure(id: id, name: id, manifestPath: manifestPath, reason: rejection.reason))
            }
        }
        return (demos, failures)
    }

    /// The demo with `id`, when the store holds a readable one.
    public func demo(id: String) -> MyDemo? { list().demos.first { $0.id == id } }

    /// Where a new demo comes from.
    public enum Start: Sendable {
        case blank
        /// A copy of an installed demo's files as they are now (edits included).
        case copy(DemoFiles)
    }

    /// Makes the demo called `name` from `start`, with an id none of
    /// `takenIDs` (the built-in demos') nor the store's, and a module none
    /// of `takenModules` nor the store's demos'.
    public func create(
        name: String, from start: Start, takenIDs: Set<String>, takenModules: Set<String>,
        sdk: EditSDK
    ) -> Result<MyDemo, MyDemosProblem> {
        let cleaned = DemoNaming.cleanedName(name)
        guard !cleaned.isEmpty else { return .failure(.emptyName) }
        let shared = DemoFiles.sharedModules(sdk)
        return install(takenIDs: takenIDs, takenModules: takenModules) { ids, modules in
            let id = DemoNaming.id(forName: cleaned, taken: ids)
            let demo = DemoIdentity(name: cleaned, id: id, module: DemoNaming.moduleName(forID: id, taken: modules))
            switch start {
            case .blank:
                return (demo, DemoTemplate.blank(demo), [:])
            case .copy(let files):
                let texts = DemoTemplate.copy(
                    of: files.texts, oldModule: files.manifest.module, oldModel: files.manifest.modelKey, as: demo)
                return (demo, texts, files.copies)
            }
        } plan: { texts, demo in
            Self.packageFiles(texts, module: demo.module, id: demo.id, shared: shared, sdk: sdk)
        }
    }

    /// The files of the demo package `texts` describe (the manifest parsed
    /// as the shell will), as Export writes them.
    static func packageFiles(
        _ texts: [String: String], module: String, id: String,
        shared: [String: [String: String]], sdk: EditSDK
    ) -> [String: String] {
        let name = texts["manifest.plugin"].flatMap { try? DemoFiles.parseManifest(text: $0).get() }?.info.name ?? id
        return DemoExportPlan.make(id: id, module: module, name: name, files: texts, shared: shared, sdk: sdk).files
    }

    /// Writes a new demo: `make` gives its identity and files for the ids
    /// and modules taken, `plan` the package's files; written into a hidden
    /// folder, then renamed into place, taking the next id when another
    /// launcher took this one in the meantime.
    func install(
        takenIDs: Set<String>, takenModules: Set<String>,
        make: (Set<String>, Set<String>) -> (DemoIdentity, [String: String], [String: String]),
        plan: ([String: String], DemoIdentity) -> [String: String]
    ) -> Result<MyDemo, MyDemosProblem> {
        do { try FileSystem.makeDirectory(root) } catch {
            return .failure(.cannotWrite(folder: root, reason: error.message))
        }
        var ids = takenIDs, modules = takenModules
        for _ in 0..<100 {
            let existing = list().demos
            ids.formUnion(self.takenIDs)
            modules.formUnion(existing.map(\.manifest.module))
            let (demo, texts, copies) = make(ids, modules)
            guard let temporary = DemoFiles.makeTemporaryFolder(in: root, prefix: ".new-") else {
                return .failure(.cannotWrite(folder: root, reason: String(cString: strerror(errno))))
            }
            if let reason = DemoFiles.write(plan(texts, demo), copies: copies, into: temporary) {
                FileSystem.removeTree(temporary)
                return .failure(.cannotWrite(folder: root, reason: reason))
            }
            chmod(temporary, 0o755)
            let target = FileSystem.join(root, demo.id)
            // The id is free: what a demo of that id left is no part of this one.
            if !FileSystem.exists(target) { DemoLeftovers.remove(id: demo.id) }
            Self.beforeRename?(temporary, target)
            if Glibc.rename(temporary, target) == 0 {
                if let made = self.demo(id: demo.id) { return .success(made) }
                // Written but not readable as a demo: never left half-made.
                let reason =
                    list().failures.first { $0.id == demo.id }?.reason ?? localized("The manifest cannot be read.")
                FileSystem.removeTree(target)
                return .failure(.cannotWrite(folder: root, reason: reason))
            }
            let code = errno
            FileSystem.removeTree(temporary)
            guard code == EEXIST || code == ENOTEMPTY || code == ENOTDIR || code == EISDIR else {
                return .failure(.cannotWrite(folder: root, reason: String(cString: strerror(code))))
            }
            ids.insert(demo.id)
        }
        return .failure(.cannotWrite(folder: root, reason: localized("no free id")))
    }

    /// Gives the demo `id` the name `name` (its manifest's Name only: the
    /// id, the module and the files stay).
    public func rename(id: String, to name: String) -> Result<MyDemo, MyDemosProblem> {
        let cleaned = DemoNaming.cleanedName(name)
        guard !cleaned.isEmpty else { return .failure(.emptyName) }
        guard let demo = demo(id: id), let text = FileSystem.read(demo.manifestPath) else {
            return .failure(.noDemo(id))
        }
        do {
            try FileSystem.writeAtomically(DemoTemplate.renaming(text, to: cleaned), to: demo.manifestPath)
        } catch {
            return .failure(.cannotWrite(folder: demo.folder, reason: error.message))
        }
        return self.demo(id: id).map { .success($0) } ?? .failure(.noDemo(id))
    }

    static let trashPrefix = ".deleted-"

    static func id(ofTrash name: String) -> String {
        let rest = name.dropFirst(trashPrefix.count)
        return String(rest.split(separator: ".", maxSplits: 1).first ?? rest)
    }

    /// Moves the demo `id` aside at once (a hidden name: no longer listed);
    /// its files go only with `purge`.
    public func delete(id: String) -> Result<DeletedDemo, MyDemosProblem> {
        let folder = FileSystem.join(root, id)
        guard PluginManifest.isValidID(id), FileSystem.isDirectory(folder) else { return .failure(.noDemo(id)) }
        for attempt in 0..<1000 {
            let trash = FileSystem.join(root, Self.trashPrefix + id + (attempt == 0 ? "" : ".\(attempt)"))
            if Glibc.rename(folder, trash) == 0 { return .success(DeletedDemo(id: id, trashPath: trash)) }
            guard errno == EEXIST || errno == ENOTEMPTY else {
                return .failure(.cannotWrite(folder: root, reason: String(cString: strerror(errno))))
            }
        }
        return .failure(.cannotWrite(folder: root, reason: localized("no free id")))
    }

    /// Brings a deleted demo back under its id, as it was: its id, once
    /// back (a demo damaged by hand comes back damaged, listed as such).
    public func undo(_ deleted: DeletedDemo) -> Result<String, MyDemosProblem> {
        let folder = FileSystem.join(root, deleted.id)
        guard Glibc.rename(deleted.trashPath, folder) == 0 else {
            return .failure(
                errno == EEXIST || errno == ENOTEMPTY
                    ? .undoTaken(deleted.id)
                    : .cannotWrite(folder: root, reason: String(cString: strerror(errno))))
        }
        return .success(deleted.id)
    }

    /// Removes what a launcher that ended without tidying up left behind
    /// (killed, or the machine stopped): deleted demos whose Undo has long
    /// lapsed and half-written new ones, once unchanged for `age` seconds
    /// (a rename sets the change time, so another launcher's Undo, offered
    /// for 10 s, is never taken). Returns the names removed.
    @discardableResult
    public func purgeAbandoned(now: Int = Int(time(nil)), age: Int = 120) -> [String] {
        var removed: [String] = []
        for name in FileSystem.contents(ofDirectory: root)
        where name.hasPrefix(Self.trashPrefix) || name.hasPrefix(".new-") {
            let path = FileSystem.join(root, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, now - Int(info.st_ctim.tv_sec) >= age
            else { continue }
            FileSystem.removeTree(path)
            removed.append(name)
            let id = Self.id(ofTrash: name)
            if name.hasPrefix(Self.trashPrefix), !FileSystem.exists(FileSystem.join(root, id)) {
                DemoLeftovers.remove(id: id)
            }
        }
        return removed
    }

    /// Removes a deleted demo's files for good, and what was kept of it
    /// under its id (`DemoLeftovers`).
    public func purge(_ deleted: DeletedDemo) {
        guard FileSystem.basename(deleted.trashPath).hasPrefix(Self.trashPrefix) else { return }
        FileSystem.removeTree(deleted.trashPath)
        if !FileSystem.exists(FileSystem.join(root, deleted.id)) { DemoLeftovers.remove(id: deleted.id) }
    }
}
