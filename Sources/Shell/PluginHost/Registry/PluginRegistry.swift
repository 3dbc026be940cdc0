import DemoShellKit
import ShellModel
import Glibc

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
    /// The learner's demos listed with the plugins (the launcher's registry;
    /// nil elsewhere): see `MyDemoListing`.
    public let myDemoStore: MyDemoStore?
    /// The store's demos and its damaged folders, as last read.
    /// The learner's demos, as the store was last read.
    private var myDemos = MyDemoListing()

    public init(searchPath: [String], checker: PluginChecker? = nil, myDemoStore: MyDemoStore? = nil) {
        self.searchPath = searchPath
        self.checker = checker ?? PluginChecker.standard()
        self.myDemoStore = myDemoStore
        scan()
    }

    /// The registry of manifests already read (on another thread, say).
    public init(_ manifests: Manifests, checker: PluginChecker? = nil) {
        searchPath = manifests.searchPath
        self.checker = checker ?? PluginChecker.standard(cached: manifests.checks)
        myDemoStore = manifests.myDemoStore
        scan(manifests.reads, mine: manifests.mine)
    }

    /// The search path, in order: `$DEMO_SHELL_PLUGIN_PATH` (colon-separated),
    /// `$XDG_DATA_HOME/demo-shell/plugins`, then the shell's own folders
    /// (`PluginOrigin.ownFolders`: the executable's folder, then
    /// `PREFIX/lib/demo-shell/plugins`, PREFIX being the executable's `..`).
    public static func defaultSearchPath(executableDirectory: String?) -> [String] {
        var path: [String] = []
        if let custom = Environment.value("DEMO_SHELL_PLUGIN_PATH") {
            path += custom.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        path.append(FileSystem.join(Environment.userDataDirectory, "demo-shell", "plugins"))
        path += PluginOrigin.ownFolders(executableDirectory: executableDirectory)
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
            if case .plugin(let entry, _) = $0 {
                loadedManifests[entry.manifest.id] == entry.manifestPath
            } else {
                false
            }
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

    /// Every manifest on `searchPath`, in path order, read and its library
    /// found, and the standard checker's cache file read: all of a scan that
    /// needs neither GTK nor the main thread, so a start reads it on another
    /// thread while GTK starts.
    public struct Manifests: Sendable {
        public let searchPath: [String]
        public let myDemoStore: MyDemoStore?
        fileprivate let reads: [Result<PluginEntry, PluginFailure>]
        fileprivate let checks: [String: PluginCheckCache.Record]
        /// The store's manifests (one folder listing and a small file per demo).
        fileprivate let mine: (demos: [MyDemo], failures: [PluginFailure])?

        public init(searchPath: [String], myDemoStore: MyDemoStore? = nil) {
            self.searchPath = searchPath
            self.myDemoStore = myDemoStore
            reads = PluginRegistry.readManifests(on: searchPath)
            checks = PluginCheckCache.read(PluginChecker.standardCachePath)
            mine = myDemoStore?.list()
        }
    }

    private nonisolated static func readManifests(on searchPath: [String]) -> [Result<PluginEntry, PluginFailure>] {
        searchPath.flatMap { directory in
            PluginEntry.manifestPaths(in: directory).map {
                PluginEntry.read(manifestPath: $0, searchDirectory: directory)
            }
        }
    }

    /// `reads`: the manifests read already; otherwise read now (the checker
    /// reads its own cache when first asked).
    private func scan(
        _ reads: [Result<PluginEntry, PluginFailure>]? = nil,
        mine: (demos: [MyDemo], failures: [PluginFailure])? = nil
    ) {
        let read = mine ?? myDemoStore?.list() ?? ([], [])
        myDemos = MyDemoListing(demos: read.demos, failures: read.failures)
        for read in reads ?? Self.readManifests(on: searchPath) {
            switch read {
            case .success(let entry):
                // A result cached from an earlier run is the true state now.
                candidates.append(.plugin(entry, outcome: checker.cachedOutcome(PluginCheckSubject(entry))))
            case .failure(let failure):
                candidates.append(.broken(failure))
            }
        }
        resolve()
    }

    /// Rebuilds `entries`, `failures` and `duplicates` from the candidates:
    /// per id, the first plugin not known to be broken wins.
    private func resolve() {
        var winners = loadedManifests  // id → manifest path
        for case .plugin(let entry, let outcome) in candidates where outcome?.isUsable ?? true {
            if winners[entry.manifest.id] == nil { winners[entry.manifest.id] = entry.manifestPath }
        }
        var passed = Set<String>()  // ids whose winner is behind us
        entries = []
        failures = []
        duplicates = []
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
                failure = PluginFailure(
                    id: entry.manifest.id, name: entry.info.name, manifestPath: entry.manifestPath,
                    reason: outcome?.reason(plugin: entry.info.name) ?? "")
            case .broken(let broken):
                id = broken.id
                failure = broken
            }
            // After the winner, or anywhere once the winner's code is loaded.
            if let id, let first = winners[id], passed.contains(id) || loadedManifests[id] == first {
                duplicates.append(
                    PluginFailure(
                        id: id, name: failure.name, manifestPath: failure.manifestPath,
                        reason: localized("Ignored: the id “{id}” is already provided by {path}.")
                            .filling(["id": id, "path": first])))
            } else {
                failures.append(failure)
            }
        }
        // The store's demos after the plugins, listed under "My Demos".
        let mine = myDemos.listed(after: entries, store: myDemoStore)
        entries += mine.entries
        duplicates += mine.duplicates
        failures += mine.failures
    }

    // MARK: Checking and loading

    /// How a demo opens, as `opening(id:ownFolders:)` decided it.
    package enum Opening {
        /// Loaded in this process: its window is made here.
        case builtIn(PluginEntry, DemoModule)
        /// Checked, never loaded here: it runs in a process of its own (`IsolatedDemos`).
        case isolated(PluginEntry)
        /// It cannot be used, or no plugin has its id.
        case failed(PluginFailure)
        /// A demo of the learner's own: built from its sources, then run in
        /// a process of its own (`MyDemoBuilds`, `IsolatedDemos`).
        case mine(MyDemo)
    }

    /// How demo `id` opens, decided once (`Shell.openDemo`): each plugin is
    /// checked in a child process first; then one found in `ownFolders` is
    /// loaded here and any other runs in a process of its own
    /// (`PluginOrigin`). With `ownFolders` nil (a process that runs one
    /// plugin from elsewhere, `ShellRole.child`) every plugin loads here.
    package func opening(id: String, ownFolders: [String]?) -> Opening {
        if let demo = myDemo(id: id) { return .mine(demo) }
        if let ownFolders, verify(id: id), let entry = entry(id: id),
            PluginOrigin.of(searchDirectory: entry.searchDirectory, ownFolders: ownFolders) == .elsewhere
        {
            return .isolated(entry)
        }
        switch load(id: id) {
        case .success(let (entry, module)): return .builtIn(entry, module)
        case .failure(let failure): return .failed(failure)
        }
    }

    /// The demo's module, loading its library on first use, after its check
    /// in a child process has passed. A failure makes the plugin unavailable
    /// (and the next usable plugin with its id, if any, takes its place).
    public func module(id: String) -> Result<DemoModule, PluginFailure> {
        if let module = modules[id] { return .success(module) }
        return load(id: id).map(\.module)
    }

    private func load(id: String) -> Result<(entry: PluginEntry, module: DemoModule), PluginFailure> {
        guard verify(id: id), let entry = entry(id: id) else {
            return .failure(
                failure(id: id)
                    ?? PluginFailure(
                        id: id, name: id, manifestPath: "",
                        reason: localized("There is no demo with the id “{id}”.").filling(["id": id])))
        }
        if let module = modules[id] { return .success((entry, module)) }
        switch PluginLoader.load(PluginCheckSubject(entry)) {
        case .success(let loaded):
            Self.bindTextDomain(of: entry)
            modules[id] = loaded.module
            handles[id] = loaded.handle
            loadedManifests[id] = entry.manifestPath
            return .success((entry, loaded.module))
        case .failure(let outcome):
            record(outcome, for: entry)
            return .failure(
                failure(id: id)
                    ?? PluginFailure(
                        id: id, name: entry.info.name, manifestPath: entry.manifestPath,
                        reason: outcome.reason(plugin: entry.info.name) ?? ""))
        }
    }

    /// A plugin's own catalog (`TextDomain`, under `locale/` beside its
    /// manifest), bound as it loads, so its `localized` needs no `domain:`.
    private static func bindTextDomain(of entry: PluginEntry) {
        guard let domain = entry.manifest.textDomain else { return }
        Gettext.bind(domain: domain, directory: FileSystem.join(FileSystem.dirname(entry.manifestPath), "locale"))
        Gettext.use(domain: domain, inModule: entry.manifest.module)
    }

    /// Checks every plugin not checked yet, in child processes, without
    /// loading any in the shell (`--list`). Results are cached.
    public func verifyAll() {
        while true {
            let unchecked = uncheckedEntries()
            guard !unchecked.isEmpty else { return }
            let outcomes = checker.outcomes(unchecked.map(PluginCheckSubject.init))
            for entry in unchecked { record(outcomes[PluginCheckSubject(entry)] ?? .noAnswer(-1), for: entry) }
        }
    }

    /// Checks demo `id` as `verifyAll` does; true when it is usable. When its
    /// plugin fails, the next one with the same id is checked in its place.
    @discardableResult
    public func verify(id: String) -> Bool {
        // Nothing is built yet to check: its build is checked as it opens.
        if myDemo(id: id) != nil { return true }
        while let entry = entry(id: id) {
            if modules[id] != nil || isChecked(entry) { return true }
            record(checker.outcome(PluginCheckSubject(entry)), for: entry)
        }
        return false
    }

    /// Unavailable's Check Again, once its author fixed what was wrong:
    /// forgets the cached check of the plugin whose manifest is
    /// `manifestPath`, reads the path again, and checks that plugin anew.
    public func checkAgain(manifestPath: String) {
        for case .plugin(let entry, _) in candidates where entry.manifestPath == manifestPath {
            checker.forget(PluginCheckSubject(entry))
        }
        rescan()
        for case .plugin(let entry, nil) in candidates where entry.manifestPath == manifestPath {
            record(checker.outcome(PluginCheckSubject(entry)), for: entry)
        }
    }

    private func isChecked(_ entry: PluginEntry) -> Bool {
        candidates.contains {
            if case .plugin(let e, .usable?) = $0 { e.manifestPath == entry.manifestPath } else { false }
        }
    }

    /// In Edit and Run's child, the demo is loaded without a check in a
    /// process of its own first: the child is that process already (what the
    /// edited code does at load, a crash included, reaches no launcher and
    /// is told as the run's end), and the load itself compares the SDK and
    /// casts the module as the check does, its failure said as the check's.
    /// The check's start was 40–80 ms of every Run Edited; its answer is
    /// kept in memory only, never in the check cache.
    package func loadsUnchecked(id: String) {
        guard let entry = entry(id: id) else { return }
        record(.usable, for: entry)
    }

    /// The store's demo `id`, while it is the one listed under that id.
    package func myDemo(id: String) -> MyDemo? {
        myDemos.demo(id: id, listedManifest: entry(id: id)?.manifestPath)
    }

    private func uncheckedEntries() -> [PluginEntry] {
        entries.filter { modules[$0.manifest.id] == nil && !isChecked($0) && myDemo(id: $0.manifest.id) == nil }
    }

    func record(_ outcome: PluginCheckOutcome, for entry: PluginEntry) {
        guard
            let index = candidates.firstIndex(where: {
                if case .plugin(let e, _) = $0 { e.manifestPath == entry.manifestPath } else { false }
            })
        else { return }
        candidates[index] = .plugin(entry, outcome: outcome)
        resolve()
    }
}
