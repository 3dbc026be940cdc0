import DemoKit
import Glibc

/// One demo's Edit and Run: builds the edited files with `swiftc` and runs
/// the result as `demo-shell --run-plugin=…`, each in a process of its own,
/// watched from the main loop. Nothing the edited code does (a crash, an
/// endless loop) reaches the launcher, and the launcher never waits for it.
///
/// A new run cancels a build under way and replaces a demo still running,
/// once its build is ready: a build that fails leaves it running.
/// The launcher is the subreaper of the demos it runs, so Stop ends what an
/// edited demo started, even in a session of its own.
@MainActor
public final class EditRunSession {
    public enum Phase: Equatable, Sendable {
        case idle
        case building
        case running
    }

    /// A diagnostic with the demo file it is about (nil: another file, or none).
    public struct Problem: Equatable, Sendable {
        public let relativePath: String?
        public let diagnostic: CompilerDiagnostic
    }

    public private(set) var phase: Phase = .idle { didSet { if phase != oldValue { onPhaseChanged?(phase) } } }
    var onPhaseChanged: ((Phase) -> Void)?
    public var onProblems: (([Problem]) -> Void)?
    /// Text for the Output pane, as it comes.
    var onOutput: ((String) -> Void)?
    /// The Output pane starts again (a new run).
    var onOutputCleared: (() -> Void)?
    /// A sentence for the status line (nil clears it).
    public var onStatus: ((String?) -> Void)?

    private let paths: ShellPaths
    private let shellExecutable: String
    private var build: CompilerRun?
    private var child: Subprocess?
    /// Edited demos this session asked to end (Stop, a replacing run):
    /// another end on SIGTERM or SIGKILL came from another program.
    private var stopping: Set<Int32> = []
    private var generation = 0
    private var verifiedCompiler: String?
    /// Replaced runs still ending (SIGTERM sent, SIGKILL half a second
    /// later): kept until they have, so their pipes are read to the end.
    private var dying: [Subprocess] = []
    /// How long each step of the last run took, in seconds (its compiler
    /// runs, by module), for the benchmark and the tests.
    public private(set) var lastTimings: [(String, Double)] = []
    /// When the last run began and when its demo's process was started
    /// (CLOCK_MONOTONIC seconds), for the benchmark's split.
    public private(set) var runStartedAt = 0.0, childStartedAt: Double?
    /// How many edited demos this session has started (a cancelled build starts none).
    public private(set) var launches = 0

    public init(paths: ShellPaths, shellExecutable: String? = nil) {
        self.paths = paths
        let directory = paths.executableDirectory ?? FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        self.shellExecutable = shellExecutable ?? FileSystem.join(directory, "demo-shell")
    }

    /// The process of the edited demo now running, if any.
    public var childProcessID: Int32? { child?.processID }

    // MARK: Run

    /// Builds `inputs` (every Swift file of the demo, edited or not) unless an
    /// identical build exists, then opens the result.
    public func run(manifest: PluginManifest, manifestText: String, inputs: [EditBuildPlan.Input], workspace: EditWorkspace) {
        generation += 1
        runStartedAt = MainLoop.monotonicSeconds
        childStartedAt = nil
        let run = generation
        build?.abandon()
        build = nil
        onProblems?([])
        // A demo still running goes on until the new build is ready, and its Output with it.
        if child == nil { onOutputCleared?() }
        onStatus?(nil)
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(problem)
        case .success(let found): sdk = found
        }
        guard let compiler = SwiftToolchain.find() else { return fail(.noCompiler) }
        let plan = EditBuildPlan.make(
            compiler: compiler, sdk: sdk, manifest: manifest, manifestText: manifestText, inputs: inputs,
            workspace: workspace, sharedBuilds: FileSystem.join(Self.cacheDirectory, "shared"),
            moduleCache: FileSystem.join(Self.cacheDirectory, "module-cache"))
        phase = .building
        onStatus?(localized("Building…"))
        lastTimings = []
        let started = MainLoop.monotonicSeconds
        checkCompiler(compiler, wanted: sdk.compilerVersion, run: run) { [weak self] in
            guard let self, run == self.generation else { return }
            self.lastTimings.append(("compiler check", MainLoop.monotonicSeconds - started))
            if FileSystem.isRegularFile(plan.libraryPath), FileSystem.isRegularFile(plan.manifestPath) {
                // Unchanged since the last good build: its warnings still stand.
                self.onProblems?(plan.steps.flatMap { self.problems(of: $0, output: "", plan: plan) })
                self.launch(plan, run: run)
                return
            }
            do throws(FileError) {
                try self.prepare(plan, workspace: workspace)
            } catch {
                return self.fail(.cannotWrite(error.message))
            }
            self.runSteps(plan, from: 0, problems: [], run: run)
        }
    }

    /// Ends the edited demo and everything it started: politely, then for
    /// good half a second later.
    public func stop() {
        generation += 1
        if let build {
            build.abandon()
            self.build = nil
            onStatus?(localized("Build stopped."))
        }
        phase = child == nil ? .idle : .running
        endChild()
    }

    /// Everything stops with the launcher's window.
    func close() {
        onPhaseChanged = nil; onProblems = nil; onOutput = nil; onOutputCleared = nil; onStatus = nil
        build?.abandon()
        build = nil
        if let child { SessionWatchdog.shared.forget(child.processID) }
        child?.abandon()
        child = nil
        for process in dying { process.abandon(); SessionWatchdog.shared.forget(process.processID) }
        dying = []
    }

    static var cacheDirectory: String { FileSystem.join(Environment.userCacheDirectory, "demo-shell", "edit-builds") }

    // MARK: Steps

    private func checkCompiler(_ compiler: String, wanted: String, run: Int, then next: @escaping @MainActor () -> Void) {
        if verifiedCompiler == compiler { return next() }
        switch CompilerRun.start([compiler, "--version"], overTime: { [weak self] in self?.overTime() }) {
        case .failure(let error):
            fail(.compilerFailed(path: compiler, reason: error.message))
        case .success(let process):
            build = process
            var text: [UInt8] = []
            process.onOutput { _, bytes in if text.count < 65_536 { text += bytes } }
            process.onExit { [weak self] _ in
                guard let self, run == self.generation else { return }
                self.build = nil
                let found = SwiftToolchain.versionLine(String(decoding: text, as: UTF8.self))
                guard found == wanted else { return self.fail(.otherCompiler(found: found, path: compiler, wanted: wanted)) }
                self.verifiedCompiler = compiler
                next()
            }
        }
    }

    /// Writes the files to compile into the build folder.
    private func prepare(_ plan: EditBuildPlan, workspace: EditWorkspace) throws(FileError) {
        for input in plan.inputs {
            try FileSystem.writeAtomically(input.text, to: FileSystem.join(plan.sourcesDirectory, input.relativePath))
        }
    }

    private func runSteps(_ plan: EditBuildPlan, from index: Int, problems: [Problem], run: Int) {
        guard run == generation else { return }
        guard index < plan.steps.count else {
            do throws(FileError) {
                // Written last, atomically: a build cut short (the launcher
                // killed) has none, and is never taken for a finished one.
                try FileSystem.writeAtomically(plan.manifestText, to: plan.manifestPath)
            } catch {
                return fail(.cannotWrite(error.message))
            }
            removeOlderBuilds(than: plan)
            return launch(plan, run: run)
        }
        let step = plan.steps[index]
        if FileSystem.isRegularFile(step.output), FileSystem.isRegularFile(Self.doneMark(of: step)) {
            // Built before (the model, a shared module): what it said then still holds.
            let kept = problems + self.problems(of: step, output: "", plan: plan)
            return runSteps(plan, from: index + 1, problems: kept, run: run)
        }
        let started = MainLoop.monotonicSeconds
        _ = FileSystem.remove(step.diagnosticsPath)
        if let map = step.outputFileMap {
            do throws(FileError) {
                try FileSystem.writeAtomically(map.text, to: map.path)
            } catch {
                return fail(.cannotWrite(error.message))
            }
        }
        _ = FileSystem.remove(Self.doneMark(of: step))
        switch CompilerRun.start(step.arguments, environment: ["SWIFT_BACKTRACE": "enable=no"],
                                 overTime: { [weak self] in self?.overTime() }) {
        case .failure(let error):
            fail(.compilerFailed(path: step.arguments[0], reason: error.message))
        case .success(let process):
            build = process
            var text: [UInt8] = []
            process.onOutput { _, bytes in if text.count < 1 << 20 { text += bytes } }
            process.onExit { [weak self] ending in
                guard let self, run == self.generation else { return }
                self.build = nil
                self.lastTimings.append((step.module, MainLoop.monotonicSeconds - started))
                let output = String(decoding: text, as: UTF8.self)
                let found = problems + self.problems(of: step, output: output, plan: plan)
                self.onProblems?(found)
                guard ending == .exited(0) else {
                    self.phase = self.child == nil ? .idle : .running
                    let errors = found.filter { $0.diagnostic.isError }.count
                    self.onStatus?(errors == 0
                        ? localized("The build failed: {reason}").filling(["reason": Self.lastLines(of: output, count: 3)])
                        : errors == 1 ? localized("The build failed with 1 error.")
                        : localized("The build failed with {count} errors.").filling(["count": String(errors)]))
                    return
                }
                do throws(FileError) {
                    try FileSystem.writeAtomically("", to: Self.doneMark(of: step))
                } catch {
                    return self.fail(.cannotWrite(error.message))
                }
                self.runSteps(plan, from: index + 1, problems: found, run: run)
            }
        }
    }

    /// Beside a step's output once the step has finished: an output the
    /// compiler left half written (killed with the launcher) is not reused.
    static func doneMark(of step: EditBuildPlan.Step) -> String { step.output + ".done" }

    /// Older builds of this demo go once a new one is complete (not
    /// before: the launcher killed in the middle of a build keeps the last good one).
    private func removeOlderBuilds(than plan: EditBuildPlan) {
        let folder = FileSystem.dirname(plan.directory)
        let kept = [plan.directory, plan.modelDirectory].compactMap { $0 }.map(FileSystem.basename)
        for name in FileSystem.contents(ofDirectory: folder) where !kept.contains(name) {
            FileSystem.removeTree(FileSystem.join(folder, name))
        }
    }

    /// A compiler run outlasted `CompilerRun.timeLimit` (and was killed).
    private func overTime() {
        generation += 1
        build = nil
        phase = child == nil ? .idle : .running
        onStatus?(CompilerRun.timeLimitMessage(seconds: CompilerRun.timeLimit))
    }

    /// The compiler's own structured diagnostics (`.dia`) when it wrote
    /// them, and what only the text says (the driver's and the linker's
    /// errors, which come outside the compiler proper).
    private func problems(of step: EditBuildPlan.Step, output: String, plan: EditBuildPlan) -> [Problem] {
        var diagnostics: [CompilerDiagnostic] = []
        var structured = false
        if let bytes = FileSystem.readBytes(step.diagnosticsPath),
           case .success(let read) = SerializedDiagnostics.parse(bytes) {
            diagnostics = read
            structured = true
        }
        let text = CompilerTextDiagnostics.parse(output)
        diagnostics += structured ? text.filter { $0.line == 0 } : text
        return diagnostics.map { diagnostic in
            Problem(relativePath: plan.relativePath(ofCompiled: diagnostic.path), diagnostic: diagnostic)
        }
    }

    // MARK: The edited demo

    private func launch(_ plan: EditBuildPlan, run: Int) {
        // --edited: settings of its own and "(edited)" in its title, apart
        // from the shipped demo's.
        let arguments = [shellExecutable, "--run-plugin=" + plan.manifestPath, "--edited"]
        Subprocess.adoptOrphans()
        switch Subprocess.start(arguments, environment: ParentWatch.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }) {
        case .failure(let error):
            phase = child == nil ? .idle : .running
            onStatus?(localized("The edited demo cannot be started: {reason}.").filling(["reason": error.message]))
        case .success(let process):
            if let replaced = child {
                endChild()
                dying.append(replaced)
                onOutputCleared?()
            }
            child = process
            SessionWatchdog.shared.watch(process.processID)
            launches += 1
            childStartedAt = MainLoop.monotonicSeconds
            phase = .running
            onStatus?(localized("Running the edited demo."))
            var decoder = OutputDecoder()
            var lastError = OutputTail()
            process.onOutput { [weak self] stream, bytes in
                let text = decoder.decode(bytes, stream: stream)
                if stream == .error { lastError.add(text) }
                // A replaced run's last words do not mix into the new run's Output.
                if self?.child === process { self?.onOutput?(text) }
            }
            process.onExit { [weak self] ending in
                guard let self else { return }
                // What it started in a session of its own goes with it.
                process.terminate(signal: SIGKILL)
                SessionWatchdog.shared.forget(process.processID)
                let stopped = self.stopping.remove(process.processID) != nil
                self.dying.removeAll { $0 === process }
                guard self.child === process else { return }
                self.child = nil
                let rest = decoder.finish()
                if !rest.isEmpty { self.onOutput?(rest) }
                let summary = Self.describe(ending, lastError: lastError.crashLine, stoppedHere: stopped)
                self.onOutput?((rest.isEmpty || rest.hasSuffix("\n") ? "" : "\n") + summary + "\n")
                if self.build == nil { self.onStatus?(summary) }
                if self.build == nil { self.phase = .idle }
            }
        }
    }

    /// Asks the edited demo (and what it started) to end, and makes sure
    /// half a second later: a demo that ignores SIGTERM is killed.
    private func endChild() {
        guard let child else { return }
        stopping.insert(child.processID)
        child.terminate(signal: SIGTERM)
        MainLoop.after(milliseconds: 500) { child.terminate(signal: SIGKILL) }
    }

    /// How the edited demo ended; `stoppedHere`: Stop (or a new run) ended it.
    nonisolated static func describe(_ ending: Subprocess.Ending, lastError: String?, stoppedHere: Bool = true) -> String {
        switch ending {
        case .exited(let status):
            return localized("Exited with status {status}.").filling(["status": String(status)])
        case .signaled(let signal) where (signal == SIGTERM || signal == SIGKILL) && stoppedHere:
            return localized("Stopped ({signal}).").filling(["signal": signalName(signal)])
        case .signaled(let signal) where [SIGTERM, SIGKILL, SIGINT, SIGHUP].contains(signal):
            return localized("Killed ({signal}) by another program.").filling(["signal": signalName(signal)])
        case .signaled(let signal):
            guard let lastError else { return localized("Crashed: {signal}.").filling(["signal": signalName(signal)]) }
            return localized("Crashed: {signal} ({reason}).").filling(["signal": signalName(signal), "reason": lastError])
        }
    }

    private func fail(_ problem: EditRunProblem) {
        build?.abandon()
        build = nil
        phase = child == nil ? .idle : .running
        onStatus?(problem.message)
    }

    static func lastLines(of text: String, count: Int) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: " ")
    }
}
