import ShellModel
import DemoShellKit
import Glibc

/// Opens a plugin's library and makes its module, as libpeas's module loader
/// does: one library, two entry symbols, one answer. The shell calls it once
/// a plugin has passed its check; the checking child calls it to give that
/// check (`PluginCheckChild`), so both load a plugin in exactly the same way.
@MainActor
enum PluginLoader {
    /// A plugin's module and the handle that keeps its library loaded.
    struct Loaded {
        let module: DemoModule
        let handle: UnsafeMutableRawPointer
    }

    private typealias SDKFunction = @convention(c) () -> UnsafePointer<CChar>?
    private typealias CreateFunction = @convention(c) () -> UnsafeMutableRawPointer?

    /// `dlopen`, both entry symbols, the SDK identity check, then the create
    /// function and the cast to `DemoModule`. Of the plugin's own code only
    /// its initialisers (run by `dlopen`) and the identity function, which
    /// returns a constant, run before the identities are known to match.
    static func load(library: String) -> Result<Loaded, PluginCheckOutcome> {
        // RTLD_NODELETE, and no dlclose: a Swift library registers its types
        // and conformances with the runtime when loaded, and unloading it
        // would leave the runtime pointing into freed memory.
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            return .failure(.unloadable(dlerror().map { String(cString: $0) } ?? ""))
        }
        let sdkSymbol = dlsym(handle, SDKContract.sdkSymbol), createSymbol = dlsym(handle, SDKContract.createSymbol)
        guard let sdkSymbol, let createSymbol else {
            // Name only what is missing: the author knows which one to add.
            return .failure(.missingEntryPoints([(SDKContract.sdkSymbol, sdkSymbol), (SDKContract.createSymbol, createSymbol)]
                .filter { $0.1 == nil }.map(\.0)))
        }
        let identity = unsafeBitCast(sdkSymbol, to: SDKFunction.self)().map { String(cString: $0) } ?? ""
        guard identity == SDKContract.loadedSDKIdentity else { return .failure(.otherSDK(identity)) }
        let create = unsafeBitCast(createSymbol, to: CreateFunction.self)
        guard let pointer = create(), let module = DemoPlugin.import(pointer) else { return .failure(.notADemo) }
        return .success(Loaded(module: module, handle: handle))
    }

    /// What the checking child answers: the whole load, module created and cast.
    static func check(library: String) -> PluginCheckOutcome {
        switch load(library: library) {
        case .success: .usable
        case .failure(let outcome): outcome
        }
    }
}
