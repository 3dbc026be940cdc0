// `demo-shell-edit-bench --new-demo NAME`: New Demo (Blank) to its window,
// for `make bench` (scripts/bench-new-demo): makes a Blank demo
// called NAME in the learner's demos ($XDG_DATA_HOME), builds it as the
// launcher does when it is opened (`MyDemoBuilds`: the same plan, keys and
// caches as Run Edited) and starts it in a process of its own, as
// `IsolatedDemos` does. It runs under mapwait, which times the demo's
// window from this program's start; the split goes to stderr.
import DemoShellKit
import PluginHost
import ShellModel
import Glibc

@MainActor
func newDemoBench(name: String) -> Int32 {
    let paths = ShellPaths.current()
    let sdk: EditSDK
    switch EditSDK.locate(paths: paths) {
    case .failure(let problem):
        printError("demo-shell-edit-bench: \(problem.message)")
        return 1
    case .success(let found): sdk = found
    }
    let began = MainLoop.monotonicSeconds
    let store = MyDemoStore()
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory),
        myDemoStore: store)
    let demo: MyDemo
    switch store.create(
        name: name, from: .blank, takenIDs: Set(registry.entries.map(\.manifest.id)),
        takenModules: Set(registry.entries.map(\.manifest.module)), sdk: sdk)
    {
    case .failure(let problem):
        printError("demo-shell-edit-bench: \(problem.message)")
        return 1
    case .success(let made): demo = made
    }
    let created = MainLoop.monotonicSeconds
    MainLoop.runMainActorTasks()
    let builds = MyDemoBuilds(paths: paths)
    var outcome: MyDemoBuilds.Outcome?
    builds.build(demo) { outcome = $0 }
    while outcome == nil { MainLoop.iterate(blocking: true) }
    guard case .built(let entry) = outcome else {
        if case .failed(let status, let firstError) = outcome {
            printError("demo-shell-edit-bench: \(status.sentence) \(firstError ?? "")")
        }
        return 1
    }
    let built = MainLoop.monotonicSeconds
    let shell = FileSystem.join(paths.executableDirectory ?? ".", "demo-shell")
    Subprocess.adoptOrphans()
    guard case .success(let process) = Subprocess.start([shell, "--run-plugin=" + entry.manifestPath]) else {
        printError("demo-shell-edit-bench: \(shell) cannot be started")
        return 1
    }
    childGroup = process.processID
    printError(
        "split: create \(milliseconds(created - began)), build \(milliseconds(built - created)), "
            + "child-start \(milliseconds(MainLoop.monotonicSeconds - built))")
    signal(SIGTERM) { _ in
        if childGroup > 0 { kill(-childGroup, SIGKILL) }
        _exit(0)
    }
    while process.ending == nil { MainLoop.iterate(blocking: true) }
    return 0
}
