import DemoKit
import Glibc

/// A plugin found on the search path, not necessarily loaded.
public struct PluginEntry: Sendable {
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

/// Finds plugins from their manifests and opens their libraries on demand.
///
/// Scanning reads manifests only, so the launcher lists every demo without
/// opening a single library; a library is `dlopen`ed the first time its demo
/// is run. `verify` (what `--list` and `--run` use) opens libraries to check
/// them, and `dlopen` runs a library's initialisers: checking is loading.
/// Every failure becomes a `PluginFailure`; none is fatal.
@MainActor
public final class PluginRegistry {
    public private(set) var entries: [PluginEntry] = []
    public private(set) var failures: [PluginFailure] = []
    /// Duplicate ids found later on the path (the first one wins).
    public private(set) var duplicates: [PluginFailure] = []
    private var modules: [String: DemoModule] = [:]
    private var handles: [String: UnsafeMutableRawPointer] = [:]

    public let searchPath: [String]

    public init(searchPath: [String]) {
        self.searchPath = searchPath
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
    public func failure(id: String) -> PluginFailure? { failures.first { $0.id == id } }

    /// Whether the plugin's code is in memory.
    public func isLoaded(id: String) -> Bool { modules[id] != nil }

    public var loadedIDs: [String] { entries.map(\.manifest.id).filter { modules[$0] != nil } }

    // MARK: Scanning

    private func scan() {
        var seen: [String: String] = [:]
        for directory in searchPath {
            for manifestPath in Self.manifestPaths(in: directory) {
                let result = Self.readEntry(manifestPath: manifestPath, searchDirectory: directory)
                let (id, name): (String?, String) = switch result {
                case .success(let entry): (entry.manifest.id, entry.info.name)
                case .failure(let failure): (failure.id, failure.name)
                }
                // The same id twice, working or not: the first wins, the second is reported.
                if let id, let first = seen[id] {
                    duplicates.append(PluginFailure(
                        id: id, name: name, manifestPath: manifestPath,
                        reason: localized("Ignored: the id “{id}” is already provided by {path}.")
                            .filling(["id": id, "path": first])))
                    continue
                }
                if let id { seen[id] = manifestPath }
                switch result {
                case .success(let entry): entries.append(entry)
                case .failure(let failure): failures.append(failure)
                }
            }
        }
    }

    /// Manifests in `directory` and in SwiftPM resource bundles inside it
    /// (which is where `swift build` puts the built-in demos' manifests).
    static func manifestPaths(in directory: String) -> [String] {
        var paths: [String] = []
        for name in FileSystem.contents(ofDirectory: directory) {
            let path = FileSystem.join(directory, name)
            if name.hasSuffix(".plugin") && FileSystem.isRegularFile(path) {
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
        do {
            try file.load(path: manifestPath)
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

    // MARK: Loading

    /// The demo's module, loading its library on first use. A failure moves the
    /// plugin to `failures` with its reason, so it is shown as unavailable.
    public func module(id: String) -> Result<DemoModule, PluginFailure> {
        if let module = modules[id] { return .success(module) }
        if let failure = failure(id: id) { return .failure(failure) }
        guard let entry = entry(id: id) else {
            return .failure(PluginFailure(id: id, name: id, manifestPath: "",
                                          reason: localized("There is no demo with the id “{id}”.").filling(["id": id])))
        }
        switch Self.load(entry) {
        case .success(let (module, handle)):
            modules[id] = module
            handles[id] = handle
            return .success(module)
        case .failure(let failure):
            entries.removeAll { $0.manifest.id == id }
            failures.append(failure)
            return .failure(failure)
        }
    }

    /// Opens the library and checks its entry points and SDK identity without
    /// creating the module, for `--list`: it reports every kind of failure up
    /// front (opening runs the library's initialisers).
    public func verifyAll() {
        for entry in entries { verify(id: entry.manifest.id) }
    }

    /// Checks one plugin's library as `verifyAll` does; true when usable.
    @discardableResult
    public func verify(id: String) -> Bool {
        if modules[id] != nil { return true }
        guard let entry = entry(id: id) else { return false }
        if case .failure(let failure) = Self.open(entry) {
            entries.removeAll { $0.manifest.id == id }
            failures.append(failure)
            return false
        }
        return true
    }

    private typealias SDKFunction = @convention(c) () -> UnsafePointer<CChar>?
    private typealias CreateFunction = @convention(c) () -> UnsafeMutableRawPointer?

    /// dlopen + both symbols + the SDK identity check. Of the plugin's own
    /// code only its initialisers (run by `dlopen`) and the identity function,
    /// which returns a constant, run before the identities are known to match.
    private static func open(_ entry: PluginEntry) -> Result<(UnsafeMutableRawPointer, CreateFunction), PluginFailure> {
        func fail(_ reason: String) -> Result<(UnsafeMutableRawPointer, CreateFunction), PluginFailure> {
            .failure(PluginFailure(id: entry.manifest.id, name: entry.info.name, manifestPath: entry.manifestPath, reason: reason))
        }
        // RTLD_NODELETE, and no dlclose below: a Swift library registers its
        // types and conformances with the runtime when loaded, and unloading it
        // would leave the runtime pointing into freed memory.
        guard let handle = dlopen(entry.libraryPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let detail = dlerror().map { String(cString: $0) } ?? ""
            return fail(localized("The library cannot be loaded: {reason}").filling(["reason": detail]))
        }
        guard let sdkSymbol = dlsym(handle, DemoKit.sdkSymbol), let createSymbol = dlsym(handle, DemoKit.createSymbol) else {
            return fail(localized("The library has no entry point {symbol}.")
                .filling(["symbol": "\(DemoKit.sdkSymbol), \(DemoKit.createSymbol)"]))
        }
        let identity = unsafeBitCast(sdkSymbol, to: SDKFunction.self)().map { String(cString: $0) } ?? ""
        guard identity == DemoKit.loadedSDKIdentity else {
            return fail(localized("The library was built against a different Demo Shell SDK ({plugin}; this shell has {shell}). Rebuild it against this one.")
                .filling(["plugin": identity.isEmpty ? "?" : identity, "shell": DemoKit.loadedSDKIdentity]))
        }
        return .success((handle, unsafeBitCast(createSymbol, to: CreateFunction.self)))
    }

    private static func load(_ entry: PluginEntry) -> Result<(DemoModule, UnsafeMutableRawPointer), PluginFailure> {
        switch open(entry) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (handle, create)):
            guard let pointer = create(), let module = DemoPlugin.import(pointer) else {
                return .failure(PluginFailure(id: entry.manifest.id, name: entry.info.name, manifestPath: entry.manifestPath,
                                              reason: localized("The plugin’s entry point did not return a demo.")))
            }
            return .success((module, handle))
        }
    }
}
