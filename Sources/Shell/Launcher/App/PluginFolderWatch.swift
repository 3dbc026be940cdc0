import DemoShellKit
import PluginHost
import ShellModel

/// Plugins added, changed or removed while the shell runs: every folder of
/// the plugin search path is watched (GFileMonitor), so the launcher lists a
/// `.plugin` copied in while it is open; a burst of events (a copy, an
/// unpacked archive) makes one rescan once it settles. The learner's demos'
/// folder is watched too, and each demo's own (a manifest damaged or a
/// folder deleted by hand updates the list), and each plugin's own folder
/// (`plugins/ID/`). A folder of the path that does not exist yet is
/// watched through its nearest existing parent, so that creating it is
/// seen at once: GIO polls a missing folder every four seconds.
@MainActor
final class PluginFolderWatch {
    /// Long enough for a manifest and its library copied one after the other.
    static let rescanDelayMilliseconds = 300

    private let registry: PluginRegistry
    /// Reads the folders again (the shell's `rescanPlugins`).
    private let rescan: () -> Void
    private var folderMonitors: [FileMonitor] = []
    private var myDemoFolderMonitors: [FileMonitor] = []
    /// Renewed with each rescan: plugins' own folders, folders of the path
    /// created since the start, the nearest parents of those still missing.
    private var renewedMonitors: [FileMonitor] = []
    /// The folders `renewedMonitors` watch (for tests).
    private(set) var renewedFolders: [String] = []
    private var pendingRescan: SourceID?

    init(registry: PluginRegistry, rescan: @escaping () -> Void) {
        self.registry = registry
        self.rescan = rescan
    }

    /// Starts watching (once).
    func start() {
        guard !started else { return }
        started = true
        watchedAtStart = registry.searchPath.filter(FileSystem.isDirectory)
        // The learner's demos' folder is made by the first New Demo: watched
        // from before it exists (GIO sees it made within its poll).
        folderMonitors = (watchedAtStart + [registry.myDemoStore?.root].compactMap { $0 }).compactMap(monitor)
        watchMyDemoFolders()
    }

    /// Stops watching: no monitor is kept and no rescan comes. For the
    /// memory-cycles diagnostic, whose counts of what the launcher's search
    /// keeps would otherwise move with the folder beside the executable,
    /// where other programs write (a monitor per plugin folder, the
    /// rescan's timer).
    func stop() {
        pendingRescan?.cancel()
        pendingRescan = nil
        folderMonitors = []
        myDemoFolderMonitors = []
        renewedMonitors = []
        renewedFolders = []
        watchedAtStart = []
    }

    /// The folders `folderMonitors` watch.
    private var watchedAtStart: [String] = []
    private var started = false

    /// One monitor per demo folder of the store, and the monitors
    /// `renewedFolders` lists, renewed with each rescan.
    func watchMyDemoFolders() {
        guard started else { return }
        if let store = registry.myDemoStore {
            myDemoFolderMonitors = store.ids.compactMap { monitor(FileSystem.join(store.root, $0)) }
        }
        let folders = PluginFolderWatch.foldersToRenew(searchPath: registry.searchPath, watched: watchedAtStart)
        guard folders != renewedFolders else { return }
        renewedFolders = folders
        renewedMonitors = folders.compactMap(monitor)
    }

    /// Each plugin's own folder (`ID/` in a folder of the path), each folder
    /// of the path not watched since the start that exists now, and for
    /// each still missing its nearest existing parent.
    static func foldersToRenew(searchPath: [String], watched: [String]) -> [String] {
        var folders: [String] = []
        for folder in searchPath {
            if FileSystem.isDirectory(folder) {
                if !watched.contains(folder) { folders.append(folder) }
                folders += FileSystem.contents(ofDirectory: folder).filter(PluginManifest.isValidID).map {
                    FileSystem.join(folder, $0)
                }.filter(FileSystem.isDirectory)
            } else {
                var parent = FileSystem.dirname(folder)
                while !FileSystem.isDirectory(parent) && parent != "/" && parent != "." {
                    parent = FileSystem.dirname(parent)
                }
                folders.append(parent)
            }
        }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
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
