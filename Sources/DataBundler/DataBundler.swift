import Foundation
import PackagePlugin

/// Puts the shell's run-time data beside the executable on `swift build`:
/// compiled translations (`locale/`), the demos' manifests (`plugins/`) and a
/// copy of `Resources/` (`resources/`). So a plain `swift build` yields an app
/// that runs, finds its demos and speaks the user's language.
@main
struct DataBundler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let work = context.pluginWorkDirectoryURL
        let fm = FileManager.default
        let shell = URL(fileURLWithPath: "/bin/sh")
        var commands: [Command] = []

        // Translations: data/po/LANG.po → locale/LANG/LC_MESSAGES/demo-shell.mo
        let poDir = root.appending(path: "data/po")
        let catalogs = ((try? fm.contentsOfDirectory(atPath: poDir.path)) ?? []).filter { $0.hasSuffix(".po") }.sorted()
        let msgfmt = try Self.findTool("msgfmt")
        let locale = work.appending(path: "locale")
        var script = "set -e; rm -rf \"$1\"; "
        var arguments = ["sh", locale.path, msgfmt.path]
        for (index, name) in catalogs.enumerated() {
            let lang = String(name.dropLast(3))
            script += "mkdir -p \"$1/\(lang)/LC_MESSAGES\"; \"$2\" --check -o \"$1/\(lang)/LC_MESSAGES/demo-shell.mo\" \"$\(index + 3)\"; "
            arguments.append(poDir.appending(path: name).path)
        }
        script += "mkdir -p \"$1\""
        commands.append(.buildCommand(
            displayName: "Compiling translations",
            executable: shell,
            arguments: ["-c", script] + arguments,
            inputFiles: catalogs.map { poDir.appending(path: $0) },
            outputFiles: [locale]))

        // Manifests: Sources/Demos/NAME/manifest.plugin → plugins/NAME.plugin
        let demosDir = root.appending(path: "Sources/Demos")
        let demos = ((try? fm.contentsOfDirectory(atPath: demosDir.path)) ?? []).sorted()
        let plugins = work.appending(path: "plugins")
        var manifests: [URL] = []
        var copy = "set -e; rm -rf \"$1\"; mkdir -p \"$1\"; "
        var copyArguments = ["sh", plugins.path]
        for demo in demos {
            let manifest = demosDir.appending(path: "\(demo)/manifest.plugin")
            guard fm.fileExists(atPath: manifest.path) else { continue }
            manifests.append(manifest)
            copyArguments.append(manifest.path)
            copy += "cp \"$\(copyArguments.count - 1)\" \"$1/\(demo).plugin\"; "
        }
        commands.append(.buildCommand(
            displayName: "Collecting plugin manifests",
            executable: shell,
            arguments: ["-c", copy + "true"] + copyArguments,
            inputFiles: manifests,
            outputFiles: [plugins]))

        // Resources/ → resources/, and data/icons/ → icons/ (the app icon).
        commands.append(Self.copyFolder(root.appending(path: "Resources"), to: work.appending(path: "resources"), name: "Resources"))
        commands.append(Self.copyFolder(root.appending(path: "data/icons"), to: work.appending(path: "icons"), name: "icons"))
        return commands
    }

    /// A command copying a folder's contents, rerun when any file in it changes.
    static func copyFolder(_ source: URL, to destination: URL, name: String) -> Command {
        let files = FileManager.default.enumerator(atPath: source.path)?.compactMap { $0 as? String }
            .map { source.appending(path: $0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        return .buildCommand(
            displayName: "Copying \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "set -e; rm -rf \"$2\"; mkdir -p \"$2\"; if [ -d \"$1\" ]; then cp -R \"$1/.\" \"$2/\"; fi", "sh",
                        source.path, destination.path],
            inputFiles: files,
            outputFiles: [destination])
    }

    /// A program on PATH; gettext's tools are not SwiftPM tools.
    static func findTool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ToolMissing(name: name)
    }

    struct ToolMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not installed (Debian package: gettext); run `make deps`" }
    }
}
