import DemoShellKit
import ShellModel
import Glibc

/// One demo's Edit and Run: builds the edited files with `swiftc` and runs
/// the result as `demo-shell --run-plugin=…`, each in a process of its own,
/// watched from the main loop. Nothing the edited code does (a crash, an
/// endless loop) reaches the launcher, and the launcher never waits for it.
///
/// Each Run Edited is one task on the main actor, from the compiler's check
/// to the demo's launch (`build`), awaiting each compiler in turn; Stop, a
/// newer Run Edited and closing cancel it, and cancelling it ends the
/// compiler under way at once. A new run replaces a demo still running,
/// once its build is ready: a build that fails leaves it running.
/// The launcher is the subreaper of the demos it runs, so Stop ends what an
/// edited demo started, even in a session of its own.
///
/// It reports what happened as values (`EditRunStatus`); the Launcher words them.
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
    package var onPhaseChanged: ((Phase) -> Void)?
    public var onProblems: (([Problem]) -> Void)?
    /// Text for the Output pane, as it comes.
    package var onOutput: ((String) -> Void)?
    /// The Output pane starts again (a new run).
    package var onOutputCleared: (() -> Void)?
    /// What the status line says (nil clears it).
    package var onStatus: ((EditRunStatus?) -> Void)?
    /// The edited demo ended, after the last of its output: the Output's last line.
    package var onDemoEnded: ((EditRunEnding) -> Void)?
    /// Set, a finished build is handed here instead of launched (a demo of
    /// the learner's own, which runs as a plugin from elsewhere: `MyDemoBuilds`).
    package var onBuilt: ((EditBuildPlan) -> Void)?
    /// Show Values: the next Run Edited compiles the demo's own files with
    /// the playground transform and its child sends `ValueRecord`s.
    package var showsValues = false
    /// Records from the running edited demo (Show Values), in batches, in order.
    package var onValues: (([ValueRecord]) -> Void)?
    /// Live: whether a finished build opens (the demo running or not, `LiveEdits.afterBuild`); nil: it does.
    package var opensBuild: ((_ plan: EditBuildPlan, _ demoRunning: Bool) -> Bool)?

    let paths: ShellPaths
    let shellExecutable: String
    /// Edit is on: one child waits, ready for the next Run Edited (`ReadyChild`).
    package var keepsChildReady = false { didSet { updateReadyChild(); updateCompileServer() } }
    var readyChild: ReadyChild?
    var compileServer: CompileServer?
    /// Steps the compile server has compiled, for tests.
    package var serverCompiles = 0
    var compileServerFailures = 0
    /// The latest Run Edited's build, until its demo is launched or it fails.
    private var building: Task<Void, Never>?
    private var child: Subprocess?
    /// Edited demos this session asked to end (Stop, a replacing run):
    /// another end on SIGTERM or SIGKILL came from another program.
    private var stopping: Set<Int32> = []
    var verifiedCompiler: String?
    /// Replaced runs still ending (SIGTERM sent, SIGKILL half a second
    /// later): kept until they have, so their pipes are read to the end.
    private var dying: [Subprocess] = []
    /// How long each step of the last run took, in seconds (its compiler
    /// runs, by module), for the benchmark and the tests.
    package private(set) var lastTimings: [(String, Double)] = []
    /// When the last run began and when its demo's process was started
    /// (CLOCK_MONOTONIC seconds), for the benchmark's split.
    package private(set) var runStartedAt = 0.0, childStartedAt: Double?
    /// How many edited demos this session has started (a cancelled build starts none).
    package private(set) var launches = 0
    /// The Problems last reported: a crash of the demo is added to them.
    private var reported: [Problem] = []

    public init(paths: ShellPaths, shellExecutable: String? = nil) {
        self.paths = paths
        let directory = paths.executableDirectory ?? FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        self.shellExecutable = shellExecutable ?? FileSystem.join(directory, "demo-shell")
    }

    /// The process of the edited demo now running, if any.
    package var childProcessID: Int32? { child?.processID }

    // MARK: Run

    /// Builds `inputs` (every Swift file of the demo, edited or not) unless an
    /// identical build exists, then opens the result.
    public func run(manifest: PluginManifest, manifestText: String, inputs: [EditBuildPlan.Input], workspace: EditWorkspace) {
        cancelBuild()
        runStartedAt = MainLoop.monotonicSeconds
        childStartedAt = nil
        report([])
        // A demo still running goes on until the new build is ready, and its Output with it.
        if child == nil { onOutputCleared?() }
        onStatus?(nil)
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(.cannotBuild(problem))
        case .success(let found): sdk = found
        }
        guard let compiler = SwiftToolchain.find() else { return fail(.cannotBuild(.noCompiler)) }
        updateCompileServer(compiler: compiler) // one that ended (a crash, a hang) is started again
        let plan = EditBuildPlan.make(
            compiler: compiler, sdk: sdk, manifest: manifest, manifestText: manifestText, inputs: inputs,
            workspace: workspace, sharedBuilds: FileSystem.join(Self.cacheDirectory, "shared"),
            moduleCache: FileSystem.join(Self.cacheDirectory, "module-cache"), showsValues: showsValues)
        phase = .building
        onStatus?(.building)
        lastTimings = []
        building = Task { [weak self] in
            guard let self else { return }
            do throws(BuildEnd) {
                try await self.build(plan, compiler: compiler, wanted: sdk.compilerVersion)
                guard !Task.isCancelled else { return }
                self.building = nil
                if let onBuilt = self.onBuilt {
                    self.phase = self.child == nil ? .idle : .running
                    onBuilt(plan)
                } else if self.opensBuild?(plan, self.child != nil) ?? true {
                    self.launch(plan)
                } else { self.phase = self.child == nil ? .idle : .running; self.onStatus?(self.child == nil ? .checked : .running) }
            } catch {
                // Cancelled: Stop, a newer run or closing has taken over.
                guard case .failed(let status) = error, !Task.isCancelled else { return }
                self.building = nil
                self.fail(status)
            }
        }
    }

    /// Ends the edited demo and everything it started: politely, then for
    /// good half a second later.
    public func stop() {
        if building != nil {
            cancelBuild()
            onStatus?(.buildStopped)
        }
        phase = child == nil ? .idle : .running
        endChild()
    }

    /// Everything stops with the launcher's window.
    package func close() {
        onPhaseChanged = nil; onProblems = nil; onOutput = nil; onOutputCleared = nil; onStatus = nil; onDemoEnded = nil; onBuilt = nil; onValues = nil
        keepsChildReady = false
        cancelBuild()
        if let child { SessionWatchdog.shared.forget(child.processID) }
        child?.abandon()
        child = nil
        for process in dying { process.abandon(); SessionWatchdog.shared.forget(process.processID) }
        dying = []
    }

    nonisolated static var cacheDirectory: String { FileSystem.join(Environment.userCacheDirectory, "demo-shell", "edit-builds") }

    /// Cancelling the build's task ends its compiler, and what that started, now.
    private func cancelBuild() {
        building?.cancel()
        building = nil
    }

    private func fail(_ status: EditRunStatus) {
        phase = child == nil ? .idle : .running
        onStatus?(status)
    }

    // MARK: Building

    /// Why a build ended with nothing to launch.
    enum BuildEnd: Error {
        /// Its task was cancelled.
        case cancelled
        /// It failed: what to say.
        case failed(EditRunStatus)
    }

    /// The compiler's check, then each step of `plan` not built before,
    /// the Problems reported as each step ends; the manifest last.
    private func build(_ plan: EditBuildPlan, compiler: String, wanted: String) async throws(BuildEnd) {
        guard !Task.isCancelled else { throw .cancelled } // before its task first ran
        let temporary = BuildTemporaryFolder(of: plan)
        try writing { () throws(FileError) in try temporary.create() }
        defer { temporary.remove() }
        let environment: [String: String?] = ["SWIFT_BACKTRACE": "enable=no", "TMPDIR": temporary.path]
        let started = MainLoop.monotonicSeconds
        try await checkCompiler(compiler, wanted: wanted, environment: environment)
        lastTimings.append(("compiler check", MainLoop.monotonicSeconds - started))
        if FileSystem.isRegularFile(plan.libraryPath), FileSystem.isRegularFile(plan.manifestPath) {
            // Unchanged since the last good build: its warnings still stand.
            report(plan.steps.flatMap { problems(of: $0, output: "", plan: plan) })
            return
        }
        try writing { () throws(FileError) in try prepare(plan) }
        // Cancelled with the build if it throws; done by the view's step if not.
        async let primed: Void = primeIfCold(plan, environment: environment)
        var found: [Problem] = []
        for step in plan.steps {
            if FileSystem.isRegularFile(step.output), FileSystem.isRegularFile(Self.doneMark(of: step)) {
                // Built before (the model, a shared module): what it said then still holds.
                found += problems(of: step, output: "", plan: plan)
                continue
            }
            let started = MainLoop.monotonicSeconds
            _ = FileSystem.remove(step.diagnosticsPath)
            _ = FileSystem.remove(Self.serverDiagnosticsPath(of: step))
            if let map = step.outputFileMap {
                try writing { () throws(FileError) in try FileSystem.writeAtomically(map.text, to: map.path) }
            }
            _ = FileSystem.remove(Self.doneMark(of: step))
            let (ending, output) = try await compileStep(step.arguments, folders: [plan.directory, plan.modelDirectory ?? ""],
                                                         environment: environment, keeping: 1 << 20,
                                                         replyPath: Self.serverDiagnosticsPath(of: step))
            lastTimings.append((step.module, MainLoop.monotonicSeconds - started))
            found += problems(of: step, output: output, plan: plan)
            report(found)
            guard ending == .exited(0) else {
                let errors = found.filter { $0.diagnostic.isError }.count
                throw .failed(.buildFailed(errors: errors, compilerSaid: Self.lastLines(of: output, count: 3)))
            }
            try writing { () throws(FileError) in try FileSystem.writeAtomically("", to: Self.doneMark(of: step)) }
        }
        // Written last, atomically: a build cut short (the launcher
        // killed) has none, and is never taken for a finished one.
        await primed
        try writing { () throws(FileError) in try FileSystem.writeAtomically(plan.manifestText, to: plan.manifestPath) }
        removeOlderBuilds(than: plan)
    }

    /// Runs one compiler to its end; a cancelled build goes no further.
    func compile(_ arguments: [String], environment: [String: String?] = [:],
                         keeping limit: Int) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        guard !Task.isCancelled else { throw .cancelled }
        switch CompilerRun.start(arguments, environment: environment, keeping: limit) {
        case .failure(let error):
            throw .failed(.cannotBuild(.compilerFailed(path: arguments[0], reason: error.message)))
        case .success(let run):
            let outcome = await run.finished()
            guard !Task.isCancelled else { throw .cancelled }
            switch outcome {
            case .ended(let ending, let output): return (ending, output)
            case .overTime: throw .failed(.overTime(seconds: CompilerRun.timeLimit))
            case nil: throw .cancelled
            }
        }
    }

    private func writing(_ write: () throws(FileError) -> Void) throws(BuildEnd) {
        do throws(FileError) {
            try write()
        } catch {
            throw .failed(.cannotBuild(.cannotWrite(error.message)))
        }
    }

    /// Writes the files to compile into the build folder.
    private func prepare(_ plan: EditBuildPlan) throws(FileError) {
        for input in plan.inputs {
            try FileSystem.writeAtomically(input.text, to: FileSystem.join(plan.sourcesDirectory, plan.compiledRelativePath(input.relativePath)))
        }
        for input in plan.generated {
            try FileSystem.writeAtomically(input.text, to: FileSystem.join(plan.sourcesDirectory, input.relativePath))
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
        // The compile server's come as structure (its output is their text, for people).
        let served = structured ? nil : Self.serverDiagnostics(of: step)
        let text = served == nil ? CompilerTextDiagnostics.parse(output) : []
        diagnostics += served ?? (structured ? text.filter { $0.line == 0 } : text)
        return diagnostics.map { diagnostic in
            Problem(relativePath: plan.relativePath(ofCompiled: diagnostic.path), diagnostic: diagnostic)
        }
    }

    // MARK: The edited demo

    private func launch(_ plan: EditBuildPlan) {
        // --edited: settings of its own and "(edited)" in its title, apart
        // from the shipped demo's.
        let arguments = [shellExecutable, "--run-plugin=" + plan.manifestPath, "--edited"]
        Subprocess.adoptOrphans()
        switch startChild(arguments, environment: launchEnvironment(), manifestPath: plan.manifestPath,
                          channel: Self.valuesChannel(for: plan)) {
        case .failure(let error):
            fail(.cannotStart(reason: error.message))
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
            onStatus?(.running)
            let output = DemoOutput(plan)
            process.onOutput { [weak self] stream, bytes in
                let text = output.decoder.decode(bytes, stream: stream)
                if stream == .error { output.errors.add(text); output.crash.add(text) }
                // A replaced run's last words do not mix into the new run's Output.
                if self?.child === process { self?.onOutput?(text) }
            }
            if plan.showsValues { watchValues(of: process, plan: plan) }
            Task { [weak self] in
                // Nil: abandoned as the window closed, with nothing more to tell.
                guard let ending = await process.ended() else { return }
                self?.ended(process, ending, output: output)
            }
        }
    }

    private func ended(_ process: Subprocess, _ ending: Subprocess.Ending, output: DemoOutput) {
        // What it started in a session of its own goes with it.
        process.terminate(signal: SIGKILL)
        SessionWatchdog.shared.forget(process.processID)
        let stopped = stopping.remove(process.processID) != nil
        dying.removeAll { $0 === process }
        guard child === process else { return }
        child = nil
        let rest = output.decoder.finish()
        // The end is told on a line of its own.
        if !rest.isEmpty { onOutput?(rest.hasSuffix("\n") ? rest : rest + "\n") }
        let end = EditRunEnding(ending, lastError: output.crash.reason ?? output.errors.crashLine, stoppedHere: stopped)
        if ending != .exited(0), !stopped, let crash = output.crash.crash {
            report(reported.filter { $0.diagnostic.category != Self.crashCategory } + [Self.problem(crash, plan: output.plan)])
        }
        onDemoEnded?(end)
        if building == nil {
            onStatus?(.ended(end))
            phase = .idle
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

    private func report(_ problems: [Problem]) {
        reported = problems
        onProblems?(problems)
    }

    /// The edited demo's backtracer, on and brief: the demo's frames with
    /// their files and lines (the build keeps line tables), in its error
    /// output, at once (no waiting for a debugger). Built-in demos keep it off.
    /// The crashed thread's registers: its stack pointer tells a stack
    /// overflow from another bad pointer (`CrashSigns`).
    static let backtrace = "enable=yes,interactive=no,symbolicate=full,format=text,output-to=stderr,color=no,"
        + "registers=crashed,images=none,threads=crashed,sanitize=no"

    /// Marks a crash's Problem apart from the compiler's.
    static let crashCategory = "runtime crash"


    static func lastLines(of text: String, count: Int) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: " ")
    }
}
