@_spi(Shell) import DemoKit
import PluginHost
import ShellModel

/// Plugins added, changed or removed while the shell runs.
extension Shell {
    /// Watches every folder of the plugin search path (GFileMonitor), so the
    /// launcher lists a `.plugin` copied in while it is open; a burst of
    /// events (a copy, an unpacked archive) makes one rescan once it settles.
    func watchPluginFolders() {
        guard folderMonitors.isEmpty else { return }
        folderMonitors = registry.searchPath.compactMap { FileMonitor(directory: $0) }
        for monitor in folderMonitors {
            monitor.onChanged { [weak self] _ in
                guard let self else { return }
                self.pendingRescan?.cancel()
                self.pendingRescan = MainLoop.after(milliseconds: Self.rescanDelayMilliseconds) { [weak self] in
                    self?.pendingRescan = nil
                    self?.rescanPlugins()
                }
            }
        }
    }

    /// Long enough for a manifest and its library copied one after the other.
    static let rescanDelayMilliseconds = 300

    /// Reads the plugin folders again and, when what they offer changed,
    /// rebuilds the launcher's list.
    @discardableResult
    public func rescanPlugins() -> Bool {
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
