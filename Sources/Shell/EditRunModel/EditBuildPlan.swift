import DemoBasics
import ShellBasics
import ShellModel

/// The compiler runs that turn a demo's edited files into a plugin, worked
/// out before any runs: GTK-free, and the same inputs always give the same
/// plan and key, so an unchanged re-run reuses the last build.
///
/// The demo is built as it is in `Package.swift`: its `Model/` files as the
/// module the manifest's `Model` names (`NAMEModel` by default), its
/// `Plugin/` files as `NAME`, linked with the model
/// and the shared modules it imports (TextBounds, compiled once from the
/// sources shipped beside the SDK and kept) against the shell's
/// `libDemoKit.so`. The files are written into the build folder first, so
/// every diagnostic names a file of that folder, which maps back to the
/// file the learner sees.
public struct EditBuildPlan: Equatable, Sendable {
    /// One file as it is to be compiled: the edited text, or the shipped one.
    public struct Input: Equatable, Sendable {
        public let relativePath: String
        public let text: String
        public init(relativePath: String, text: String) {
            self.relativePath = relativePath
            self.text = text
        }
    }

    /// One compiler run.
    public struct Step: Equatable, Sendable {
        public let module: String
        public let arguments: [String]
        /// The compiler's serialized diagnostics (`.dia`) for this run.
        public let diagnosticsPath: String
        /// Where a step that is already done left its result (skipped when it exists).
        public let output: String

        /// The output file map that names the `.dia` (written before the
        /// run): the only way to ask one compiler job for it whatever the
        /// number of files, as `-serialize-diagnostics-path` clashes with the
        /// driver's own map for several.
        public var outputFileMap: (path: String, text: String)? {
            guard let index = arguments.firstIndex(of: "-output-file-map"), index + 1 < arguments.count else {
                return nil
            }
            return (
                arguments[index + 1], "{\"\": {\"diagnostics\": \"\(JSONText.escaped(diagnosticsPath))\"}}\n"
            )
        }

        public static func == (lhs: Step, rhs: Step) -> Bool {
            lhs.module == rhs.module && lhs.arguments == rhs.arguments && lhs.diagnosticsPath == rhs.diagnosticsPath
                && lhs.output == rhs.output
        }
    }

    public let key: String
    public let directory: String
    /// The model's own build folder (kept while only the view changes).
    public let modelDirectory: String?
    public let sourcesDirectory: String
    public let manifestPath: String
    public let libraryPath: String
    public let inputs: [Input]
    public let steps: [Step]
    /// The manifest the child shell reads: the shipped one, beside the new library.
    public let manifestText: String
    /// Built with Show Values: the demo's files went through the playground
    /// transform, and its child sends `ValueRecord`s.
    public let showsValues: Bool
    /// Files this plan writes beside the demo's, to compile with them (Show
    /// Values' file ids): not the learner's, so never named to them.
    public let generated: [Input]
    /// A type check of `import DemoKit` alone (`primerText`, at the last
    /// argument), which builds GTK's Clang module into the module cache: run
    /// beside the first steps of a build with an empty cache, on the other
    /// core, the view finds it built (`BuildPrimer`).
    public let primer: [String]
    /// The Clang module cache every step shares.
    public let moduleCache: String

    /// What the primer compiles.
    public static let primerText = "import DemoKit\n"

    /// The plan for `inputs` of the demo that `manifest` describes.
    public static func make(
        compiler: String, sdk: EditSDK, manifest: PluginManifest, manifestText: String,
        inputs: [Input], workspace: EditWorkspace, sharedBuilds: String,
        moduleCache: String, showsValues: Bool = false
    ) -> EditBuildPlan {
        let showsValues = showsValues && sdk.valuesDirectory != nil
        let swiftInputs = inputs.filter { $0.relativePath.hasSuffix(".swift") }
        let model = swiftInputs.filter { $0.relativePath.hasPrefix("Model/") }
        let plugin = swiftInputs.filter { $0.relativePath.hasPrefix("Plugin/") }
        let imported = Set(swiftInputs.flatMap { DemoSources.importedModules(in: $0.text) })
        let shared = FileSystem.contents(ofDirectory: sdk.sharedModulesDirectory).filter {
            imported.contains($0)
                && FileSystem.contents(ofDirectory: FileSystem.join(sdk.sharedModulesDirectory, $0))
                    .contains { $0.hasSuffix(".swift") }
        }
        let cModules = ["CGtk", "CGtkShim", "CBasics"] + (imported.contains("CGMP") ? ["CGMP"] : [])

        var hasher = BuildKeyHasher()
        hasher.add("edit-build 2")  // the plan's shape: a new one rebuilds
        hasher.add(sdk.compilerVersion)
        hasher.add(sdk.identity)
        hasher.add(compiler)
        hasher.add(manifest.module)
        hasher.add(manifestText)
        // Show Values is another build (the model's too); off, the key is as it always was.
        if showsValues { hasher.add("show values 1") }
        let base = hasher
        for input in swiftInputs.sorted(by: { $0.relativePath < $1.relativePath }) {
            hasher.add(input.relativePath)
            hasher.add(input.text)
        }
        let key = hasher.hexDigest
        let directory = FileSystem.join(workspace.buildDirectory, key)
        let sources = FileSystem.join(directory, "src")
        let ids = showsValues ? valueFileIDs(swiftInputs) : [:]
        func compiledPath(_ input: Input) -> String {
            ids.first { $0.value == input.relativePath }.map { compiledRelativePath(input.relativePath, id: $0.key) }
                ?? input.relativePath
        }

        func diagnostics(_ path: String) -> [String] {
            ["-serialize-diagnostics", "-output-file-map", path + ".map.json"]
        }
        var common = commonArguments(sdk: sdk, moduleCache: moduleCache, cModules: cModules)
        let primer = [compiler] + common + ["-typecheck", FileSystem.join(sharedBuilds, "Primer.swift")]

        // A module is one frontend job (-no-emit-module-separately-wmo), not the driver's
        // two side by side: half the step's time, and its jobs can be kept (`DriverJobs`).
        var steps: [Step] = []
        var objects: [String] = []
        for name in shared {
            let folder = FileSystem.join(sdk.sharedModulesDirectory, name)
            let files = FileSystem.contents(ofDirectory: folder).filter { $0.hasSuffix(".swift") }.map {
                FileSystem.join(folder, $0)
            }
            var sharedHasher = BuildKeyHasher()
            sharedHasher.add(sdk.compilerVersion)
            sharedHasher.add(sdk.identity)
            for file in files {
                sharedHasher.add(file)
                sharedHasher.add(FileSystem.read(file) ?? "")
            }
            let out = FileSystem.join(sharedBuilds, "\(name)-\(sharedHasher.hexDigest)")
            common += ["-I", out]
            let object = FileSystem.join(out, "\(name).o")
            objects.append(object)
            steps.append(
                Step(
                    module: name,
                    arguments: [compiler] + common + [
                        "-module-name", name, "-emit-module", "-no-emit-module-separately-wmo", "-emit-module-path",
                        FileSystem.join(out, "\(name).swiftmodule"),
                        "-emit-object", "-o", object,
                    ] + diagnostics(FileSystem.join(out, "\(name).dia")) + files,
                    diagnosticsPath: FileSystem.join(out, "\(name).dia"), output: object))
        }
        let values =
            showsValues
            ? valuesSupport(
                compiler: compiler, common: common, sdk: sdk, sharedBuilds: sharedBuilds,
                inputs: swiftInputs, model: manifest.modelModule, plugin: manifest.module,
                sources: sources) : nil
        if let values {
            steps.append(values.step)
            objects.append(values.step.output)
        }
        // The model has a folder of its own, keyed by its files alone: an
        // edit of the view (the usual one) compiles the view and links.
        let modelName = manifest.modelModule
        var modelFolder: String?
        if !model.isEmpty {
            var modelHasher = base
            for input in model.sorted(by: { $0.relativePath < $1.relativePath }) {
                modelHasher.add(input.relativePath)
                modelHasher.add(input.text)
            }
            let folder = FileSystem.join(workspace.buildDirectory, "model-" + modelHasher.hexDigest)
            modelFolder = folder
            common += ["-I", folder]
            let object = FileSystem.join(folder, "\(modelName).o")
            steps.append(
                Step(
                    module: modelName,
                    arguments: [compiler] + common + [
                        "-module-name", modelName, "-emit-module", "-no-emit-module-separately-wmo",
                        "-emit-module-path", FileSystem.join(folder, "\(modelName).swiftmodule"),
                        "-emit-object", "-o", object,
                    ] + diagnostics(FileSystem.join(folder, "\(modelName).dia"))
                        + (values?.flags ?? []) + model.map { FileSystem.join(sources, compiledPath($0)) }
                        + (values.map { [FileSystem.join(sources, $0.modelIDs.relativePath)] } ?? []),
                    diagnosticsPath: FileSystem.join(folder, "\(modelName).dia"), output: object))
            objects.insert(object, at: 0)
        }
        // The view compiled, then linked on its own: the benchmark's split
        // tells compiling from linking.
        let library = FileSystem.join(directory, manifest.libraryFileName)
        let pluginObject = FileSystem.join(directory, "\(manifest.module).o")
        steps.append(
            Step(
                module: manifest.module,
                arguments: [compiler] + common + [
                    "-I", directory, "-module-name", manifest.module, "-emit-object", "-o", pluginObject,
                ]
                    + diagnostics(FileSystem.join(directory, "\(manifest.module).dia"))
                    + (values?.flags ?? []) + plugin.map { FileSystem.join(sources, compiledPath($0)) }
                    + (values.map { [FileSystem.join(sources, $0.pluginIDs.relativePath)] } ?? []),
                diagnosticsPath: FileSystem.join(directory, "\(manifest.module).dia"), output: pluginObject))
        steps.append(
            Step(
                module: "link",
                arguments: [compiler, "-emit-library", "-o", library, pluginObject] + objects
                    + ["-L", sdk.libraryDirectory, "-lDemoKit", "-Xlinker", "-rpath", "-Xlinker", sdk.libraryDirectory]
                    + (imported.contains("CGMP") ? ["-lgmp"] : []) + EditLinker.flags(compiler: compiler),
                diagnosticsPath: FileSystem.join(directory, "link.dia"), output: library))

        return EditBuildPlan(
            key: key, directory: directory, modelDirectory: modelFolder, sourcesDirectory: sources,
            manifestPath: FileSystem.join(directory, "manifest.plugin"), libraryPath: library,
            inputs: swiftInputs, steps: steps, manifestText: manifestText, showsValues: showsValues,
            generated: values.map { [$0.modelIDs, $0.pluginIDs] } ?? [], primer: primer, moduleCache: moduleCache)
    }

    /// What every compiler run of a plan is given first. Line tables: the
    /// backtracer names the demo's file and line where a crash happened (an
    /// index out of range), as `RuntimeCrashReader` reads it.
    static func commonArguments(sdk: EditSDK, moduleCache: String, cModules: [String]) -> [String] {
        var common = [
            "-parse-as-library", "-swift-version", "6", "-Onone", "-gline-tables-only", "-wmo", "-no-color-diagnostics",
            "-module-cache-path", moduleCache, "-I", sdk.modulesDirectory,
            "-Xfrontend", "-disable-implicit-string-processing-module-import",
        ]
        for module in cModules {
            common += [
                "-Xcc", "-fmodule-map-file=" + FileSystem.join(sdk.includeDirectory, module, "module.modulemap"),
            ]
        }
        for flag in sdk.cFlags where flag.hasPrefix("-I") || flag.hasPrefix("-D") { common += ["-Xcc", flag] }
        return common
    }

    /// The primer any demo without GMP would have: the compile server's
    /// warm-up, before any demo is built (`ServerCompiler`).
    public static func primer(compiler: String, sdk: EditSDK, sharedBuilds: String, moduleCache: String) -> [String] {
        [compiler] + commonArguments(sdk: sdk, moduleCache: moduleCache, cModules: ["CGtk", "CGtkShim", "CBasics"])
            + ["-typecheck", FileSystem.join(sharedBuilds, "Primer.swift")]
    }

    /// The file the learner sees for a path a diagnostic names (one of this
    /// plan's copies), or nil for a file outside the demo (the SDK's).
    /// A copy made for an earlier build of the same demo (the model's
    /// diagnostics, kept with its build) maps back as well.
    public func relativePath(ofCompiled path: String) -> String? {
        let builds = FileSystem.dirname(directory) + "/"
        guard path.hasPrefix(builds) else { return nil }
        let rest = path.dropFirst(builds.count).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard rest.count == 3, rest[1] == "src" else { return nil }
        let relative = sourceRelativePath(ofCompiled: String(rest[2]))
        return inputs.contains { $0.relativePath == relative } ? relative : nil
    }
}

/// FNV-1a, 64 bits, over length-prefixed strings: a build key, not a
/// defence against forgery (the workspace is the user's own).
public struct BuildKeyHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        mix(UInt64(text.utf8.count))
        for byte in text.utf8 { state = (state ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    private mutating func mix(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            state = (state ^ ((value >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3
        }
    }

    public var hexDigest: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
