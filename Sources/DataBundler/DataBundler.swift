import Foundation
import PackagePlugin

/// Puts the shell's run-time data beside the executable on `swift build`:
/// compiled translations (`locale/`), the demos' manifests (`plugins/`), the
/// source files each manifest lists (`sources/ID/`, the layout `make install`
/// uses under `share/demo-shell/`) and a copy of `Resources/` (`resources/`). So a plain `swift build` yields an app
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
            script +=
                "mkdir -p \"$1/\(lang)/LC_MESSAGES\"; \"$2\" --check -o \"$1/\(lang)/LC_MESSAGES/demo-shell.mo\" \"${\(index + 3)}\"; "
            arguments.append(poDir.appending(path: name).path)
        }
        script += "mkdir -p \"$1\""
        commands.append(
            .buildCommand(
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
            copy += "cp \"${\(copyArguments.count - 1)}\" \"$1/\(demo).plugin\"; "
        }
        commands.append(
            .buildCommand(
                displayName: "Collecting plugin manifests",
                executable: shell,
                arguments: ["-c", copy + "true"] + copyArguments,
                inputFiles: manifests,
                outputFiles: [plugins]))

        // Listed sources: Sources/Demos/NAME/<Sources=…> → sources/ID/<same path>,
        // for the launcher's Source pane. The script reads the manifests when it
        // runs (not when this plugin is evaluated), so editing `Sources=` takes
        // effect on the next build. A listed file that is missing, or a path
        // leaving the demo's folder, fails the build.
        let sources = work.appending(path: "sources")
        let demoFiles = manifests.flatMap { manifest -> [URL] in
            let folder = manifest.deletingLastPathComponent()
            return (fm.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
                .map { folder.appending(path: $0) }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        }
        commands.append(
            .buildCommand(
                displayName: "Collecting demo sources",
                executable: shell,
                arguments: ["-c", Self.collectSourcesScript, "sh", sources.path] + manifests.map(\.path),
                inputFiles: demoFiles,
                outputFiles: [sources]))

        // The desktop entry: data/APP_ID.desktop.in and one Desktop Action per
        // manifest (scripts/desktop-entry) → applications/APP_ID.desktop; and
        // the AppStream metainfo → metainfo/. `make install` puts both under share/.
        let appID = "io.github.demoshell.DemoShell"
        let template = root.appending(path: "data/\(appID).desktop.in")
        let generator = root.appending(path: "scripts/desktop-entry")
        let applications = work.appending(path: "applications")
        commands.append(
            .buildCommand(
                displayName: "Generating the desktop entry with one action per demo",
                executable: shell,
                arguments: [
                    "-c",
                    "set -e; rm -rf \"$1\"; mkdir -p \"$1\"; out=\"$1/$2\"; gen=$3; tpl=$4; shift 4; sh \"$gen\" \"$tpl\" \"$out\" \"$@\"",
                    "sh", applications.path, "\(appID).desktop", generator.path, template.path,
                ] + manifests.map(\.path),
                inputFiles: [template, generator] + manifests,
                outputFiles: [applications]))
        let metainfo = root.appending(path: "data/\(appID).metainfo.xml")
        commands.append(
            .buildCommand(
                displayName: "Copying the AppStream metainfo",
                executable: shell,
                arguments: [
                    "-c", "set -e; rm -rf \"$1\"; mkdir -p \"$1\"; cp \"$2\" \"$1/\"", "sh",
                    work.appending(path: "metainfo").path, metainfo.path,
                ],
                inputFiles: [metainfo],
                outputFiles: [work.appending(path: "metainfo")]))

        // The modules demos share beside the SDK (TextBounds) → modules/NAME/,
        // so that the Source page shows every module a demo imports from here.
        let moduleFolders = Self.sharedModules.map { root.appending(path: "Sources/\($0)") }
        commands.append(
            .buildCommand(
                displayName: "Copying the shared modules' sources",
                executable: shell,
                arguments: [
                    "-c",
                    "set -e; out=$1; shift; rm -rf \"$out\"; mkdir -p \"$out\"; "
                        + "for dir in \"$@\"; do mkdir -p \"$out/${dir##*/}\"; cp \"$dir\"/*.swift \"$out/${dir##*/}/\"; done",
                    "sh", work.appending(path: "modules").path,
                ] + moduleFolders.map(\.path),
                inputFiles: moduleFolders.flatMap { folder in
                    ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") }.map {
                        folder.appending(path: $0)
                    }
                },
                outputFiles: [work.appending(path: "modules")]))

        // What an edited demo compiles against beside the Swift modules (the
        // build tree's Modules/): the C modules' maps and headers and GTK's
        // compiler flags, under sdk/ (`make install` puts the same under
        // lib/demo-shell/sdk/). See EditSDK in ShellModel.
        let sdkHeaders = [
            ("CGtk", root.appending(path: "Sources/DemoKit/Sources/CGtk")),
            ("CGtkShim", root.appending(path: "Sources/DemoKit/Sources/CGtkShim/include")),
            ("CBasics", root.appending(path: "Sources/DemoKit/Sources/CBasics/include")),
            ("CGMP", root.appending(path: "Sources/Demos/Calculator/CGMP")),
        ]
        // Show Values' support module, compiled into an edited demo built with
        // it → sdk/values/, with the framing it writes (Wire) compiled into it.
        let values = root.appending(path: "Sources/DemoValues")
        let wire = root.appending(path: "Sources/Wire")
        let sdkInputs = (sdkHeaders.map(\.1) + [values, wire]).flatMap { folder in
            ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).map { folder.appending(path: $0) }
        }
        let pkgConfig = (try? Self.findTool("pkg-config"))?.path ?? "pkg-config"
        commands.append(
            .buildCommand(
                displayName: "Collecting the SDK's C modules",
                executable: shell,
                arguments: [
                    "-c", Self.collectSDKScript, "sh", work.appending(path: "sdk").path, pkgConfig, values.path,
                    wire.path,
                ]
                    + sdkHeaders.flatMap { [$0.0, $0.1.path] },
                inputFiles: sdkInputs,
                outputFiles: [work.appending(path: "sdk")]))

        // Resources/ → resources/, and data/icons/ → icons/ (the app icon).
        commands.append(
            Self.copyFolder(root.appending(path: "Resources"), to: work.appending(path: "resources"), name: "Resources")
        )
        commands.append(
            Self.copyFolder(
                root.appending(path: "data/icons"), to: work.appending(path: "icons"), name: "icons",
                then: Self.iconCacheScript))
        return commands
    }

    /// Library targets of this package that demos import, besides the SDK.
    /// $1 the sdk folder, $2 pkg-config, $3 Show Values' support module, $4 the framing it writes (Wire),
    /// then NAME FOLDER pairs. CGtkShim and
    /// CBasics are plain C targets, whose module map SwiftPM writes itself: one is made for each.
    static let collectSDKScript = """
        set -e; out=$1; pkgconfig=$2; values=$3; wire=$4; shift 4
        rm -rf "$out"; mkdir -p "$out/include" "$out/values"
        cp "$values"/*.swift "$wire"/*.swift "$out/values/"
        while [ $# -gt 1 ]; do
          mkdir -p "$out/include/$1"; cp "$2"/*.h "$out/include/$1/"
          if [ -f "$2/module.modulemap" ]; then cp "$2/module.modulemap" "$out/include/$1/"
          else printf 'module %s {\\n    header "%s.h"\\n    export *\\n}\\n' "$1" "$1" > "$out/include/$1/module.modulemap"; fi
          shift 2
        done
        "$pkgconfig" --cflags gtk+-3.0 > "$out/cflags"
        """

    static let sharedModules = ["TextBounds"]

    /// The build tree's icons join GTK's icon theme (Shell adds the folder),
    /// and without a cache GTK tests each of the theme's size folders there
    /// again for every icon looked up: a `stat` for each, before the
    /// launcher's first frame. With `icon-theme.cache`, as an installed
    /// theme has (Debian's trigger writes it), it reads one file. Run after
    /// the copy, with $2 the icons folder; skipped without the tool.
    static let iconCacheScript = """
        if command -v gtk-update-icon-cache >/dev/null 2>&1; then
          gtk-update-icon-cache --quiet --force --ignore-theme-index "$2/hicolor"
        fi
        """

    /// A command copying a folder's contents, then running `script` (with the
    /// same $1 and $2), rerun when any file in it changes.
    static func copyFolder(_ source: URL, to destination: URL, name: String, then script: String = "") -> Command {
        let files =
            FileManager.default.enumerator(atPath: source.path)?.compactMap { $0 as? String }
            .map { source.appending(path: $0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        return .buildCommand(
            displayName: "Copying \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c",
                "set -e; rm -rf \"$2\"; mkdir -p \"$2\"; if [ -d \"$1\" ]; then cp -R \"$1/.\" \"$2/\"; fi\n" + script,
                "sh",
                source.path, destination.path,
            ],
            inputFiles: files,
            outputFiles: [destination])
    }

    /// `sh -c` script: $1 the output folder, then manifests. For each, the
    /// [Plugin] group's `Id` and `Sources` (`;`-separated paths relative to the
    /// manifest's folder); each file is copied to `$1/ID/PATH`.
    static let collectSourcesScript = #"""
        set -e
        out="$1"; shift
        rm -rf "$out"; mkdir -p "$out"
        key() { sed -n '/^\[Plugin\]/,/^\[/{s/^'"$1"'[[:space:]]*=[[:space:]]*//p;}' "$2" | head -n 1 | tr -d '\r'; }
        for manifest in "$@"; do
          dir=$(dirname "$manifest")
          id=$(key Id "$manifest"); list=$(key Sources "$manifest")
          [ -n "$id" ] && [ -n "$list" ] || continue
          case "$id" in *[!a-z0-9-]*) continue ;; esac
          printf '%s\n' "$list" | tr ';' '\n' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | while IFS= read -r rel; do
            [ -n "$rel" ] || continue
            case "/$rel/" in
              //*|*/../*|*//*) echo "error: $manifest: Sources lists '$rel', which is not a path inside the demo's folder" >&2; exit 1 ;;
            esac
            if [ ! -f "$dir/$rel" ]; then echo "error: $manifest: Sources lists '$rel', which does not exist" >&2; exit 1; fi
            mkdir -p "$(dirname "$out/$id/$rel")"
            cp "$dir/$rel" "$out/$id/$rel"
          done
        done
        """#

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
