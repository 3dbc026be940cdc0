import DemoShellKit
import Launcher
import PluginHost
import ShellModel

/// A `DemoHost` for opening a real plugin in a test: settings in a private
/// temporary folder, resources from the data bundle beside the test binary.
@MainActor
package final class TestHost: DemoHost {
    package let application: Application
    package let info: DemoInfo
    package let settings: Settings
    package private(set) var openedDemos: [String] = []
    /// Demos listed besides this one (a demo that links to others shows them).
    package var otherDemos: [DemoInfo] = []

    /// `settingsPath`: reuse a settings file (to test what a demo restores).
    package init(info: DemoInfo, settingsPath: String? = nil) {
        application = registeredTestApplication  // the shell's windows belong to its application
        self.info = info
        let folder = FileSystem.makeTemporaryDirectory() ?? "/tmp"
        settings = Settings(path: settingsPath ?? FileSystem.join(folder, "\(info.id).ini"))
    }

    /// The demo's own folder under the data bundle's `Resources/`, as the shell's host resolves it.
    package func resourcePath(_ relativePath: String) -> String {
        FileSystem.join(ShellPaths.current().resourcesDirectory, info.id, relativePath)
    }

    package func iconImage(for info: DemoInfo, pixelSize: Int) -> Image {
        DemoIcon.image(info.iconName, pixelSize: pixelSize, resourcesDirectory: ShellPaths.current().resourcesDirectory)
    }

    package var availableDemos: [DemoInfo] { [info] + otherDemos }

    package func openDemo(id: String) -> Bool {
        openedDemos.append(id)
        return true
    }
}

/// Loads a built-in plugin from the build folder, as the shell does, and opens
/// its window.
@MainActor
package func openBuiltInDemo(
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

package struct DemoLoadError: Error, CustomStringConvertible {
    package let message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
