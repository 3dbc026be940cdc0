// `demo-shell-edit-bench --autoplay SECONDS`: 2048 with Autoplay at its fast
// speed, edited (Run Edited, as the Source page makes it) and run through
// the launcher's session, with Show Values when DEMO_SHELL_BENCH_SHOW_VALUES=1
// (Autoplay keeps its speed, the launcher never stalls over
// 50 ms). The edit starts Autoplay fast as the window opens and prints each
// move with the child's monotonic time; this counts them over SECONDS and
// times the launcher's main loop with a 5 ms timer (its longest gap, less
// the 5 ms, is the longest stall), while the session decodes the records.
// Prints one line (scripts/bench-values reads it): "moves/s N stall-ms X
// records R main-ms/move M decode-ms D", M the demo's main-thread CPU per
// move, D the slowest decoding of one turn's 32 KiB of records.
import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel
import Wire
import Glibc

@MainActor
func valuesBench(seconds: Double) -> Int32 {
    let paths = ShellPaths.current()
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
    guard let entry = registry.entries.first(where: { $0.manifest.module == "Game2048" }),
        let manifestText = FileSystem.read(entry.manifestPath)
    else {
        printError("demo-shell-edit-bench: there is no 2048 beside this program")
        return 1
    }
    let inputs = benchInputs(of: entry, paths: paths, editing: autoplayEdit(movesTo: nil))
    MainLoop.runMainActorTasks()
    let session = EditRunSession(paths: paths)
    session.showsValues = Environment.value("DEMO_SHELL_BENCH_SHOW_VALUES") == "1"
    let watch = AutoplayWatch()
    session.delegate = watch
    session.run(
        manifest: entry.manifest, manifestText: manifestText, inputs: inputs,
        workspace: EditWorkspace(demoID: entry.manifest.id))
    while session.phase == .building || (session.phase == .running && session.childProcessID == nil) {
        MainLoop.iterate(blocking: true)
    }
    guard let child = session.childProcessID else {
        printError("demo-shell-edit-bench: \(watch.status)")
        return 1
    }
    // From the first move: the build and the window's start are not the loop's to keep up with.
    while watch.moves.isEmpty, session.childProcessID != nil { MainLoop.iterate(blocking: true) }
    let start = MainLoop.monotonicSeconds
    let firstCPU = mainThreadCPU(child), firstCount = watch.moves.count
    let stalls = StallMeter()
    while MainLoop.monotonicSeconds - start < seconds, session.childProcessID != nil {
        MainLoop.iterate(blocking: true)
    }
    let longest = stalls.stop()
    let cpu = mainThreadCPU(child) - firstCPU, counted = watch.moves.count - firstCount
    if session.childProcessID == nil {
        printError("demo-shell-edit-bench: the demo ended early: \(watch.status)\n\(watch.other)")
    }
    kill(-child, SIGKILL)
    guard let first = watch.moves.first, let final = watch.moves.last, final.1 > first.1 else {
        printError(
            "demo-shell-edit-bench: Autoplay made no moves (\(watch.moves.count), \(watch.status), running \(session.childProcessID != nil))"
        )
        return 1
    }
    let rate = Double(final.0 - first.0) / (Double(final.1 - first.1) / 1e6)
    let perMove = counted > 0 ? Double(cpu) * 10 / Double(counted) : 0
    print(
        "moves/s \(Int(rate.rounded())) stall-ms \(Int((max(0, longest) * 1000).rounded())) records \(watch.records)"
            + " main-ms/move \(Double(Int(perMove * 10)) / 10) decode-ms \(decodeMilliseconds())")
    return 0
}

/// The launcher's work for one turn of its main loop at most: decoding the
/// 32 KiB it reads (`Subprocess.channelReadLimit`) of short records, such as
/// 2048's, the slowest of 20 turns, in milliseconds.
private func decodeMilliseconds() -> Double {
    var frames: [UInt8] = []
    var sequence = 0
    while frames.count < Subprocess.channelReadLimit {
        sequence += 1
        WireFrame.append(
            ValueMessage(
                kind: .value, sequence: UInt64(sequence), file: 3, line: 40 + sequence % 50, startColumn: 9,
                endColumn: 20, count: sequence % 7 + 1, microseconds: UInt64(1_000_000 + sequence),
                name: "score", description: String(sequence * 4)), to: &frames)
    }
    let bytes = Array(frames.prefix(Subprocess.channelReadLimit))
    var slowest = 0.0
    for _ in 0..<20 {
        var wire = ValueWire(files: [3: "Model/Game.swift"], origin: 0)
        let began = MainLoop.monotonicSeconds
        let records = wire.decode(bytes)
        slowest = max(slowest, MainLoop.monotonicSeconds - began)
        precondition(records.count > 100)
    }
    return Double(Int(slowest * 10_000)) / 10
}

/// The one change both benchmarks make to 2048: Autoplay starts fast as
/// the window opens, and each move writes "bench-move N MICROSECONDS" (the
/// child's monotonic clock) on the child's standard output, or, with
/// `movesTo`, to that file (the launcher's Output pane has the other).
func autoplayEdit(movesTo file: String?) -> (_ relativePath: String, _ text: inout String) -> Void {
    let descriptor = file.map { "benchMovesFile = open(\"\($0)\", O_WRONLY | O_CREAT | O_APPEND, 0o644)" }
    return { path, text in
        if path == "Plugin/Game2048View.swift" {
            let last = "        if let resumeProblem { WindowNotice.show(resumeProblem, in: window) }\n"
            text = replaced(
                text, last, with: last + "        showGamePage(); autoplay.speed = .fast; autoplay.start()\n")
        } else if path == "Plugin/Autoplay.swift" {
            text = replaced(
                text, "import DemoKit\n",
                with: "import DemoKit\nimport Glibc\n" + (descriptor.map { "private let \($0)\n" } ?? ""))
            text = replaced(
                text, "    private var lastMove: Int64 = 0\n",
                with: "    private var lastMove: Int64 = 0\n    private var benchMoves = 0\n")
            text = replaced(
                text, "        host.playAutomatically(direction)\n",
                with: """
                            host.playAutomatically(direction)
                            benchMoves += 1
                            let benchLine = "bench-move \\(benchMoves) \\(MainLoop.monotonicTime)\\n"
                            _ = benchLine.withCString { write(\(file == nil ? "1" : "benchMovesFile"), $0, strlen($0)) }

                    """)
        }
    }
}

/// The CPU time (user and system, in clock ticks of 10 ms) of `process`'s
/// main thread: its share of each move's 40 ms, where the demo's GTK runs.
func mainThreadCPU(_ process: pid_t) -> Int {
    guard let text = FileSystem.read("/proc/\(process)/task/\(process)/stat"),
        let close = text.lastIndex(of: ")")
    else { return 0 }
    // After "pid (name) ": state is field 3, utime 14, stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
    return user + system
}

/// `text` with each `old` in it replaced by `new` (this program has no Foundation).
func replaced(_ text: String, _ old: String, with new: String) -> String {
    let bytes = Array(text.utf8), pattern = Array(old.utf8)
    var out: [UInt8] = [], index = 0
    while index < bytes.count {
        if bytes.count - index >= pattern.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
            out += Array(new.utf8)
            index += pattern.count
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The session's listener in the values benchmark: the moves the demo
/// prints ("bench-move N MICROSECONDS"), its other output (the last 4,000
/// characters, for a failure's message) and how many records came.
@MainActor
private final class AutoplayWatch: EditRunSessionDelegate {
    private(set) var status = ""
    /// Moves seen: (number, child's microseconds).
    private(set) var moves: [(Int, Int64)] = []
    private(set) var other = ""
    private(set) var records = 0
    private var output = ""

    func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent) {
        switch event {
        case .status(let said): status = said?.sentence ?? ""
        case .values(let batch): records += batch.count
        case .output(let text): read(text)
        case .phaseChanged, .problems, .outputCleared, .demoEnded, .built: break
        }
    }

    private func read(_ text: String) {
        output += text
        while let newline = output.firstIndex(of: "\n") {
            let line = output[..<newline]
            output = String(output[output.index(after: newline)...])
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "bench-move", let number = Int(fields[1]), let time = Int64(fields[2]) {
                moves.append((number, time))
            } else {
                other = String((other + line + "\n").suffix(4000))
            }
        }
    }
}
