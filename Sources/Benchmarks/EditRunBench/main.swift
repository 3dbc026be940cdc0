// demo-shell-edit-bench: one Run Edited of Say Hello, as the launcher's
// Source page makes it, for `make bench` (scripts/bench-edit-run). It runs
// under mapwait, which times the edited demo's window from this program's
// start; this prints the split (each compiler run, the child's start) on
// stderr and ends the child when mapwait ends it.
//
//   demo-shell-edit-bench --greeting TEXT [--demo ID]
//   demo-shell-edit-bench --new-demo NAME        (NewDemoBench.swift)
//   demo-shell-edit-bench --autoplay SECONDS     (ValuesBench.swift)
//   demo-shell-edit-bench --autoplay-launcher SECONDS  (LauncherValuesBench.swift)
//   demo-shell-edit-bench --language ROUNDS      (LanguageBench.swift)
//
// The greeting is the one line changed (Say Hello's greeting label starts
// with TEXT): the same TEXT twice is an unchanged re-run. The edits and the
// module cache live in $XDG_DATA_HOME and $XDG_CACHE_HOME, as the shell's.
//
// As on the Source page, Edit is turned on first and its ready child
// (`ReadyChild`) is waiting before Run Edited is pressed, as it is when a
// learner has typed the change: mapwait's clock starts then, at Run Edited
// (a byte on $MAPWAIT_FD), not at this program's start.
import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import Glibc

nonisolated(unsafe) var childGroup: pid_t = 0

@MainActor
func main() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 2, arguments[0] == "--new-demo" { return newDemoBench(name: arguments[1]) }
    if arguments.count == 2, arguments[0] == "--autoplay", let seconds = Double(arguments[1]) {
        return valuesBench(seconds: seconds)
    }
    if arguments.count == 2, arguments[0] == "--language", let rounds = Int(arguments[1]) {
        return languageBench(rounds: rounds)
    }
    if arguments.count == 2, arguments[0] == "--autoplay-launcher", let seconds = Double(arguments[1]) {
        return launcherValuesBench(seconds: seconds)
    }
    guard arguments.count == 2 || arguments.count == 4, arguments[0] == "--greeting",
        arguments.count == 2 || arguments[2] == "--demo"
    else {
        printError("usage: demo-shell-edit-bench --greeting TEXT [--demo ID]")
        return 2
    }
    let id = arguments.count == 4 ? arguments[3] : "say-hello"
    let paths = ShellPaths.current()
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
    guard let entry = registry.entry(id: id) else {
        printError("demo-shell-edit-bench: there is no demo \(id) beside this program")
        return 1
    }
    let inputs = benchInputs(of: entry, paths: paths) { path, text in
        guard path == "Plugin/SayHelloView.swift" else { return }
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("private let greeting = Label()")
                ? "    private let greeting = Label(\"\(arguments[1])\")" : String(line)
        }.joined(separator: "\n")
    }
    guard let manifestText = FileSystem.read(entry.manifestPath) else { return 1 }
    // The session's run is a main-actor task: without GTK's start-up,
    // nothing else would run those here.
    MainLoop.runMainActorTasks()
    let session = EditRunSession(paths: paths)
    // Show Values' build and run, timed the same way.
    session.showsValues = Environment.value("DEMO_SHELL_BENCH_SHOW_VALUES") == "1"
    let log = EditRunEventLog()
    session.delegate = log
    log.onEvent = { event in
        guard case .problems(let problems) = event else { return }
        for problem in problems where problem.diagnostic.isError {
            printError("\(problem.diagnostic.path):\(problem.diagnostic.line): \(problem.diagnostic.message)")
        }
    }
    let editOn = MainLoop.monotonicSeconds
    session.keepsChildReady = true
    guard waitForReadyChild(session) else {
        printError("demo-shell-edit-bench: Edit's ready child never came to wait")
        return 1
    }
    let ready = session.ready.processID
    if let fd = Environment.value("MAPWAIT_FD").flatMap(Int32.init) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        close(fd)
    }
    session.run(
        manifest: entry.manifest, manifestText: manifestText, inputs: inputs,
        workspace: EditWorkspace(demoID: id))
    while session.phase == .building || (session.phase == .running && session.childProcessID == nil) {
        MainLoop.iterate(blocking: true)
    }
    guard let child = session.childProcessID, let started = session.metrics.childStartedAt else {
        printError("demo-shell-edit-bench: \(log.status?.sentence ?? "")")
        return 1
    }
    childGroup = child
    // Not in the time: what Edit does before, while the learner types (the ready child, the compile server's warm-up).
    var split =
        ["Edit on to ready \(milliseconds(session.metrics.runStartedAt - editOn))"]
        + session.builder.stepTimes.map { "\($0.0) \(milliseconds($0.1))" }
    let served = child == ready ? "child-start (ready)" : "child-start"
    split.append("\(served) \(milliseconds(started - session.metrics.runStartedAt))")
    printError("split: " + split.joined(separator: ", "))
    signal(SIGTERM) { _ in
        if childGroup > 0 { kill(-childGroup, SIGKILL) }
        _exit(0)
    }
    while session.childProcessID != nil { MainLoop.iterate(blocking: true) }
    return 0
}

/// Until the ready child has started GTK and reads its standard input
/// (`/proc/PID/syscall`: read, descriptor 0), and the compile server has
/// warmed up, within ten seconds: by the time a learner has typed a change.
/// DEMO_SHELL_BENCH_AT_ONCE=1: without the warm-up, as a Run Edited pressed at once.
@MainActor
func waitForReadyChild(_ session: EditRunSession) -> Bool {
    let deadline = MainLoop.monotonicSeconds + 10
    while MainLoop.monotonicSeconds < deadline {
        MainLoop.iterate(blocking: false)
        let atOnce = Environment.value("DEMO_SHELL_BENCH_AT_ONCE") == "1"
        if let pid = session.ready.processID, atOnce || !session.builder.server.isBusy,
            FileSystem.read("/proc/\(pid)/syscall")?.hasPrefix("0 0x0 ") == true
        {
            return true
        }
        usleep(5000)
    }
    return false
}

func milliseconds(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) + " ms" }

exit(main())
