import DemoBasics
import ShellBasics
import Glibc

/// Whether a plugin came with the shell or from elsewhere: the one rule that
/// decides which demos run inside the launcher's process.
///
/// The built-in demos are the shell's own code, built and tested with it, so
/// they stay in its process (a window per demo costs nothing more). A plugin
/// installed from elsewhere passed its check but may still crash later, in a
/// button handler, say; run in the launcher's process it would take the
/// launcher and every open demo down with it, so it runs in a process of its
/// own (`IsolatedDemos`). "Own" is a matter of the folder the plugin was found
/// in, not of its id or its library's name: a plugin dropped into
/// `$DEMO_SHELL_PLUGIN_PATH` under a built-in's id is still from elsewhere.
public enum PluginOrigin: Equatable, Sendable {
    /// Found in one of the shell's own plugin folders (the built-in demos').
    case shell
    /// Found anywhere else on the search path.
    case elsewhere

    /// The folders the built-in demos are in: the executable's folder (a
    /// build tree, where `swift build` puts them beside the program) and
    /// `PREFIX/lib/demo-shell/plugins` (an installed shell, PREFIX being the
    /// executable's `..`). These end the search path, in this order.
    public static func ownFolders(executableDirectory: String?) -> [String] {
        guard let directory = executableDirectory else { return [] }
        return [directory, FileSystem.join(FileSystem.dirname(directory), "lib", "demo-shell", "plugins")]
    }

    /// The origin of a plugin found in `searchDirectory` (the search-path
    /// folder it was found in). Folders are compared as the file system
    /// resolves them, so a link to an own folder is that folder; a folder
    /// inside an own folder is not an own folder.
    public static func of(searchDirectory: String, ownFolders: [String]) -> PluginOrigin {
        let folder = canonical(searchDirectory)
        return ownFolders.contains { canonical($0) == folder } ? .shell : .elsewhere
    }

    /// The path with every link resolved when it exists; otherwise the path
    /// as written, without a trailing slash.
    static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
