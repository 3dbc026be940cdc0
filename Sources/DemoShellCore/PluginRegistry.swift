import DemoKit
import Glibc

/// A plugin found on the search path, not necessarily loaded.
public struct PluginEntry: Sendable, Equatable {
    public let manifest: PluginManifest
    public let manifestPath: String
    public let libraryPath: String
    public var info: DemoInfo { manifest.info }
}

/// A plugin that cannot be used, and why (kept and shown, never fatal).
public struct PluginFailure: Error, Sendable, Equatable {
    /// The plugin's id when the manifest had one.
    public let id: String?
    public let name: String
    public let manifestPath: String
    public let reason: String
}

/// Finds plugins from their manifests, checks their libraries in a child
/// process and opens them on demand.
///
/// Scanning reads manifests only (and the check cache), so the launcher lists
/// every demo without opening a single library. Before the shell `dlopen`s a
/// library it is checked by `PluginChecker` in a child process: a plugin that
/// crashes, aborts, hangs or answers wrongly there is unavailable, and the
/// shell never loads it. `verify` and `verifyAll` (what `--run` and `--list`
/// use) run those checks without loading anything in the shell.
///
/// Several manifests may name the same id: the first **usable** one on the
/// path wins; a broken one before it is reported and does not shadow it,
/// later ones are reported as ignored. Every failure becomes a
/// `PluginFailure`; none is fatal.
@MainActor
public final class PluginRegistry {
    public private(set) var entries: [PluginEntry] = []
    public private(set) var failures: [PluginFailure] = []
    /// Plugins with an id already provided earlier on the path (ignored).
    public private(set) var duplicates: [PluginFailure] = []
    private var modules: [String: DemoModule] = [:]
    private var handles: [String: UnsafeMutableRawPointer] = [:]

    /// Every manifest found, in path order, with what is known of it.
    private enum Candidate {
        case broken(PluginFailure)
        /// A readable manifest whose library exists; `outcome` once checked.
        case plugin(PluginEntry, outcome: PluginCheckOutcome?)

        var manifestPath: String {
            switch self {
            case .broken(let failure): failure.manifestPath
            case .plugin(let entry, _): entry.manifestPath
            }
        }
    }
    private var candidates: [Candidate] = []
    /// Id → manifest path of each plugin whose code is loaded: it stays the
    /// winner for its id whatever a rescan finds.
    private var loadedManifests: [String: String] = [:]

    public let searchPath: [String]
    public let checker: PluginChecker

    public init(searchPath: [String], checker: PluginChecker? = nil) {
        self.searchPath = searchPath
        self.checker = checker ?? PluginChecker.standard()
        scan()
    }

    /// The search path, in order: `$DEMO_SHELL_PLUGIN_PATH` (colon-separated),
    /// `$XDG_DATA_HOME/demo-shell/plugins`, the executable's folder, then
    /// `PREFIX/lib/demo-shell/plugins` (PREFIX being the executable's `..`).
    public static func defaultSearchPath(executableDirectory: String?) -> [String] {
        var path: [String] = []
        if let custom = Environment.value("DEMO_SHELL_PLUGIN_PATH") {
            path += custom.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        path.append(FileSystem.join(Environment.userDataDirectory, "demo-shell", "plugins"))
        if let dir = executableDirectory {
            path.append(dir)
            path.append(FileSystem.join(FileSystem.dirname(dir), "lib", "demo-shell", "plugins"))
        }
        var seen = Set<String>()
        return path.filter { seen.insert($0).inserted }
    }

    public var ids: [String] { entries.map(\.manifest.id) }

    public func entry(id: String) -> PluginEntry? { entries.first { $0.manifest.id == id } }
    /// Why demo `id` cannot be used; nil while a plugin with that id can.
    public func failure(id: String) -> PluginFailure? {
        entry(id: id) == nil ? failures.first { $0.id == id } : nil
    }

    /// Whether the plugin's code is in memory.
    public func isLoaded(id: String) -> Bool { modules[id] != nil }

    public var loadedIDs: [String] { entries.map(\.manifest.id).filter { modules[$0] != nil } }

    // MARK: Scanning

    /// Reads the search path again, for a plugin added, changed or removed
    /// while the shell runs. A loaded plugin stays as it is (its code is in
    /// memory, its windows may be open); the others are read afresh, their
    /// check results coming from the checker's cache while their libraries are
    /// unchanged. Returns whether what the launcher lists changed.
    @discardableResult
    public func rescan() -> Bool {
        let before = (entries, failures, duplicates)
        let loaded = candidates.filter {
            if case .plugin(let entry, _) = $0 { loadedManifests[entry.manifest.id] == entry.manifestPath } else { false }
        }
        candidates = []
        scan()
        for case .plugin(let entry, let outcome) in loaded {
            let kept = Candidate.plugin(entry, outcome: outcome)
            if let index = candidates.firstIndex(where: { $0.manifestPath == entry.manifestPath }) {
                candidates[index] = kept
            } else {
                candidates.append(kept)
            }
        }
        resolve()
        return before.0 != entries || before.1 != failures || before.2 != duplicates
    }

    private func scan() {
        for directory in searchPath {
            for manifestPath in Self.manifestPaths(in: directory) {
                switch Self.readEntry(manifestPath: manifestPath, searchDirectory: directory) {
                case .success(let entry):
                    // A result cached from an earlier run is the true state now.
                    candidates.append(.plugin(entry, outcome: checker.cachedOutcome(library: entry.libraryPath)))
                case .failure(let failure):
                    candidates.append(.broken(failure))
                }
            }
        }
        resolve()
    }

    /// Rebuilds `entries`, `failures` and `duplicates` from the candidates:
    /// per id, the first plugin not known to be broken wins.
    private func resolve() {
        var winners = loadedManifests // id → manifest path
        for case .plugin(let entry, let outcome) in candidates where outcome?.isUsable ?? true {
            if winners[entry.manifest.id] == nil { winners[entry.manifest.id] = entry.manifestPath }
        }
        var passed = Set<String>() // ids whose winner is behind us
        entries = []; failures = []; duplicates = []
        for candidate in candidates {
            let failure: PluginFailure
            var id: String?
            switch candidate {
            case .plugin(let entry, let outcome):
                id = entry.manifest.id
                if winners[entry.manifest.id] == entry.manifestPath {
                    entries.append(entry)
                    passed.insert(entry.manifest.id)
                    continue
                }
                failure = PluginFailure(id: entry.manifest.id, name: entry.info.name, manifestPath: entry.manifestPath,
                                        reason: outcome?.reason ?? "")
            case .broken(let broken):
                id = broken.id
                failure = broken
            }
            // After the winner, or anywhere once the winner's code is loaded.
            if let id, let first = winners[id], passed.contains(id) || loadedManifests[id] == first {
                duplicates.append(PluginFailure(
                    id: id, name: failure.name, manifestPath: failure.manifestPath,
                    reason: localized("Ignored: the id “{id}” is already provided by {path}.")
                        .filling(["id": id, "path": first])))
            } else {
                failures.append(failure)
            }
        }
    }

    /// Every `*.plugin` in `directory`, whatever kind of file it is (an odd
    /// one is reported by `readEntry`), and the manifests in SwiftPM resource
    /// bundles inside it (where `swift build` puts the built-in demos').
    static func manifestPaths(in directory: String) -> [String] {
        var paths: [String] = []
        for name in FileSystem.contents(ofDirectory: directory) {
            let path = FileSystem.join(directory, name)
            if name.hasSuffix(".plugin") {
                paths.append(path)
            } else if name.hasSuffix("_DemoShellData.resources") && FileSystem.isDirectory(path) {
                paths += FileSystem.contents(ofDirectory: FileSystem.join(path, "plugins"))
                    .filter { $0.hasSuffix(".plugin") }
                    .map { FileSystem.join(path, "plugins", $0) }
            }
        }
        return paths
    }

    static func readEntry(manifestPath: String, searchDirectory: String) -> Result<PluginEntry, PluginFailure> {
        let file = KeyFile()
        let fallbackName = FileSystem.basename(manifestPath)
        let text: String
        switch ManifestFile.read(manifestPath) {
        case .success(let read): text = read
        case .failure(let problem):
            return .failure(PluginFailure(id: nil, name: fallbackName, manifestPath: manifestPath, reason: problem.description))
        }
        do {
            try file.load(text: text)
        } catch {
            return .failure(PluginFailure(id: nil, name: fallbackName, manifestPath: manifestPath,
                                          reason: PluginManifest.Problem.unreadable(error.message).description))
        }
        let group = PluginManifest.group
        let parsed = file.hasGroup(group)
            ? PluginManifest.parse(value: { file.string($0, in: group) },
                                   localizedValue: { file.localizedString($0, in: group) })
            : .failure(.missingGroup)
        switch parsed {
        case .failure(let problem):
            let id = file.string("Id", in: group).flatMap { PluginManifest.isValidID($0.trimmed) ? $0.trimmed : nil }
            let name = file.localizedString("Name", in: group)?.trimmed.nonEmpty ?? id ?? fallbackName
            return .failure(PluginFailure(id: id, name: name, manifestPath: manifestPath, reason: problem.description))
        case .success(let manifest):
            let candidates = [FileSystem.dirname(manifestPath), searchDirectory].map {
                FileSystem.join($0, manifest.libraryFileName)
            }
            guard let library = candidates.first(where: FileSystem.isRegularFile) else {
                return .failure(PluginFailure(
                    id: manifest.id, name: manifest.info.name, manifestPath: manifestPath,
                    reason: localized("The library {file} is missing.").filling(["file": manifest.libraryFileName])))
            }
            return .success(PluginEntry(manifest: manifest, manifestPath: manifestPath, libraryPath: library))
        }
    }

    // MARK: Checking and loading

    /// The demo's module, loading its library on first use, after its check
    /// in a child process has passed. A failure makes the plugin unavailable
    /// (and the next usable plugin with its id, if any, takes its place).
    public func module(id: String) -> Result<DemoModule, PluginFailure> {
        if let module = modules[id] { return .success(module) }
        guard verify(id: id), let entry = entry(id: id) else {
            return .failure(failure(id: id) ?? PluginFailure(
                id: id, name: id, manifestPath: "",
                reason: localized("There is no demo with the id “{id}”.").filling(["id": id])))
        }
        switch Self.load(library: entry.libraryPath) {
        case .success(let (module, handle)):
            modules[id] = module
            handles[id] = handle
            loadedManifests[id] = entry.manifestPath
            return .success(module)
        case .failure(let outcome):
            record(outcome, for: entry)
            return .failure(failure(id: id) ?? PluginFailure(id: id, name: entry.info.name, manifestPath: entry.manifestPath,
                                                             reason: outcome.reason ?? ""))
        }
    }

    /// Checks every plugin not checked yet, in child processes, without
    /// loading any in the shell (`--list`). Results are cached.
    public func verifyAll() {
        while true {
            let unchecked = uncheckedEntries()
            guard !unchecked.isEmpty else { return }
            let outcomes = checker.outcomes(libraries: unchecked.map(\.libraryPath))
            for entry in unchecked { record(outcomes[entry.libraryPath] ?? .noAnswer(-1), for: entry) }
        }
    }

    /// Checks demo `id` as `verifyAll` does; true when it is usable. When its
    /// plugin fails, the next one with the same id is checked in its place.
    @discardableResult
    public func verify(id: String) -> Bool {
        while let entry = entry(id: id) {
            if modules[id] != nil || isChecked(entry) { return true }
            record(checker.outcome(library: entry.libraryPath), for: entry)
        }
        return false
    }

    private func isChecked(_ entry: PluginEntry) -> Bool {
        candidates.contains { if case .plugin(let e, .usable?) = $0 { e.manifestPath == entry.manifestPath } else { false } }
    }

    private func uncheckedEntries() -> [PluginEntry] {
        entries.filter { modules[$0.manifest.id] == nil && !isChecked($0) }
    }

    private func record(_ outcome: PluginCheckOutcome, for entry: PluginEntry) {
        guard let index = candidates.firstIndex(where: {
            if case .plugin(let e, _) = $0 { e.manifestPath == entry.manifestPath } else { false }
        }) else { return }
        candidates[index] = .plugin(entry, outcome: outcome)
        resolve()
    }

    private typealias SDKFunction = @convention(c) () -> UnsafePointer<CChar>?
    private typealias CreateFunction = @convention(c) () -> UnsafeMutableRawPointer?

    /// dlopen + both symbols + the SDK identity check. Of the plugin's own
    /// code only its initialisers (run by `dlopen`) and the identity function,
    /// which returns a constant, run before the identities are known to match.
    private static func open(library: String) -> Result<(UnsafeMutableRawPointer, CreateFunction), PluginCheckOutcome> {
        // RTLD_NODELETE, and no dlclose below: a Swift library registers its
        // types and conformances with the runtime when loaded, and unloading it
        // would leave the runtime pointing into freed memory.
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            return .failure(.unloadable(dlerror().map { String(cString: $0) } ?? ""))
        }
        let sdkSymbol = dlsym(handle, DemoKit.sdkSymbol), createSymbol = dlsym(handle, DemoKit.createSymbol)
        guard let sdkSymbol, let createSymbol else {
            // Name only what is missing: the author knows which one to add.
            return .failure(.missingEntryPoints([(DemoKit.sdkSymbol, sdkSymbol), (DemoKit.createSymbol, createSymbol)]
                .filter { $0.1 == nil }.map(\.0)))
        }
        let identity = unsafeBitCast(sdkSymbol, to: SDKFunction.self)().map { String(cString: $0) } ?? ""
        guard identity == DemoKit.loadedSDKIdentity else { return .failure(.otherSDK(identity)) }
        return .success((handle, unsafeBitCast(createSymbol, to: CreateFunction.self)))
    }

    private static func load(library: String) -> Result<(DemoModule, UnsafeMutableRawPointer), PluginCheckOutcome> {
        switch open(library: library) {
        case .failure(let outcome):
            return .failure(outcome)
        case .success(let (handle, create)):
            guard let pointer = create(), let module = DemoPlugin.import(pointer) else { return .failure(.notADemo) }
            return .success((module, handle))
        }
    }

    /// What the checker child does: the whole load, module created and cast.
    static func checkInProcess(library: String) -> PluginCheckOutcome {
        switch load(library: library) {
        case .success: .usable
        case .failure(let outcome): outcome
        }
    }
}
