import DemoBasics
import ShellBasics
import ShellModel

/// Show Values in the build plan: the support module (DemoValues, from the
/// sources shipped in the SDK, compiled once and kept with the shared
/// modules), the playground transform for the demo's own files, and the ids
/// that tell the child which file a record is about.
///
/// The transform passes each call the value of `__builtin_pg_module_M`
/// and `__builtin_pg_module_M_pg_file_F_` (M the module, F the file's name
/// without `.swift`) when the module defines them, 0 when not. So one file
/// per module defines them, and the launcher maps an id back to its path
/// (`valueFiles`): the child never sends a path. `@usableFromInline`: an
/// `@inlinable` function (2048's board) refers to them too.
extension EditBuildPlan {
    /// What Show Values adds to a plan.
    struct ValuesSupport {
        let step: Step
        /// For the model's and the plugin's compiler runs.
        let flags: [String]
        let modelIDs: Input
        let pluginIDs: Input
    }

    /// The demo's files by the id the build gives each (1, 2…: its Swift
    /// files in the order of their paths).
    public var valueFiles: [Int: String] {
        guard showsValues else { return [:] }
        return Self.valueFileIDs(inputs)
    }

    static func valueFileIDs(_ inputs: [Input]) -> [Int: String] {
        let paths = inputs.map(\.relativePath).sorted()
        return Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($0.offset + 1, $0.element) })
    }

    /// The path a file is compiled under: its own, but in a Show Values
    /// build a file whose name is no identifier ("View+Layout.swift") takes
    /// one ("Plugin/__View_Layout_3.swift", 3 its id): the transform finds a
    /// file's id only by a constant named after the file, which such a name
    /// cannot give. Two underscores: no demo file may start so.
    public func compiledRelativePath(_ relativePath: String) -> String {
        guard showsValues, let id = Self.valueFileIDs(inputs).first(where: { $0.value == relativePath })?.key else {
            return relativePath
        }
        return Self.compiledRelativePath(relativePath, id: id)
    }

    /// The learner's path of a file compiled as `compiled`.
    public func sourceRelativePath(ofCompiled compiled: String) -> String {
        guard showsValues, !inputs.contains(where: { $0.relativePath == compiled }) else { return compiled }
        return inputs.first { compiledRelativePath($0.relativePath) == compiled }?.relativePath ?? compiled
    }

    static func compiledRelativePath(_ path: String, id: Int) -> String {
        let name = String(FileSystem.basename(path).dropLast(".swift".count))
        guard path.hasSuffix(".swift"), !isPlainName(name) else { return path }
        let plain = String(
            String.UnicodeScalarView(
                name.unicodeScalars.prefix(64).map { $0.isASCII && isPlainName("_" + String($0)) ? $0 : "_" }))
        let folder = FileSystem.dirname(path)
        let file = "__\(plain)_\(id).swift"
        return folder.isEmpty || folder == "." ? file : FileSystem.join(folder, file)
    }

    /// The name of the file with the ids, in each module's sources (two
    /// underscores: no demo file may start so).
    static let valueIDsFile = "__DemoValuesIDs.swift"

    static func valuesSupport(
        compiler: String, common: [String], sdk: EditSDK, sharedBuilds: String, inputs: [Input],
        model: String, plugin: String, sources: String
    ) -> ValuesSupport? {
        guard let folder = sdk.valuesDirectory else { return nil }
        let files = FileSystem.contents(ofDirectory: folder).filter { $0.hasSuffix(".swift") }.sorted().map {
            FileSystem.join(folder, $0)
        }
        var hasher = BuildKeyHasher()
        hasher.add(sdk.compilerVersion)
        hasher.add(sdk.identity)
        for file in files {
            hasher.add(file)
            hasher.add(FileSystem.read(file) ?? "")
        }
        let out = FileSystem.join(sharedBuilds, "DemoValues-\(hasher.hexDigest)")
        let object = FileSystem.join(out, "DemoValues.o")
        let dia = FileSystem.join(out, "DemoValues.dia")
        // Optimised, unlike the demo, and without the run-time exclusivity
        // checks (a third of a logged line's cost; its state is under its
        // lock): it runs on every line the demo runs (2048's engine, millions
        // of times a second). `package` declarations are what its tests see, never the demo.
        let step = Step(
            module: "DemoValues",
            arguments: [compiler] + common.map { $0 == "-Onone" ? "-O" : $0 } + [
                "-enforce-exclusivity=unchecked",
                "-module-name", "DemoValues", "-package-name", "DemoShellValues", "-D", "DEMO_VALUES_WIRE_INSIDE",
                "-emit-module",
                "-emit-module-path", FileSystem.join(out, "DemoValues.swiftmodule"), "-emit-object", "-o", object,
                "-serialize-diagnostics", "-output-file-map", dia + ".map.json",
            ] + files,
            diagnosticsPath: dia, output: object)
        // Without the parameters' values: the transform passes each to the
        // generic logger, which a non-escaping closure parameter cannot be
        // (it fails to compile: the calculator's, 2048's, Labels' models).
        let flags = [
            "-I", out, "-Xfrontend", "-playground", "-Xfrontend", "-playground-option", "-Xfrontend",
            "NoFunctionParameters",
            "-Xfrontend", "-import-module", "-Xfrontend", "DemoValues",
        ]
        let ids = valueFileIDs(inputs)
        func idsFile(module: String, prefix: String) -> Input {
            var text = "// Show Values: the ids of this module's files (written by Demo Shell).\n"
            text +=
                "@usableFromInline internal let __builtin_pg_module_\(module): Int = \(prefix == "Model/" ? 1 : 2)\n"
            for (id, path) in ids.sorted(by: { $0.key < $1.key }) where path.hasPrefix(prefix) {
                let name = String(FileSystem.basename(compiledRelativePath(path, id: id)).dropLast(".swift".count))
                guard isPlainName(name) else { continue }  // not a Swift file
                text += "@usableFromInline internal let __builtin_pg_module_\(module)_pg_file_\(name)_: Int = \(id)\n"
            }
            return Input(relativePath: "ShowValues/\(prefix)\(valueIDsFile)", text: text)
        }
        return ValuesSupport(
            step: step, flags: flags, modelIDs: idsFile(module: model, prefix: "Model/"),
            pluginIDs: idsFile(module: plugin, prefix: "Plugin/"))
    }

    /// Letters, digits and underscores, not starting with a digit: the
    /// transform's name for such a file is the name and "_".
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x5f
        }
    }
}
