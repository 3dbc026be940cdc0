import DemoShellKit
import PluginHost
import ShellModel

/// Plugins added, changed or removed while the shell runs.
extension Shell {
    /// Watches every folder of the plugin search path (GFileMonitor), so the
    /// launcher lists a `.plugin` copied in while it is open; a burst of
    /// events (a copy, an unpacked archive) makes one rescan once it settles.
    /// The learner's demos' folder is watched too, and each demo's own (a
    /// manifest damaged or a folder deleted by hand updates the list).
    func watchPluginFolders() {
        guard folderMonitors.isEmpty else { return }
        folderMonitors = (registry.searchPath + [registry.myDemoStore?.root].compactMap { $0 }).compactMap(monitor)
        watchMyDemoFolders()
    }

    /// A monitor of `folder` whose changes ask for a rescan.
    private func monitor(_ folder: String) -> FileMonitor? {
        let monitor = FileMonitor(directory: folder)
        monitor?.onChanged { [weak self] _ in
            guard let self else { return }
            self.pendingRescan?.cancel()
            self.pendingRescan = MainLoop.after(milliseconds: Self.rescanDelayMilliseconds) { [weak self] in
                self?.pendingRescan = nil
                self?.rescanPlugins()
            }
        }
        return monitor
    }

    /// One monitor per demo folder of the store, renewed with each rescan.
    private func watchMyDemoFolders() {
        guard let store = registry.myDemoStore, !folderMonitors.isEmpty else { return }
        myDemoFolderMonitors = store.ids.compactMap { monitor(FileSystem.join(store.root, $0)) }
    }

    /// Long enough for a manifest and its library copied one after the other.
    static let rescanDelayMilliseconds = 300

    /// Reads the plugin folders again and, when what they offer changed,
    /// rebuilds the launcher's list.
    @discardableResult
    public func rescanPlugins() -> Bool {
        defer { watchMyDemoFolders() }
        guard registry.rescan() else { return false }
        launcher?.reload()
        return true
    }

    /// A failure as a caller's stderr line: "Name: reason", or only the
    /// reason for an id no plugin has (it names the id itself).
    static func describe(_ failure: PluginFailure) -> String {
        failure.manifestPath.isEmpty ? failure.reason : "\(failure.name): \(failure.reason)"
    }
}
