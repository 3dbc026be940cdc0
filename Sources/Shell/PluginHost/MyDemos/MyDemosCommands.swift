import DemoShellKit
import EditRunModel
import ShellModel

/// `demo-shell --export=ID DIR` and `--import=DIR`: what the Export… and
/// Import… of the launcher do, without a window. Exit status 0 when done,
/// 1 with the reason on stderr. A terminal shows no bidi: paths and names
/// are written as they are, never between isolates (`plainMessage`).
@MainActor
package enum MyDemosCommands {
    package static func export(id: String, to directory: String, paths: ShellPaths, program: String) -> Int32 {
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let found): sdk = found
        }
        // The demo as the learner has it now: its edits included, a demo of
        // their own's as well as a built-in one's.
        let registry = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory),
            myDemoStore: MyDemoStore())
        guard let entry = registry.entry(id: id) else { return fail(program, MyDemosProblem.noDemo(id).plainMessage) }
        let files: DemoFiles
        switch DemoFiles.current(
            entry, myDemo: registry.myDemo(id: id), sourcesDirectory: paths.sourcesDirectory,
            resourcesDirectory: paths.resourcesDirectory, edits: EditWorkspace(demoID: id))
        {
        case .failure(let problem): return fail(program, problem.plainMessage)
        case .success(let found): files = found
        }
        switch DemoTransfer.export(files, to: directory, sdk: sdk) {
        case .failure(let problem): return fail(program, problem.plainMessage)
        case .success(let target):
            print(localized("Exported to {path}.").filling(["path": target]))
            return 0
        }
    }

    package static func importDemo(from directory: String, paths: ShellPaths, program: String) -> Int32 {
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(program, problem.message)
        case .success(let found): sdk = found
        }
        let store = MyDemoStore()
        let registry = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory),
            myDemoStore: store)
        let others = registry.entries.filter { registry.myDemo(id: $0.manifest.id) == nil }
        // A copy of a demo one has gets a name of its own ("Say Hello 2").
        let name = (try? DemoFiles.folder(directory).get()).map {
            DemoNaming.freeName($0.untranslatedName ?? $0.manifest.info.name, taken: registry.takenNames)
        }
        switch DemoTransfer.importDemo(
            from: directory, into: store, name: name, takenIDs: Set(others.map(\.manifest.id)),
            takenModules: Set(others.map(\.manifest.module)), sdk: sdk)
        {
        case .failure(let problem): return fail(program, problem.plainMessage)
        case .success(let demo):
            print(
                localized("Imported as “{name}” ({id}) into {path}.")
                    .filling(["name": demo.manifest.info.name, "id": demo.id, "path": demo.folder]))
            return 0
        }
    }

    private static func fail(_ program: String, _ message: String) -> Int32 {
        printError("\(program): \(message)")
        return 1
    }
}
