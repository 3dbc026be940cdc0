import DemoShellKit
import PluginHost
import ShellModel

/// The services the shell gives one demo (`DemoHost`).
@MainActor
final class ShellHost: DemoHost {
    unowned let shell: Shell
    let info: DemoInfo
    /// Where this demo's own files are (see `DemoHost.resourcePath`).
    let resourceFolder: String
    private var cachedSettings: Settings?
    /// The settings file's load warning is shown in the first window only.
    var loadWarningShown = false

    init(shell: Shell, entry: PluginEntry) {
        self.shell = shell
        info = entry.info
        resourceFolder = Self.resourceFolder(of: entry, resourcesDirectory: shell.paths.resourcesDirectory)
    }

    /// `Resources/ID` when the shell has one for the demo (the built-in
    /// demos'), otherwise the manifest's folder.
    static func resourceFolder(of entry: PluginEntry, resourcesDirectory: String) -> String {
        let own = FileSystem.join(resourcesDirectory, entry.manifest.id)
        return FileSystem.isDirectory(own) ? own : FileSystem.dirname(entry.manifestPath)
    }

    var application: Application { shell.application }

    var settings: Settings {
        if let cachedSettings { return cachedSettings }
        let settings = Settings(pluginID: info.id + shell.role.settingsSuffix)
        cachedSettings = settings
        return settings
    }

    func resourcePath(_ relativePath: String) -> String {
        FileSystem.join(resourceFolder, relativePath)
    }

    func iconImage(for info: DemoInfo, pixelSize: Int) -> Image {
        DemoIcon.image(info.iconName, pixelSize: pixelSize, resourcesDirectory: shell.paths.resourcesDirectory)
    }

    /// The launcher's list. A child reads it from the whole search path
    /// (manifests and the check cache only, nothing loaded), afresh each
    /// time, as the launcher's list follows the folders.
    var availableDemos: [DemoInfo] {
        guard shell.role.isChild else { return shell.registry.entries.map(\.info) }
        let all = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: shell.paths.executableDirectory))
        return all.entries.map(\.info)
    }

    func openDemo(id: String) -> Bool { shell.openDemo(id: id) }
}
