import DemoShellKit
import Glibc
import ShellModel

/// `DEMO_SHELL_PLUGIN_PATH=… demo-shell --run=ID` while a launcher runs:
/// the running instance would get the id but never the variable (its own
/// plugin folders were read at its start), and would refuse the id or open
/// another demo of that id. Such a start runs in an instance of its own,
/// and says so, as the guide's first run expects.
@MainActor
enum PluginPathStart {
    /// Whether this start runs on its own although `probe` found a running
    /// instance that answers; the line that says why is written then.
    static func runsOnItsOwn(demoID: String?, probe: PrimaryInstance, program: String) -> Bool {
        guard demoID != nil, probe == .answering,
            let path = Environment.value("DEMO_SHELL_PLUGIN_PATH"), !path.isEmpty
        else { return false }
        printError(
            "\(program): "
                + localized(
                    "A Demo Shell is running, but it does not see the plugin folders this start names (DEMO_SHELL_PLUGIN_PATH={path}): this one runs on its own."
                ).filling(["path": path]))
        return true
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
