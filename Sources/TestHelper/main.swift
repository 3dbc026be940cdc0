// demo-shell-test-helper: the launchers that tests kill with SIGKILL, to see
// that what a launcher started does not outlive it. Each brings a launcher's
// part to the state the test needs, writes what the test waits for into
// FOLDER (a file appears whole, by a rename), then waits to be killed; it
// gives up after two minutes. Not installed.
//
//   demo-shell-test-helper ready-child FOLDER       Edit's ready child waiting;
//                                                   its pid in FOLDER/ready
//   demo-shell-test-helper building FOLDER          a Run Edited of Say Hello
//                                                   built by FOLDER/swiftc (a
//                                                   fake that hangs; it writes
//                                                   FOLDER/pids itself)
//   demo-shell-test-helper isolated-demo FOLDER     the plugin from elsewhere
//                                                   installed in FOLDER open in
//                                                   its own process (its
//                                                   sleepers' pids in
//                                                   FOLDER/sleepers, written
//                                                   by the plugin)
//
// ReadyChildTests, EditRunProcessTests and IsolatedDemoDescendantsTests start
// it; they were test methods of the test binary before, which counted as
// tests that passed.
import DemoKit
import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import Glibc

/// Runs GTK's loop until `condition` holds (true) or `seconds` pass (false).
@MainActor
func run(until condition: () -> Bool, seconds: Double = 60) -> Bool {
    let deadline = MainLoop.monotonicSeconds + seconds
    while !condition() {
        if MainLoop.monotonicSeconds > deadline { return false }
        if !MainLoop.iterate(blocking: false) { usleep(2000) }
    }
    return true
}

func fail(_ message: String) -> Never {
    printError("demo-shell-test-helper: \(message)")
    exit(1)
}

/// Say Hello as the build tree has it, its editable files as installed,
/// as a Run Edited sends them without a Source page.
@MainActor
func sayHello(_ paths: ShellPaths) -> (PluginEntry, [EditBuildPlan.Input]) {
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
    guard let entry = registry.entry(id: "say-hello") else { fail("no Say Hello beside this program") }
    let files = DemoSources.files(
        for: entry.manifest, manifestPath: entry.manifestPath,
        installedSourcesDirectory: paths.sourcesDirectory)
    let inputs = files.filter(EditWorkspace.isEditable).compactMap { file -> EditBuildPlan.Input? in
        guard case .success(let text) = DemoSources.read(file) else { return nil }
        return EditBuildPlan.Input(relativePath: file.relativePath, text: text)
    }
    return (entry, inputs)
}

/// Edit turned on: the session keeps a child ready for the next Run Edited.
@MainActor
func readyChild(folder: String) {
    let session = EditRunSession(paths: ShellPaths.current())
    session.keepsChildReady = true
    guard run(until: { session.ready.processID != nil }),
        let ready = session.ready.processID
    else { fail("no child came to wait") }
    do { try FileSystem.writeAtomically(String(ready), to: FileSystem.join(folder, "ready")) } catch {
        fail("\(error)")
    }
    waitToBeKilled(keeping: session)
}

/// A Run Edited of Say Hello, compiled by the fake `FOLDER/swiftc`.
@MainActor
func building(folder: String) {
    Environment.set("DEMO_SHELL_SWIFTC", FileSystem.join(folder, "swiftc"))
    let paths = ShellPaths.current()
    let (entry, inputs) = sayHello(paths)
    let session = EditRunSession(paths: paths)
    session.run(
        manifest: entry.manifest, manifestText: FileSystem.read(entry.manifestPath) ?? "", inputs: inputs,
        workspace: EditWorkspace(demoID: "say-hello"))
    waitToBeKilled(keeping: session)
}

/// The launcher shown, then the plugin from elsewhere in FOLDER (demo
/// `external-greeter`) opened in a process of its own, starting its sleepers.
@MainActor
func isolatedDemo(folder: String) {
    let application = Application(id: "io.github.demoshell.TestHelper", unique: false)
    if let error = application.register() { fail("the application did not register: \(error)") }
    Environment.set("GREETER_SLEEPERS", FileSystem.join(folder, "sleepers"))
    Environment.set("GREETER_EXIT", nil)
    let paths = ShellPaths.current()
    let registry = PluginRegistry(searchPath: [folder, paths.executableDirectory].compactMap { $0 })
    let shell = Shell(
        application: application, registry: registry, paths: paths, onlyDemoID: nil, autoquit: false,
        ownPluginFolders: PluginOrigin.ownFolders(executableDirectory: paths.executableDirectory))
    shell.showLauncher()
    guard run(until: { shell.launcher?.window.isMapped == true }) else { fail("the launcher never showed") }
    guard shell.openDemo(id: "external-greeter") else {
        fail(shell.lastOpenFailure.map(\.reason) ?? "the demo did not open")
    }
    waitToBeKilled(keeping: shell)
}

/// Runs the loop (what it started goes on) until killed, or two minutes pass.
@MainActor
func waitToBeKilled(keeping _: AnyObject) -> Never {
    _ = run(until: { false }, seconds: 120)
    fail("not killed within two minutes")
}

@MainActor
func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count == 2 else { fail("usage: demo-shell-test-helper ready-child|building|isolated-demo FOLDER") }
    guard Toolkit.initialize() else { fail("no display") }
    switch arguments[0] {
    case "ready-child": readyChild(folder: arguments[1])
    case "building": building(folder: arguments[1])
    case "isolated-demo": isolatedDemo(folder: arguments[1])
    default: fail("no subcommand \(arguments[0])")
    }
}

main()
