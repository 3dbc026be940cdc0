import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import DemoKitTesting
import Glibc

/// `demo-shell-memory-cycles --edit-runs=N [--flood]`: Say Hello edited in
/// one launcher, Edit and Show Values on, and Run Edited pressed N times,
/// each once Edit's ready child waits again (so each run is served by it,
/// its values pipe taken over), each replacing the last run's demo. With
/// `--flood` the edit makes the demo send more than the launcher keeps:
/// values of `floodLines` lines (past `ValueLog.lineLimit`), a line run
/// often (past `ValueLog.historyLimit`), and `floodOutputLines` lines of
/// output (past `OutputLimit.lines`). After every run what the Source page
/// holds must be within those limits; the launcher's private dirty memory
/// after run 1 and after run N (each with every Values row made) must grow
/// less than `dirtyLimitKB`, and the Swift wrappers and signal boxes must be
/// as many (what it held before run 1 is printed too: the first run adds
/// the build's share). Without `--flood` (one or two runs, `make leaks` under
/// valgrind) the demo is Say Hello with a new greeting.
@MainActor
enum EditRunCycles {
    static let option = "--edit-runs="
    static let floodOption = "--flood"
    static let dirtyLimitKB = 2048
    static let floodLines = ValueLog.lineLimit + 100
    static let floodOutputLines = OutputLimit.lines + 500
    static let floodDone = "flood done"

    static func run(argument: String, flood: Bool) -> Int32 {
        guard let runs = Int(argument.dropFirst(option.count)), runs >= 1 else {
            printError("demo-shell-memory-cycles: \(option)N needs N ≥ 1")
            return 2
        }
        let name = flood ? "run-edited-\(runs)" : "edit-show-values"
        let edit: (inout String) -> Void =
            flood
            ? floodEdit
            : { text in
                text = text.replacingFirst(
                    "private let greeting = Label()", with: "private let greeting = Label(\"Hello from make leaks\")")
            }
        guard let driver = LauncherDriver.start(name, edits: ["Plugin/SayHelloView.swift": edit]) else { return 1 }
        defer { driver.finish() }
        let session = driver.session
        guard driver.openSayHellosSource(), driver.set("Edit", on: true), driver.set("Show Values", on: true) else {
            print("\(name): the Source page has no Edit or Show Values")
            return 1
        }
        var ok = true
        var served = 0, worst = Worst()
        var afterFirst = (dirty: 0, wrappers: 0, boxes: 0), beforeRuns = 0
        let began = MainLoop.monotonicSeconds
        for run in 1...runs {
            // The first waits for Edit's warm-up, which builds GTK's module on an empty cache.
            guard driver.waitForEditsHelpers(timeout: run == 1 ? 600 : 60) else {
                print("\(name): run \(run): Edit's ready child or compile server never came to wait")
                ok = false
                break
            }
            // Edit on, nothing run yet: for the printout (the first run adds its build's and its rows' share).
            if run == 1, !underValgrind { beforeRuns = MemoryCycles.settledDirtyKB() }
            let ready = session.ready.processID
            let previous = session.childProcessID
            let clicked = MainLoop.monotonicSeconds
            guard driver.click("Run Edited") else {
                print("\(name): run \(run): no Run Edited")
                ok = false
                break
            }
            let arrived = MainLoop.run(
                until: {
                    if session.phase == .idle { return true }  // the build failed
                    guard let child = session.childProcessID, child != previous else { return false }
                    let held = LauncherReadings(driver.launcher).editRunHoldings
                    // At their limits, or past them (which `within` tells).
                    return flood
                        ? held.valueLines >= ValueLog.lineLimit && held.longestHistory >= ValueLog.historyLimit
                            && held.droppedValueRecords > 0  // the values come apart from the output, and later
                            && held.droppedOutputLines > 0 && outputEnds(driver.launcher, with: floodDone + "\n")
                        : held.valueLines > 0
                }, timeout: run == 1 ? 600 : 120)
            // The values that come after (Say Hello's window being made), and their rows.
            if !flood {
                _ = MainLoop.run(
                    until: { MainLoop.monotonicSeconds > clicked + 2 && rowsMade(driver.launcher) }, timeout: 30)
            }
            let held = LauncherReadings(driver.launcher).editRunHoldings
            guard arrived, session.phase != .idle else {
                print(
                    "\(name): run \(run): the demo's values or output never came: \(held); \(statusText(driver.launcher))"
                )
                ok = false
                break
            }
            if session.childProcessID == ready { served += 1 }
            worst.add(held)
            if !within(held, flood: flood) {
                print("\(name): run \(run): past a limit: \(held)")
                ok = false
            }
            if run == 1 || run == runs {
                // Every row made, so that both measures hold the same.
                _ = MainLoop.run(until: { rowsMade(driver.launcher) }, timeout: 120)
                worst.add(LauncherReadings(driver.launcher).editRunHoldings)
                let now = (
                    dirty: MemoryCycles.settledDirtyKB(), wrappers: Object.liveCount, boxes: liveSignalHandlerCount
                )
                if run == 1 {
                    afterFirst = now
                } else {
                    let growth = now.dirty - afterFirst.dirty
                    // Under valgrind the process's memory is mostly valgrind's own: its leak check judges instead.
                    let memory =
                        underValgrind
                        ? "private dirty not measured (under valgrind)"
                        : "private dirty \(beforeRuns) kB before run 1, \(afterFirst.dirty) kB after run 1, \(now.dirty) kB after run \(runs): "
                            + "\(MemoryCycles.signed(growth)) kB (limit \(dirtyLimitKB) kB)"
                    print(
                        "\(name): \(memory); Swift wrappers \(afterFirst.wrappers) → \(now.wrappers), "
                            + "signal boxes \(afterFirst.boxes) → \(now.boxes)")
                    if (!underValgrind && growth > dirtyLimitKB) || now.wrappers != afterFirst.wrappers
                        || now.boxes != afterFirst.boxes
                    {
                        ok = false
                    }
                }
            }
        }
        let seconds = Int((MainLoop.monotonicSeconds - began).rounded())
        print(
            "\(name): \(runs) Run Edited with Show Values\(flood ? ", each flooding" : "") in \(seconds) s, "
                + "\(served) served by the ready child, \(session.metrics.launches) demos started")
        print("\(name): the most held after a run: \(worst.summary(flood: flood))")
        if served == 0 {
            print("\(name): no run was served by the ready child")
            ok = false
        }
        if !flood, let file = Environment.value(keptBuildVariable) { ok = keepBuild(in: file, driver: driver) && ok }
        let ended = driver.endEditing()
        print(
            "\(name): Stop and Edit off: \(ended ? "every child process gone" : "children left: \(LauncherDriver.describeChildren())")"
        )
        ok = ended && ok
        print("\(name): \(ok ? "ok" : "FAILED")")
        return ok ? 0 : 1
    }

    /// Names a file: the last edited build's manifest and its data folder
    /// are written there, and the folder is kept, for `make leaks` to run
    /// the edited demo, values pipe and all, under valgrind.
    static let keptBuildVariable = "DEMO_SHELL_MEMORY_KEEP_BUILD"

    private static func keepBuild(in file: String, driver: LauncherDriver) -> Bool {
        let builds = EditWorkspace(demoID: "say-hello").buildDirectory
        let manifests = FileSystem.contents(ofDirectory: builds).map { FileSystem.join(builds, $0, "manifest.plugin") }
            .filter(FileSystem.isRegularFile)
        guard manifests.count == 1, let data = Environment.value("XDG_DATA_HOME"),
            (try? FileSystem.writeAtomically(manifests[0] + "\n" + data + "\n", to: file)) != nil
        else {
            print("edit-show-values: the edited build was not kept: \(manifests)")
            return false
        }
        driver.keepsData = true
        return true
    }

    /// Valgrind's preloaded library is in the environment it gives the program.
    private static var underValgrind: Bool {
        (Environment.value("LD_PRELOAD") ?? "").split(separator: ":").contains {
            $0.split(separator: "/").last?.hasPrefix("vgpreload") == true
        }
    }

    /// Each bound, and with a flood, each reached.
    private static func within(_ held: EditRunHoldings, flood: Bool) -> Bool {
        let bounded =
            held.valueLines <= ValueLog.lineLimit && held.longestHistory <= ValueLog.historyLimit
            && held.valueRows <= ValueLog.lineLimit && held.outputLines <= OutputLimit.lines + 1
            && held.outputCharacters <= OutputLimit.characters && held.keptRecords <= 1
        return bounded && (!flood || held.droppedValueRecords > 0 && held.droppedOutputLines > 0)
    }

    /// Every line of the Values log has its row.
    private static func rowsMade(_ launcher: LauncherWindow) -> Bool {
        let held = LauncherReadings(launcher).editRunHoldings
        return held.valueLines > 0 && held.valueRows == held.valueLines
    }

    /// Whether the Output ends with `text` (read only once lines were dropped: it is long).
    private static func outputEnds(_ launcher: LauncherWindow, with text: String) -> Bool {
        launcher.window.find(TextView.self, named: "Output")?.text.hasSuffix(text) ?? false
    }

    private static func statusText(_ launcher: LauncherWindow) -> String {
        let problems = (launcher.window.find(ListBox.self, named: "Problems")?.children ?? [])
            .compactMap { $0.as(ListBoxRow.self)?.accessibleName }.prefix(3)
        let status = LauncherReadings(launcher).editRunStatus
        return "status: \(status) \(problems.joined(separator: " | ")); the Output ends: "
            + String((launcher.window.find(TextView.self, named: "Output")?.text ?? "").suffix(400))
    }

    /// The flood: Say Hello's view calls it as its window is made.
    static func floodEdit(_ text: inout String) {
        text = text.replacingFirst("import DemoKit\n", with: "import DemoKit\nimport Glibc\n")
        let made = "window = DemoWindow(title: host.info.name, width: 440, height: 240).window\n"
        text = text.replacingFirst(made, with: made + "        floodForMemoryCycles()\n")
        var lines = [
            "", "/// demo-shell-memory-cycles' flood: more than the launcher keeps.",
            "@MainActor func floodForMemoryCycles() {",
            "    for round in 0..<\(ValueLog.historyLimit * 3) {", "        let hot = round * 2", "        _ = hot",
            "    }",
            "    let value0 = 0",
        ]
        for line in 1..<floodLines { lines.append("    let value\(line) = value\(line - 1) &+ 1") }
        lines += [
            "    _ = value\(floodLines - 1)",
            "    var text = \"\"",
            "    for line in 0..<\(floodOutputLines) { text += \"flood line \\(line)\\n\" }",
            "    print(text, terminator: \"\")",
            "    print(\"\(floodDone)\")",
            "    fflush(nil) // every stream: stdout is shared mutable state to Swift 6",
            "}", "",
        ]
        text += lines.joined(separator: "\n")
    }
}

/// The most of each holding seen after any run.
private struct Worst {
    var valueLines = 0, dropped = Int.max, history = 0, rows = 0, outputLines = 0, characters = 0,
        droppedLines = Int.max, records = 0

    mutating func add(_ held: EditRunHoldings) {
        valueLines = max(valueLines, held.valueLines)
        dropped = min(dropped, held.droppedValueRecords)
        history = max(history, held.longestHistory)
        rows = max(rows, held.valueRows)
        outputLines = max(outputLines, held.outputLines)
        characters = max(characters, held.outputCharacters)
        droppedLines = min(droppedLines, held.droppedOutputLines)
        records = max(records, held.keptRecords)
    }

    func summary(flood: Bool) -> String {
        "Values log \(valueLines) lines (limit \(ValueLog.lineLimit)\(flood ? ", ≥ \(dropped) records left out" : "")), "
            + "\(history) values of a line (limit \(ValueLog.historyLimit)), \(rows) Values rows; "
            + "Output \(outputLines) lines (limit \(OutputLimit.lines)\(flood ? ", ≥ \(droppedLines) dropped" : "")), "
            + "\(characters) characters (limit \(OutputLimit.characters)); runs kept for other demos: \(records)"
    }
}

extension String {
    /// `self` with the first `old` replaced by `new` (this program has no Foundation).
    func replacingFirst(_ old: String, with new: String) -> String {
        let bytes = Array(utf8), pattern = Array(old.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return self }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern)
        {
            return String(
                decoding: bytes[..<start] + Array(new.utf8) + bytes[(start + pattern.count)...], as: UTF8.self)
        }
        return self
    }
}
