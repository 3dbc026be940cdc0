import ShellModel
import DemoShellKit
import Glibc
import TextBounds

/// Opens a plugin's library and makes its module: one library, one class
/// named by the manifest, one answer. The shell calls it once a plugin has
/// passed its check; the checking child calls it to give that check
/// (`PluginCheckChild`), so both load a plugin in exactly the same way.
@MainActor
enum PluginLoader {
    /// A plugin's module and the handle that keeps its library loaded.
    struct Loaded {
        let module: DemoModule
        let handle: UnsafeMutableRawPointer
    }

    /// The SDK version node the library needs, read from its file; then
    /// `dlopen`, the Entry class looked up by name, the cast to
    /// `DemoModule` and its `init()`. No code of the plugin runs before its
    /// node is known to be this shell's: a library of another SDK ABI or
    /// compiler is refused with a message saying which, where `dlopen`
    /// would only name a missing symbol version.
    static func load(_ subject: PluginCheckSubject) -> Result<Loaded, PluginCheckOutcome> {
        switch ELFVersionNeeds.needs(of: subject.library, from: SDKVersionNode.library) {
        case .failure(.unreadable(let reason)): return .failure(.unloadable(reason))
        case .failure(.notELF): return .failure(.unloadable(localized("it is not a 64-bit ELF shared library.")))
        case .success(let needs):
            switch SDKVersionNode.verdict(on: needs) {
            case .matches: break
            case .unversioned: return .failure(.unversioned)
            case .other(let node): return .failure(.otherSDK(node.name))
            }
        }
        guard let entry = subject.entry else { return .failure(.noEntry) }
        // RTLD_NODELETE, and no dlclose: a Swift library registers its types
        // and conformances with the runtime when loaded, and unloading it
        // would leave the runtime pointing into freed memory.
        guard let handle = dlopen(subject.library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            return .failure(.unloadable(dlerror().map { String(cString: $0) } ?? ""))
        }
        // "Module.Type": the runtime's lookup of a class by name, as
        // Foundation's NSClassFromString does it on Linux.
        // A class of that name in another library loaded before (another
        // plugin with the same module name) is not this plugin's.
        guard let type = _typeByName(entry), isDefined(type, in: subject.library) else {
            return .failure(.noClass(entry))
        }
        guard let demoType = type as? DemoModule.Type else { return .failure(.notADemo(entry)) }
        return .success(Loaded(module: demoType.init(), handle: handle))
    }

    /// Whether `type`'s metadata lies in the file `library` (the same file,
    /// by device and inode): the mapping of this process that holds it,
    /// from `/proc/self/maps` (Swift's Glibc has no `dladdr`).
    private static func isDefined(_ type: Any.Type, in library: String) -> Bool {
        let address = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        guard let maps = fopen("/proc/self/maps", "re") else { return false }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?, capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            // start-end perms offset dev inode path
            let fields = String(cString: line).split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-")
            guard fields.count == 6, let range, range.count == 2, let start = UInt(range[0], radix: 16),
                let end = UInt(range[1], radix: 16), start <= address, address < end
            else { continue }
            var found = stat(), wanted = stat()
            let path = fields[5].trimmingWhitespace()
            guard stat(path, &found) == 0, stat(library, &wanted) == 0 else { return false }
            return found.st_dev == wanted.st_dev && found.st_ino == wanted.st_ino
        }
        return false
    }

    /// What the checking child answers: the whole load, module made.
    static func check(_ subject: PluginCheckSubject) -> PluginCheckOutcome {
        switch load(subject) {
        case .success: .usable
        case .failure(let outcome): outcome
        }
    }
}
