import DemoShellKit
import PluginHost
import ShellModel

/// Unavailable's Check Again: the author fixed the manifest, rebuilt the
/// library or installed what it lacked, and wants to know now, not at the
/// next start (a failed check stays cached while the library is unchanged).
@MainActor
enum PluginRecheck {
    /// Checks `failure`'s plugin anew, then shows what is true now: the demo,
    /// or the plugin again under Unavailable with its new reason.
    static func checkAgain(_ failure: PluginFailure, in launcher: LauncherWindow) {
        let registry = launcher.shell.registry
        registry.checkAgain(manifestPath: failure.manifestPath)
        launcher.reload()
        if let id = failure.id, registry.entry(id: id)?.manifestPath == failure.manifestPath {
            launcher.selectDemo(id: id)
            return
        }
        _ = launcher.visibleDemoIDs  // builds every row
        let row = launcher.rows.first {
            if case .unavailable(let shown) = $0.kind { shown.manifestPath == failure.manifestPath } else { false }
        }
        guard let row, case .unavailable(let now) = row.kind else { return }
        launcher.list.select(row)
        launcher.infoPane?.show(now)
    }
}
