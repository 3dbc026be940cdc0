import DemoShellKit
import EditRunModel
import ShellModel
import Glibc

/// What isolated demos need of the application that starts them (the
/// launcher's `Shell`), so that this layer knows no window.
@MainActor
package protocol IsolatedDemosOwner: AnyObject {
    var application: Application { get }
    /// Children quit with the launcher's `--autoquit` (tests).
    var autoquit: Bool { get }
    /// Demo `id`'s process started: an earlier crash notice of it goes.
    func isolatedDemoStarted(id: String)
    /// Demo `id`'s process ended on a signal it was not sent by the launcher
    /// (`message` says which), to be shown with Open Again.
    func isolatedDemo(id: String, ended message: String)
}

/// Plugins from elsewhere, each run in a process of its own
/// (`demo-shell --run-plugin=MANIFEST`), so that one that crashes after its
/// check (an index out of range in a button handler) takes down its own
/// window and not the launcher with every open demo: code under test "can
/// crash but not take the shell down", as GNOME Workbench puts it.
///
/// The launcher reads such a plugin's manifest and has it checked in a child
/// process, as any plugin, but never loads its library. The demo's process
/// has its windows, its settings (the same file as in the launcher's
/// process: it is the same plugin) and its host services; what it asks of
/// the launcher (another demo, Ctrl+Q) comes over the application's D-Bus
/// actions (`LauncherLink.open`). Its output reaches the launcher's, line
/// by line with the demo's id in front; its end on a signal is told in a
/// warning bar with **Open Again**. The built-in demos stay in the
/// launcher's process: they are the shell's own code, and a process costs
/// each window GTK's start-up again.
@MainActor
public final class IsolatedDemos {
    private unowned let owner: IsolatedDemosOwner
    /// `demo-shell` beside the running program (the build's one under XCTest).
    let executable: String
    private var running: [String: Child] = [:]

    private final class Child {
        let process: Subprocess
        let name: String
        /// Its connections on the session bus, once it has registered.
        var busNames: [String] = []
        /// Ended by the launcher (it quits): its signal is no crash.
        var stopping = false

        init(process: Subprocess, name: String) {
            self.process = process
            self.name = name
        }
    }

    package init(owner: IsolatedDemosOwner, executableDirectory: String?) {
        self.owner = owner
        let directory = executableDirectory ?? FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        executable = FileSystem.join(directory, "demo-shell")
    }

    /// The process running demo `id`, while it runs.
    public func processID(of id: String) -> Int32? { running[id]?.process.processID }

    /// The demos running in processes of their own.
    public var runningIDs: Set<String> { Set(running.keys) }

    /// Starts the process for `entry` (already checked); nil once started,
    /// or why it could not be. The application is held while it runs, so
    /// the launcher's process stays as long as a demo it opened, as when
    /// that demo's window was its own.
    package func start(_ entry: PluginEntry) -> PluginFailure? {
        let id = entry.manifest.id
        var arguments = [executable, "--run-plugin=" + entry.manifestPath]
        if owner.autoquit { arguments.append("--autoquit") }
        var environment = LauncherAddress.environment(
            busName: owner.application.busName, applicationID: owner.application.id
        )
        .merging(ParentWatch.environment) { $1 }
        // A crash's report (symbolicated, as Edit and Run's) goes into the
        // plugin's log (`PluginLog`): its author reads why there.
        if Environment.value("SWIFT_BACKTRACE") == nil { environment["SWIFT_BACKTRACE"] = EditRunSession.backtrace }
        let process: Subprocess
        // What a demo starts in a session of its own is still found when it ends.
        switch ChildSupervisor.shared.start(arguments, environment: environment) {
        case .failure(let error):
            return PluginFailure(
                id: id, name: entry.info.name, manifestPath: entry.manifestPath,
                reason: localized("Its process cannot be started: {reason}.").filling(["reason": error.message]))
        case .success(let started): process = started
        }
        let child = Child(process: process, name: entry.info.name)
        running[id] = child
        owner.application.hold()
        owner.isolatedDemoStarted(id: id)
        var lines = PrefixedLines(prefix: "[\(id)] ")
        let log = PluginLog(id: id)
        log?.append(line: "— " + localized("{name} started").filling(["name": entry.info.name]) + " —")
        process.onOutput { stream, bytes in
            log?.append(bytes)
            Self.write(lines.add(bytes, from: stream), to: stream)
        }
        process.onExit { [weak self] ending in
            // What it started goes with it (`ChildSupervisor`).
            for (stream, text) in lines.finish() { Self.write(text, to: stream) }
            if case .signaled(let signal) = ending {
                log?.append(line: "— " + Self.endMessage(name: entry.info.name, signal: signal) + " —")
            }
            log?.close()
            self?.ended(id: id, child: child, ending: ending)
        }
        return nil
    }

    /// When demo `id` runs in a process of its own, asks it to present its
    /// window (its `app.open-demo`, which never waits for an answer) and
    /// returns true: one process per demo, as one window per demo in the launcher.
    package func bringForward(id: String) -> Bool {
        guard let child = running[id] else { return false }
        if child.busNames.isEmpty {
            child.busNames = RemoteAction.busNames(ofProcess: child.process.processID, milliseconds: 1000)
        }
        // Not registered yet: its window is about to show anyway.
        for name in child.busNames {
            RemoteAction.send("open-demo", argument: id, applicationID: ApplicationIdentity.id, busName: name)
        }
        return true
    }

    /// Ends every demo process and what each started (the launcher quits,
    /// which closed every demo's window when they were its own).
    package func stopAll() {
        for child in running.values {
            child.stopping = true
            ChildSupervisor.shared.end(child.process)
        }
    }

    private func ended(id: String, child: Child, ending: Subprocess.Ending) {
        guard running[id] === child else { return }
        running[id] = nil
        owner.application.release()
        // A clean exit (its window closed) says nothing; what it printed
        // before a failing one is on stderr already.
        guard case .signaled(let signal) = ending, !child.stopping else { return }
        let message = Self.endMessage(name: child.name, signal: signal)
        printError("demo-shell: \(message)")
        owner.isolatedDemo(id: id, ended: message)
    }

    /// "“Greeter” crashed (SIGILL).", or "was stopped" for the signals that
    /// end a process on purpose (a `kill`, a logout).
    static func endMessage(name: String, signal: Int32) -> String {
        let values = ["name": name, "signal": signalName(signal)]
        return [SIGTERM, SIGKILL, SIGINT, SIGHUP].contains(signal)
            ? localized("“{name}” was stopped ({signal}).").filling(values)
            : localized("“{name}” crashed ({signal}).").filling(values)
    }

    private static func write(_ text: String, to stream: Subprocess.Stream) {
        guard !text.isEmpty else { return }
        switch stream {
        case .error: writeStandardError(text)
        case .output:
            print(text, terminator: "")
            fflush(nil)  // as it comes, whatever the launcher's stdout is
        }
    }
}

/// A child's output as whole lines, each with the demo's id in front, for
/// the launcher's own stdout and stderr: the lines of several demos and of
/// the launcher interleave, but never within a line, and each says whose it is.
struct PrefixedLines {
    let prefix: String
    private var decoder = OutputDecoder<Subprocess.Stream>()
    private var partial: [Subprocess.Stream: String] = [:]
    /// A line longer than this is cut, so an endless one cannot grow the launcher.
    static let longestLine = 4096

    init(prefix: String) { self.prefix = prefix }

    /// The complete lines in what came so far, prefixed, each ending in "\n".
    mutating func add(_ bytes: [UInt8], from stream: Subprocess.Stream) -> String {
        var pieces = ((partial[stream] ?? "") + decoder.decode(bytes, stream: stream))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var rest = pieces.removeLast()
        if rest.utf8.count > Self.longestLine {
            pieces.append(rest)
            rest = ""
        }
        partial[stream] = rest
        return pieces.map { prefix + $0 + "\n" }.joined()
    }

    /// What is left at the end, as lines (stdout's, then stderr's).
    mutating func finish() -> [(Subprocess.Stream, String)] {
        let tail = decoder.finish()
        var result: [(Subprocess.Stream, String)] = []
        for stream in [Subprocess.Stream.output, .error] {
            let text = (partial[stream] ?? "") + (stream == .error ? tail : "")
            if !text.isEmpty { result.append((stream, prefix + text + "\n")) }
        }
        partial = [:]
        return result
    }
}
