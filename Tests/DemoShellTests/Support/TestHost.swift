import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel

/// A `DemoHost` for opening a real plugin in a test: settings in a private
/// temporary folder, resources from the data bundle beside the test binary.
@MainActor
final class TestHost: DemoHost {
    let application: Application
    let info: DemoInfo
    let settings: Settings
    private(set) var openedDemos: [String] = []
    /// Demos listed besides this one (a demo that links to others shows them).
    var otherDemos: [DemoInfo] = []

    /// `settingsPath`: reuse a settings file (to test what a demo restores).
    init(info: DemoInfo, settingsPath: String? = nil) {
        application = registeredTestApplication  // the shell's windows belong to its application
        self.info = info
        let folder = FileSystem.makeTemporaryDirectory() ?? "/tmp"
        settings = Settings(path: settingsPath ?? FileSystem.join(folder, "\(info.id).ini"))
    }

    /// The demo's own folder under the data bundle's `Resources/`, as the shell's host resolves it.
    func resourcePath(_ relativePath: String) -> String {
        FileSystem.join(ShellPaths.current().resourcesDirectory, info.id, relativePath)
    }

    func iconImage(for info: DemoInfo, pixelSize: Int) -> Image {
        DemoIcon.image(info.iconName, pixelSize: pixelSize, resourcesDirectory: ShellPaths.current().resourcesDirectory)
    }

    var availableDemos: [DemoInfo] { [info] + otherDemos }

    func openDemo(id: String) -> Bool {
        openedDemos.append(id)
        return true
    }
}

/// Loads a built-in plugin from the build folder, as the shell does, and opens
/// its window.
@MainActor
func openBuiltInDemo(
    _ id: String, reusing reused: TestHost? = nil, prepare: ((TestHost) -> Void)? = nil,
    settingsPath: String? = nil
) throws -> (window: Window, host: TestHost) {
    let registry = PluginRegistry(searchPath: [buildProductsDirectory])
    guard let entry = registry.entry(id: id) else {
        throw DemoLoadError(message: "no plugin \(id) in \(buildProductsDirectory): \(registry.failures)")
    }
    switch registry.module(id: id) {
    case .failure(let failure):
        throw DemoLoadError(message: failure.reason)
    case .success(let module):
        let host = reused ?? TestHost(info: entry.info, settingsPath: settingsPath)
        prepare?(host)
        let window = module.makeWindow(host: host)
        // As the shell does: the window joins the application, whose
        // accelerators (a demo's Ctrl+Z) then reach it.
        window.application = host.application
        return (window, host)
    }
}

struct DemoLoadError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
