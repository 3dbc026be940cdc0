import DemoShellKit
import Glibc
import ShellModel

/// `DEMO_SHELL_PLUGIN_PATH=… demo-shell --run=ID` while a launcher runs:
/// the start hands the id to the running instance, which read its own
/// plugin folders at its start and never sees this variable (a launcher
/// started with the same folders opens the demo as asked). When it
/// refuses, the start says exactly why, and what runs the plugin anyway.
@MainActor
enum PluginPathStart {
    /// The line after a running instance's refusal, when this start named
    /// plugin folders of its own; nil otherwise.
    static func handOverHint() -> String? {
        guard let path = Environment.value("DEMO_SHELL_PLUGIN_PATH"), !path.isEmpty else { return nil }
        return localized(
            "The Demo Shell already running was started without the plugin folders this start names (DEMO_SHELL_PLUGIN_PATH={path}) and does not read them: quit it first, or run the plugin on its own with --run-plugin=MANIFEST."
        ).filling(["path": path])
    }

    /// `path` from the current folder when it is relative: the guide's
    /// `--run-plugin=manifest.plugin`, whose registry lists the folder's
    /// manifests by their full paths.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        return FileSystem.join(String(cString: folder), path)
    }
}
