import DemoBasics
import ShellBasics

/// Where the shell finds its data, in a build tree or an installed prefix.
///
/// `swift build` puts a bundle `PACKAGE_DemoShellData.resources/` beside the
/// executable with `locale/`, `resources/`, `sources/` and `plugins/`; an
/// installed shell uses `PREFIX/share/locale` and `PREFIX/share/demo-shell/…`.
public struct ShellPaths: Sendable {
    public let executableDirectory: String?
    public let localeDirectory: String
    public let resourcesDirectory: String
    /// Built-in demos' source files, as `ID/Model/…` (the Source pane).
    public let sourcesDirectory: String
    /// An icon-theme root (`hicolor/…`) for the app icon, when not installed.
    public let iconsDirectory: String?

    public static func current() -> ShellPaths {
        let exeDir = FileSystem.executablePath.map(FileSystem.dirname)
        if let override = Environment.value("DEMO_SHELL_DATA_DIR"), !override.isEmpty {
            return ShellPaths(
                executableDirectory: exeDir,
                localeDirectory: FileSystem.join(override, "locale"),
                resourcesDirectory: FileSystem.join(override, "resources"),
                sourcesDirectory: FileSystem.join(override, "sources"),
                iconsDirectory: FileSystem.join(override, "icons"))
        }
        if let exeDir,
            let bundle = FileSystem.contents(ofDirectory: exeDir).first(where: {
                $0.hasSuffix("_DemoShellData.resources")
            })
        {
            let root = FileSystem.join(exeDir, bundle)
            return ShellPaths(
                executableDirectory: exeDir,
                localeDirectory: FileSystem.join(root, "locale"),
                resourcesDirectory: FileSystem.join(root, "resources"),
                sourcesDirectory: FileSystem.join(root, "sources"),
                iconsDirectory: FileSystem.join(root, "icons"))
        }
        let prefix = exeDir.map(FileSystem.dirname) ?? "/usr/local"
        return ShellPaths(
            executableDirectory: exeDir,
            localeDirectory: FileSystem.join(prefix, "share", "locale"),
            resourcesDirectory: FileSystem.join(prefix, "share", "demo-shell", "resources"),
            sourcesDirectory: FileSystem.join(prefix, "share", "demo-shell", "sources"),
            iconsDirectory: nil)
    }
}
