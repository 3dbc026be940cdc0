import DemoKit

/// The services the shell gives one demo (`DemoHost`).
@MainActor
final class ShellHost: DemoHost {
    unowned let shell: Shell
    let info: DemoInfo
    private var cachedSettings: Settings?
    /// The settings file's load warning is shown in the first window only.
    var loadWarningShown = false

    init(shell: Shell, info: DemoInfo) {
        self.shell = shell
        self.info = info
    }

    var application: Application { shell.application }

    var settings: Settings {
        if let cachedSettings { return cachedSettings }
        let settings = Settings(pluginID: info.id)
        cachedSettings = settings
        return settings
    }

    func resourcePath(_ relativePath: String) -> String {
        FileSystem.join(shell.paths.resourcesDirectory, relativePath)
    }

    var availableDemos: [DemoInfo] { shell.registry.entries.map(\.info) }

    func openDemo(id: String) -> Bool { shell.openDemo(id: id) }
}
