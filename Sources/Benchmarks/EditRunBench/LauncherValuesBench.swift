// `demo-shell-edit-bench --autoplay-launcher SECONDS`: the launcher's own stall under Show Values.
// The launcher itself (its window, the Source page, the Values list, the
// hints beside the code) with 2048 edited (the edit ValuesBench makes,
// kept in the demo's edits as if typed), Show Values on when
// DEMO_SHELL_BENCH_SHOW_VALUES=1, Run Edited pressed, the Values list and
// Model/Engine/Expectimax.swift (the search's hot lines) shown, while
// Autoplay plays fast. For SECONDS from the first move it times:
// - the launcher's longest main-loop stall (a 5 ms timer's longest gap,
//   less 5 ms), what input and drawing wait for;
// - a screen reader's round trip: with DEMO_SHELL_BENCH_ATSPI_PING set to
//   scripts/atspi-ping (built), that client asks the launcher window's
//   name every 20 ms over AT-SPI, and its median and longest answer;
// - Autoplay's moves a second (the child's clock, first move to last).
// Prints one line (scripts/bench-values reads it):
// "moves/s N stall-ms X atspi-median-ms A atspi-max-ms B".
import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import Glibc

@MainActor
func launcherValuesBench(seconds: Double) -> Int32 {
    guard Toolkit.initialize() else {
        printError("demo-shell-edit-bench: no display")
        return 1
    }
    let paths = ShellPaths.current()
    Gettext.setUp(domain: Gettext.shellDomain, directory: paths.localeDirectory)
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
    guard let entry = registry.entries.first(where: { $0.manifest.module == "Game2048" }) else {
        printError("demo-shell-edit-bench: there is no 2048 beside this program")
        return 1
    }
    guard let folder = FileSystem.makeTemporaryDirectory("demo-shell-values-bench-XXXXXX") else { return 1 }
    defer { FileSystem.removeTree(folder) }
    let movesFile = FileSystem.join(folder, "moves")
    // The edits as the learner's, kept where the Source page finds them.
    let workspace = EditWorkspace(demoID: entry.manifest.id)
    workspace.discard()
    let shipped = Dictionary(benchInputs(of: entry, paths: paths) { _, _ in }.map { ($0.relativePath, $0.text) }) {
        a, _ in a
    }
    for input in benchInputs(of: entry, paths: paths, editing: autoplayEdit(movesTo: movesFile))
    where input.text != shipped[input.relativePath] {
        do { try workspace.save(input.text, for: input.relativePath, original: shipped[input.relativePath]) } catch {
            printError("demo-shell-edit-bench: \(error.message)")
            return 1
        }
    }
    let application = Application(id: "io.github.demoshell.ValuesBench", unique: false)
    if let message = application.register() { printError("demo-shell-edit-bench: \(message)") }
    let shell = Shell(application: application, registry: registry, paths: paths, onlyDemoID: nil, autoquit: false)
    shell.showLauncher()
    guard let launcher = shell.launcher, until({ launcher.window.isMapped }),
        let row = launcher.list.children.compactMap({ $0.as(ListBoxRow.self) }).first(where: {
            $0.accessibleName == "2048"
        })
    else {
        printError("demo-shell-edit-bench: the launcher never showed 2048")
        return 1
    }
    launcher.list.select(row)
    settle()
    let showValues = Environment.value("DEMO_SHELL_BENCH_SHOW_VALUES") == "1"
    guard press(switchNamed: "Source", in: launcher.window), settle(),
        let edit = launcher.window.find(ToggleButton.self, named: "Edit"), click(edit),
        let values = launcher.window.find(ToggleButton.self, named: "Show Values"), !showValues || click(values),
        let files = launcher.window.find(ComboBoxText.self, named: "Source file"),
        let run = launcher.window.find(Button.self, named: "Run Edited")
    else {
        printError("demo-shell-edit-bench: the Source page has no Edit, Show Values, Source file or Run Edited")
        return 1
    }
    for index in 0..<files.count {
        files.activeIndex = index
        if files.activeText?.split(separator: "/").last?.hasPrefix("Expectimax.swift") == true { break }
    }
    run.click()
    _ = press(switchNamed: "Values", in: launcher.window)
    // From the first move: the build and the window's start are not the loop's to keep up with.
    guard until(timeout: 120, { FileSystem.read(movesFile).map { !$0.isEmpty } ?? false }) else {
        printError("demo-shell-edit-bench: Autoplay never moved")
        return 1
    }
    var ping: Subprocess?, pingOutput: [UInt8] = [], pingEnded = false
    if let client = Environment.value("DEMO_SHELL_BENCH_ATSPI_PING"),
        case .success(let process) = Subprocess.start([client, String(getpid()), String(seconds)])
    {
        process.onOutput { stream, bytes in
            if stream == .output { pingOutput += bytes } else { printError(String(decoding: bytes, as: UTF8.self)) }
        }
        process.onExit { _ in pingEnded = true }
        ping = process
    }
    let start = MainLoop.monotonicSeconds
    let stalls = StallMeter()
    while MainLoop.monotonicSeconds - start < seconds { _ = MainLoop.iterate(blocking: true) }
    let longest = stalls.stop()
    // The client finds the launcher on the bus first: it may need a little longer.
    if ping != nil { _ = until(timeout: 30) { pingEnded } }
    let moves = (FileSystem.read(movesFile) ?? "").split(separator: "\n").compactMap { line -> (Int, Int64)? in
        let fields = line.split(separator: " ")
        guard fields.count == 3, let number = Int(fields[1]), let time = Int64(fields[2]) else { return nil }
        return (number, time)
    }
    shell.quit()
    guard let first = moves.first, let final = moves.last, final.1 > first.1 else {
        printError("demo-shell-edit-bench: Autoplay made no moves")
        return 1
    }
    let rate = Double(final.0 - first.0) / (Double(final.1 - first.1) / 1e6)
    // "atspi-ms median M p90 P max X count N"
    let answer = String(decoding: pingOutput, as: UTF8.self).split(separator: " ")
    let median = answer.count > 2 ? String(answer[2]) : "-", most = answer.count > 6 ? String(answer[6]) : "-"
    print(
        "moves/s \(Int(rate.rounded())) stall-ms \(Int((max(0, longest) * 1000).rounded()))"
            + " atspi-median-ms \(median) atspi-max-ms \(most.trimmingWhitespace)")
    return 0
}

/// Turns of the main loop until `condition` holds, within `timeout` seconds.
@MainActor
@discardableResult
private func until(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = MainLoop.monotonicSeconds + timeout
    while !condition() {
        guard MainLoop.monotonicSeconds < deadline else { return false }
        _ = MainLoop.iterate(blocking: false)
        usleep(1000)
    }
    return true
}

/// What is pending handled (a page built, a row's pane shown).
@MainActor
@discardableResult
private func settle() -> Bool {
    for _ in 0..<50 { _ = MainLoop.iterate(blocking: false) }
    usleep(50_000)
    while MainLoop.iterate(blocking: false) {}
    return true
}

@MainActor
private func click(_ toggle: ToggleButton) -> Bool {
    toggle.click()
    return settle()
}

/// Clicks the stack switcher's button called `title`, as a mouse would.
@MainActor
private func press(switchNamed title: String, in window: Window) -> Bool {
    guard
        let button = window.descendants.compactMap({ $0.as(ToggleButton.self) })
            .first(where: { $0.parent?.as(StackSwitcher.self) != nil && $0.accessibleName == title })
    else { return false }
    button.click()
    return settle()
}

private extension String {
    var trimmingWhitespace: String { String(filter { !$0.isWhitespace }) }
}
