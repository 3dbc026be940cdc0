import DemoShellKit
import PluginHost
import ShellModel

/// Plugins added, changed or removed while the shell runs: every folder of
/// the plugin search path is watched (GFileMonitor), so the launcher lists a
/// `.plugin` copied in while it is open; a burst of events (a copy, an
/// unpacked archive) makes one rescan once it settles. The learner's demos'
/// folder is watched too, and each demo's own (a manifest damaged or a
/// folder deleted by hand updates the list).
@MainActor
final class PluginFolderWatch {
    /// Long enough for a manifest and its library copied one after the other.
    static let rescanDelayMilliseconds = 300

    private let registry: PluginRegistry
    /// Reads the folders again (the shell's `rescanPlugins`).
    private let rescan: () -> Void
    private var folderMonitors: [FileMonitor] = []
    private var myDemoFolderMonitors: [FileMonitor] = []
    private var pendingRescan: SourceID?

    init(registry: PluginRegistry, rescan: @escaping () -> Void) {
        self.registry = registry
        self.rescan = rescan
    }

    /// Starts watching (once).
    func start() {
        guard folderMonitors.isEmpty else { return }
        folderMonitors = (registry.searchPath + [registry.myDemoStore?.root].compactMap { $0 }).compactMap(monitor)
        watchMyDemoFolders()
    }

    /// One monitor per demo folder of the store, renewed with each rescan.
    func watchMyDemoFolders() {
        guard let store = registry.myDemoStore, !folderMonitors.isEmpty else { return }
        myDemoFolderMonitors = store.ids.compactMap { monitor(FileSystem.join(store.root, $0)) }
    }

    /// A monitor of `folder` whose changes ask for a rescan.
    private func monitor(_ folder: String) -> FileMonitor? {
        let monitor = FileMonitor(directory: folder)
        monitor?.onChanged { [weak self] _ in
            guard let self else { return }
            self.pendingRescan?.cancel()
            self.pendingRescan = MainLoop.after(milliseconds: Self.rescanDelayMilliseconds) { [weak self] in
                self?.pendingRescan = nil
                self?.rescan()
            }
        }
        return monitor
    }
}
