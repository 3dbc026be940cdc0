import DemoShellKit
import EditRunModel
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
        /// Who found it: the compiler, or the edited demo's crash at its line.
        public enum Origin: Equatable, Sendable {
            case compiler
            case crash
            /// The language service, from the text as typed (`EditorLanguage`), without a build.
            case typing
        }

        public let relativePath: String?
        public let diagnostic: CompilerDiagnostic
        public let origin: Origin

        public init(relativePath: String?, diagnostic: CompilerDiagnostic, origin: Origin = .compiler) {
            self.relativePath = relativePath
            self.diagnostic = diagnostic
            self.origin = origin
        }
    }

    public private(set) var phase: Phase = .idle { didSet { if phase != oldValue { tell(.phaseChanged(phase)) } } }
    /// The one listener (`EditRunEvent`); nil after `close()`.
    package weak var delegate: (any EditRunSessionDelegate)?
    /// A finished build is handed to the delegate (`.built`) instead of
    /// launched: a demo of the learner's own, which runs as a plugin from
    /// elsewhere (`MyDemoBuilds`). Such a session keeps no child ready.
    package var handsOverBuilds = false
    /// Show Values: the next Run Edited compiles the demo's own files with
    /// the playground transform and its child sends `ValueRecord`s.
    package var showsValues = false

    package let paths: ShellPaths
    let shellExecutable: String
    /// Edit is on: one child waits, ready for the next Run Edited (`ReadyChild`).
    package var keepsChildReady = false {
        didSet {
            ready.update(wanted: keepsChildrenWarm)
            builder.server.update(wanted: keepsChildrenWarm)
        }
    }
    /// The child kept ready while Edit is on, for the next Run Edited.
    package let ready: ReadyChildSlot
    /// Builds each run's plan, and keeps the compile server while Edit is on.
    package let builder: EditBuilder
    /// The latest Run Edited's build, until its demo is launched or it fails.
    private var building: Task<Void, Never>?
    private var child: Subprocess?
    /// Edited demos this session asked to end (Stop, a replacing run):
    /// another end on SIGTERM or SIGKILL came from another program.
    private var stopping: Set<Int32> = []
    /// Replaced runs still ending (SIGTERM sent, SIGKILL half a second
    /// later): kept until they have, so their pipes are read to the end.
    private var dying: [Subprocess] = []
    /// What the runs did and when: for the benchmark, the tests and the
    /// places of Live's windows.
    package internal(set) var metrics = EditRunMetrics()
    /// The Problems last reported: a crash of the demo is added to them.
    private var reported: [Problem] = []

    public init(paths: ShellPaths, shellExecutable: String? = nil) {
        self.paths = paths
        let directory = paths.executableDirectory ?? FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        self.shellExecutable = shellExecutable ?? FileSystem.join(directory, "demo-shell")
        builder = EditBuilder(paths: paths, shellExecutable: self.shellExecutable)
        ready = ReadyChildSlot(executable: self.shellExecutable)
    }

    /// Edit is on, for a demo that runs as built: a ready child and the compile server are kept warm.
    private var keepsChildrenWarm: Bool { keepsChildReady && !handsOverBuilds }

    /// The process of the edited demo now running, if any.
    package var childProcessID: Int32? { child?.processID }

    // MARK: Run

    /// Builds `inputs` (every Swift file of the demo, edited or not) unless an
    /// identical build exists, then opens the result.
    public func run(
        manifest: PluginManifest, manifestText: String, inputs: [EditBuildPlan.Input], workspace: EditWorkspace
    ) {
        cancelBuild()
        metrics.runStartedAt = MainLoop.monotonicSeconds
        metrics.childStartedAt = nil
        report([])
        // A demo still running goes on until the new build is ready, and its Output with it.
        if child == nil { tell(.outputCleared) }
        tell(.status(nil))
        let sdk: EditSDK
        switch EditSDK.locate(paths: paths) {
        case .failure(let problem): return fail(.cannotBuild(problem))
        case .success(let found): sdk = found
        }
        guard let compiler = SwiftToolchain.find() else { return fail(.cannotBuild(.noCompiler)) }
        // One that ended (a crash, a hang) is started again.
        builder.server.update(wanted: keepsChildrenWarm, compiler: compiler)
        let plan = EditBuildPlan.make(
            compiler: compiler, sdk: sdk, manifest: manifest, manifestText: manifestText, inputs: inputs,
            workspace: workspace, sharedBuilds: FileSystem.join(Self.cacheDirectory, "shared"),
            moduleCache: FileSystem.join(Self.cacheDirectory, "module-cache"), showsValues: showsValues)
        phase = .building
        tell(.status(.building))
        builder.begin()
        building = Task { [weak self] in
            guard let self else { return }
            do throws(BuildEnd) {
                try await self.builder.build(plan, compiler: compiler, wanted: sdk.compilerVersion) { found in
                    self.report(found)
                }
                guard !Task.isCancelled else { return }
                self.building = nil
                if self.handsOverBuilds {
                    self.phase = self.child == nil ? .idle : .running
                    self.tell(.built(plan))
                } else if self.delegate?.editRunSession(self, shouldOpen: plan, demoRunning: self.child != nil) ?? true
                {
                    self.launch(plan)
                } else {
                    self.phase = self.child == nil ? .idle : .running
                    self.tell(.status(self.child == nil ? .checked : .running))
                }
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
            tell(.status(.buildStopped))
        }
        phase = child == nil ? .idle : .running
        endChild()
    }

    /// Everything stops with the launcher's window.
    package func close() {
        delegate = nil
        keepsChildReady = false
        cancelBuild()
        child?.abandon()
        child = nil
        for process in dying { process.abandon() }
        dying = []
    }

    nonisolated static var cacheDirectory: String {
        FileSystem.join(Environment.userCacheDirectory, "demo-shell", "edit-builds")
    }

    /// Cancelling the build's task ends its compiler, and what that started, now.
    private func cancelBuild() {
        building?.cancel()
        building = nil
    }

    private func fail(_ status: EditRunStatus) {
        phase = child == nil ? .idle : .running
        tell(.status(status))
    }

    /// Every event goes out here, to the one delegate.
    func tell(_ event: EditRunEvent) {
        delegate?.editRunSession(self, didReport: event)
    }

    // MARK: The edited demo

    private func launch(_ plan: EditBuildPlan) {
        // --edited: settings of its own and "(edited)" in its title, apart
        // from the shipped demo's.
        let arguments = [shellExecutable, "--run-plugin=" + plan.manifestPath, "--edited"]
        let running = childProcessID == nil ? nil : WindowPlaces.place(ofLaunch: metrics.launches)
        let environment = Self.childEnvironment.merging(
            WindowPlaces.environment(afterLaunches: metrics.launches, running: running)
        ) { $1 }
        switch ready.start(
            arguments, environment: environment, manifestPath: plan.manifestPath,
            channel: RunValues.channel(for: plan))
        {
        case .failure(let error):
            fail(.cannotStart(reason: error.message))
        case .success(let process):
            if let replaced = child {
                endChild()
                dying.append(replaced)
                tell(.outputCleared)
            }
            child = process
            metrics.launches += 1
            metrics.childStartedAt = MainLoop.monotonicSeconds
            phase = .running
            tell(.status(.running))
            let output = DemoOutput(plan)
            process.onOutput { [weak self] stream, bytes in
                let text = output.decoder.decode(bytes, stream: stream)
                if stream == .error {
                    output.errors.add(text)
                    output.crash.add(text)
                }
                // A replaced run's last words do not mix into the new run's Output.
                if let self, self.child === process { self.tell(.output(text)) }
            }
            if plan.showsValues {
                // A replaced run's last records are dropped, as its output is.
                RunValues.watch(process, plan: plan, origin: metrics.childStartedAt ?? MainLoop.monotonicSeconds) {
                    [weak self] records in
                    guard let self, self.child === process else { return }
                    self.tell(.values(records))
                }
            }
            Task { [weak self] in
                // Nil: abandoned as the window closed, with nothing more to tell.
                guard let ending = await process.ended() else { return }
                self?.ended(process, ending, output: output)
            }
        }
    }

    private func ended(_ process: Subprocess, _ ending: Subprocess.Ending, output: DemoOutput) {
        // What it started in a session of its own goes with it (`ChildSupervisor`).
        let stopped = stopping.remove(process.processID) != nil
        dying.removeAll { $0 === process }
        guard child === process else { return }
        child = nil
        let rest = output.decoder.finish()
        // The end is told on a line of its own.
        if !rest.isEmpty { tell(.output(rest.hasSuffix("\n") ? rest : rest + "\n")) }
        let end = EditRunEnding(ending, lastError: output.crash.reason ?? output.errors.crashLine, stoppedHere: stopped)
        if ending != .exited(0), !stopped, let crash = output.crash.crash {
            report(reported.filter { $0.origin != .crash } + [output.problem(crash)])
        }
        tell(.demoEnded(end))
        if building == nil {
            tell(.status(.ended(end)))
            phase = .idle
        }
    }

    /// Asks the edited demo (and what it started) to end, and makes sure
    /// half a second later: a demo that ignores SIGTERM is killed.
    private func endChild() {
        guard let child else { return }
        stopping.insert(child.processID)
        ChildSupervisor.shared.end(child)
    }

    private func report(_ problems: [Problem]) {
        reported = problems
        tell(.problems(problems))
    }

    /// The edited demo's backtracer, on and brief: the demo's frames with
    /// their files and lines (the build keeps line tables), in its error
    /// output, at once (no waiting for a debugger). Built-in demos keep it off.
    /// The crashed thread's registers: its stack pointer tells a stack
    /// overflow from another bad pointer (`CrashSigns`).
    /// Where the edited demo now running last said its window is; nil when
    /// none runs or it said nothing usable.
    package var runningPlace: WindowPlace? {
        childProcessID == nil ? nil : WindowPlaces.place(ofLaunch: metrics.launches)
    }

    /// The edited demo's environment: it ends with the launcher; its crash
    /// is told with its lines (`backtrace`).
    static var childEnvironment: [String: String?] {
        ParentWatch.environment.merging(["SWIFT_BACKTRACE": backtrace]) { $1 }
    }

    static let backtrace =
        "enable=yes,interactive=no,symbolicate=full,format=text,output-to=stderr,color=no,"
        + "registers=crashed,images=none,threads=crashed,sanitize=no"

    static func lastLines(of text: String, count: Int) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: " ")
    }
}
