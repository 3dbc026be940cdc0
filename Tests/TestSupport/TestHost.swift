import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel

/// A `DemoHost` for opening a real plugin in a test: settings in a private
/// temporary folder, resources from the data bundle beside the test binary.
@MainActor
public final class TestHost: DemoHost {
    public let application: Application
    public let info: DemoInfo
    public let settings: Settings
    public private(set) var openedDemos: [String] = []
    /// Demos listed besides this one (a demo that links to others shows them).
    public var otherDemos: [DemoInfo] = []

    /// `settingsPath`: reuse a settings file (to test what a demo restores).
    public init(info: DemoInfo, settingsPath: String? = nil) {
        application = registeredTestApplication  // the shell's windows belong to its application
        self.info = info
        let folder = FileSystem.makeTemporaryDirectory() ?? "/tmp"
        settings = Settings(path: settingsPath ?? FileSystem.join(folder, "\(info.id).ini"))
    }

    /// The demo's own folder under the data bundle's `Resources/`, as the shell's host resolves it.
    public func resourcePath(_ relativePath: String) -> String {
        FileSystem.join(ShellPaths.current().resourcesDirectory, info.id, relativePath)
    }

    public func iconImage(for info: DemoInfo, pixelSize: Int) -> Image {
        DemoIcon.image(info.iconName, pixelSize: pixelSize, resourcesDirectory: ShellPaths.current().resourcesDirectory)
    }

    public var availableDemos: [DemoInfo] { [info] + otherDemos }

    public func openDemo(id: String) -> Bool {
        openedDemos.append(id)
        return true
    }
}

/// Loads a built-in plugin from the build folder, as the shell does, and opens
/// its window.
@MainActor
public func openBuiltInDemo(
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

public struct DemoLoadError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
