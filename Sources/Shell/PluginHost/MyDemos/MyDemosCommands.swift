@_spi(Shell) import DemoKit
import ShellModel
import TextBounds

/// `demo-shell --export=ID DIR` and `--import=DIR`: what the Export… and
/// Import… of the launcher do, without a window. Exit status 0 when done,
/// 1 with the reason on stderr.
@MainActor
package enum MyDemosCommands {
    package static func export(id: String, to directory: String, paths: ShellPaths, program: String) -> Int32 {
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let found): sdk = found
        }
        let files: DemoFiles
        if let demo = MyDemoStore().demo(id: id) {
            switch DemoFiles.folder(demo.folder) {
            case .failure(let problem): return fail(program, problem.message)
            case .success(let found): files = found
            }
        } else {
            let registry = PluginRegistry(searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
            guard let entry = registry.entry(id: id) else { return fail(program, MyDemosProblem.noDemo(id).message) }
            switch DemoFiles.builtIn(entry, sourcesDirectory: paths.sourcesDirectory, resourcesDirectory: paths.resourcesDirectory, edits: EditWorkspace(demoID: id)) {
            case .failure(let problem): return fail(program, problem.message)
            case .success(let found): files = found
            }
        }
        switch DemoTransfer.export(files, to: directory, sdk: sdk) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let target):
            print(localized("Exported to {path}.").filling(["path": TextLimit.isolated(target)]))
            return 0
        }
    }

    package static func importDemo(from directory: String, paths: ShellPaths, program: String) -> Int32 {
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let found): sdk = found
        }
        let registry = PluginRegistry(searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
        let store = MyDemoStore()
        let own = Set(store.ids)
        let builtIn = registry.entries.filter { !own.contains($0.manifest.id) || FileSystem.dirname($0.manifestPath) != FileSystem.join(store.root, $0.manifest.id) }
        switch DemoTransfer.importDemo(from: directory, into: store, takenIDs: Set(builtIn.map(\.manifest.id)),
                                       takenModules: Set(builtIn.map(\.manifest.module)), sdk: sdk) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let demo):
            print(localized("Imported as “{name}” ({id}) into {path}.")
                .filling(["name": TextLimit.isolated(demo.manifest.info.name), "id": demo.id, "path": TextLimit.isolated(demo.folder)]))
            return 0
        }
    }

    private static func fail(_ program: String, _ message: String) -> Int32 {
        printError("\(program): \(message)")
        return 1
    }
}
