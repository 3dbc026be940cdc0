import DemoBasics
import ShellBasics

/// The files of a demo as a standalone Swift package (relative path →
/// text): what Export writes and what each demo of the learner's own is
/// kept as. Pure: the same demo and SDK always give the same files.
///
/// The package builds against the shell's SDK by path, as Run Edited does
/// (`EditBuildPlan`): the SDK's Swift modules with `-I`, its C modules'
/// maps, GTK's include flags, and `libDemoKit.so` to link with (and an
/// rpath to it), given to SwiftPM as `unsafeFlags` so that a plain
/// `swift build` in the folder needs nothing else. The modules this
/// repository shares between demos (TextBounds) travel inside it, under
/// `Shared/`, as targets of their own: the SDK does not ship them built.
public struct DemoExportPlan: Equatable, Sendable {
    public let files: [String: String]

    /// The plan for the demo `manifest` describes, whose files are `files`
    /// (relative to the manifest's folder: `Model/…`, `Plugin/…`, `Tests/…`
    /// and the manifest itself), with `shared`: module → file name → text
    /// for the shared modules there are (only those imported are kept).
    public static func make(
        manifest: PluginManifest, files: [String: String],
        shared: [String: [String: String]], sdk: EditSDK
    ) -> DemoExportPlan {
        make(
            id: manifest.id, module: manifest.module, model: manifest.modelModule, name: manifest.info.name,
            files: files, shared: shared, sdk: sdk)
    }

    /// The plan for the demo `id`, whose library is built as `module` and
    /// its `Model/` as `model` (nil: `MODULEModel`, the demos' rule).
    public static func make(
        id: String, module: String, model: String? = nil, name: String, files: [String: String],
        shared: [String: [String: String]], sdk: EditSDK
    ) -> DemoExportPlan {
        var out: [String: String] = [:]
        for (path, text) in files
        where path != "Package.swift" && path != "README.md" && path != TranslationScript.fileName
            && !path.hasPrefix("Shared/")
        {
            out[path] = text
        }
        func imports(under prefix: String) -> Set<String> {
            Set(
                files.filter { $0.key.hasPrefix(prefix) && $0.key.hasSuffix(".swift") }
                    .flatMap { DemoSources.importedModules(in: $0.value) })
        }
        let modelImports = imports(under: "Model/"), pluginImports = imports(under: "Plugin/"),
            testImports = imports(under: "Tests/")
        let all = modelImports.union(pluginImports).union(testImports)
        let sharedUsed = shared.keys.filter { all.contains($0) }.sorted()
        for name in sharedUsed {
            for (file, text) in shared[name] ?? [:] where file.hasSuffix(".swift") {
                out["Shared/\(name)/\(file)"] = text
            }
        }
        let hasModel = files.keys.contains { $0.hasPrefix("Model/") && $0.hasSuffix(".swift") }
        let hasTests = hasModel && files.keys.contains { $0.hasPrefix("Tests/") && $0.hasSuffix(".swift") }
        out["Package.swift"] = packageManifest(
            module: module, model: model ?? module + "Model", sharedUsed: sharedUsed,
            modelImports: modelImports, pluginImports: pluginImports,
            testImports: testImports, hasModel: hasModel, hasTests: hasTests,
            gmp: all.contains("CGMP"), sdk: sdk)
        out["README.md"] = readme(id: id, module: module, name: name, hasTests: hasTests)
        out[TranslationScript.fileName] = TranslationScript.text
        return DemoExportPlan(files: out)
    }

    static func packageManifest(
        module: String, model: String, sharedUsed: [String], modelImports: Set<String>,
        pluginImports: Set<String>, testImports: Set<String>, hasModel: Bool,
        hasTests: Bool, gmp: Bool, sdk: EditSDK
    ) -> String {
        let cModules = ["CGtk", "CGtkShim", "CBasics"] + (gmp ? ["CGMP"] : [])
        let cFlags = sdk.cFlags.filter { $0.hasPrefix("-I") || $0.hasPrefix("-D") }
        func list(_ names: [String]) -> String { "[" + names.map(literal).joined(separator: ", ") + "]" }
        func dependencies(_ imported: Set<String>, plus: [String]) -> String {
            list(plus + sharedUsed.filter { imported.contains($0) })
        }
        var targets: [String] = sharedUsed.map {
            ".target(name: \(literal($0)), path: \(literal("Shared/" + $0)), swiftSettings: sdk)"
        }
        if hasModel {
            targets.append(
                ".target(name: \(literal(model)), dependencies: \(dependencies(modelImports, plus: [])), path: \"Model\", "
                    + "swiftSettings: sdk\(gmp ? ", linkerSettings: [.linkedLibrary(\"gmp\")]" : ""))")
        }
        targets.append(
            ".target(name: \(literal(module)), dependencies: \(dependencies(pluginImports, plus: hasModel ? [model] : [])), "
                + "path: \"Plugin\", swiftSettings: sdk, linkerSettings: demoKit)")
        if hasTests {
            targets.append(
                ".testTarget(name: \(literal(model + "Tests")), dependencies: \(dependencies(testImports, plus: [model])), "
                    + "path: \"Tests\", swiftSettings: sdk)")
        }
        return """
            // swift-tools-version:6.2
            // Written by Demo Shell: \(module) as a package of its own.
            \(DemoTemplate.imports("PackageDescription"))

            // The Demo Shell SDK this demo is built against, by path. A plugin
            // must be built with the same SDK and compiler as the shell that runs
            // it: after moving or reinstalling Demo Shell, export the demo again.
            let sdkModules = \(literal(sdk.modulesDirectory))
            let sdkInclude = \(literal(sdk.includeDirectory))
            let sdkLibrary = \(literal(sdk.libraryDirectory))
            let gtkFlags: [String] = \(list(cFlags))

            let sdk: [SwiftSetting] = [.unsafeFlags(["-I", sdkModules]
                + \(list(cModules)).flatMap { ["-Xcc", "-fmodule-map-file=\\(sdkInclude)/\\($0)/module.modulemap"] }
                + gtkFlags.flatMap { ["-Xcc", $0] })]
            let demoKit: [LinkerSetting] = [.unsafeFlags(["-L", sdkLibrary, "-lDemoKit", "-Xlinker", "-rpath", "-Xlinker", sdkLibrary])]

            let package = Package(
                name: \(literal(module)),
                products: [
                    // A dynamic library: the shell loads it beside its own libDemoKit.so.
                    .library(name: \(literal(module)), type: .dynamic, targets: [\(literal(module))]),
                ],
                targets: [
                    \(targets.joined(separator: ",\n        "))
                ]
            )

            """
    }

    static func readme(id: String, module: String, name: String, hasTests: Bool) -> String {
        """
        # \(name)

        A Demo Shell plugin, exported as a Swift package of its own.

        - `manifest.plugin` says what the launcher lists: its id (`\(id)`), name and sources.
        - `Model/` holds the rules (no GTK), `Plugin/` the window and the `DemoModule` class the manifest's `Entry` names\(hasTests ? ", `Tests/` the rules' unit tests" : "").

        Build it, then run it with the Demo Shell whose SDK `Package.swift` names:

        ```sh
        swift build
        demo-shell --run-plugin=$PWD/manifest.plugin
        ```
        \(hasTests ? "\n`swift test` runs the unit tests.\n" : "")
        Demo Shell finds the library `swift build` made (`.build/debug/lib\(module).so`) from the manifest.

        Translations: with `TextDomain=NAME` in the manifest, `python3 update-translations` gathers every
        `localized(\u{22}…\u{22})` of `Model/` and `Plugin/` into `locale/NAME.pot`; `cp locale/NAME.pot locale/zh_CN.po`
        starts a language, and running it again compiles `locale/zh_CN/LC_MESSAGES/NAME.mo`, where the shell looks.

        """
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
