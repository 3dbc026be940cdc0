import DemoShellKit
import EditRunModel
import ShellModel
import Glibc
import Wire

/// One `demo-shell` started ahead of Run Edited while Edit is on: GTK
/// started, its theme and fonts read, the SDK loaded, waiting on its
/// standard input for the manifest of the build to run. Run Edited hands it
/// the new build instead of starting a process, so the edited window
/// appears without the process's start (`ReadyChildMain` is its side).
///
/// It is a child as any edited demo is: a process and session of its own,
/// marked (`Subprocess`), watched (`SessionWatchdog`) and ending with the
/// launcher however it ends (`ParentWatch`, and end-of-file on its
/// standard input, which only the launcher holds). Waiting, it runs none
/// of the learner's code; once it serves a run it is that run's child.
@MainActor
package final class ReadyChild {
    /// The program's option for waiting (internal: not in --help).
    package static let option = "--wait-for-edited-plugin"

    let process: Subprocess
    /// Where the manifest's path is written: the write end of its standard input.
    private var input: Int32
    /// The variable naming its Show Values pipe (`Subprocess`'s channel), if it has one.
    let channel: String?
    /// The launcher's environment when it started: one changed since
    /// (a test's folders) would not be the new child's, so it is not served.
    private let environment = ReadyChild.currentEnvironment

    private init(process: Subprocess, input: Int32, channel: String?) {
        self.process = process
        self.input = input
        self.channel = channel
    }

    private static var currentEnvironment: [String] {
        var lines: [String] = []
        var index = 0
        while let entry = environ[index] {
            lines.append(String(cString: entry))
            index += 1
        }
        return lines.sorted()
    }

    /// Starts one, with `environment` (the one an edited demo gets) and a
    /// Show Values pipe named in `channel`'s variable: a run with Show Values
    /// takes it over; one without has the child let go of it (`serve`).
    /// Nothing is written to it while it waits, so nothing is read.
    static func start(executable: String, environment: [String: String?], channel: String? = nil) -> ReadyChild? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Close-on-exec: no other child holds its input open.
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }  // the child has its copy
        guard
            case .success(let process) = ChildSupervisor.shared.start(
                [executable, option], environment: environment,
                input: ends[0], channel: channel)
        else {
            close(ends[1])
            return nil
        }
        let child = ReadyChild(process: process, input: ends[1], channel: channel)
        // What it says before it serves a run is no run's: the launcher's error output has it.
        process.onOutput { _, bytes in writeStandardError(String(decoding: bytes, as: UTF8.self)) }
        process.onExit { [weak child] _ in child?.closeInput() }
        return child
    }

    /// Still waiting: not ended, not served, and started as a new child would be now.
    var isWaiting: Bool { process.ending == nil && input >= 0 && environment == Self.currentEnvironment }

    /// Hands it the build at `manifestPath`, with `settings`: variables this
    /// run's child gets beyond the ready one's (`servable`), set (or unset,
    /// nil) before it reads them. With `channel` (its own: Show Values) its
    /// pipe is the run's; without, its variable is unset, which has the child
    /// close its end (`keptChannel`), and the launcher closes its own: the
    /// run is as a plain new child's. False when it can no longer take it.
    func serve(manifestPath: String, settings: [String: String?] = [:], channel: String? = nil) -> Bool {
        guard isWaiting, channel == nil || channel == self.channel else { return false }
        var settings = settings
        if channel == nil, let own = self.channel { settings[own] = .some(nil) }
        let run = ReadyRun(
            manifestPath: manifestPath,
            settings: settings.sorted { $0.key < $1.key }.map { ReadyRun.Setting(name: $0.key, value: $0.value) })
        guard run.isSendable, let bytes = WireFrame.encode(run) else { return false }
        let written = PipeWrite.all(bytes, to: input)
        closeInput()
        guard written else { return false }
        if channel == nil { process.closeChannel() }
        process.onOutput { _, _ in }
        process.onExit { _ in }
        return true
    }

    /// The variables of `environment` that differ from `ready` (the ready
    /// child's), when each can be handed over on its standard input: one
    /// of the shell's own (`DEMO_SHELL_…`, read once its start is over).
    /// Nil when the ready child cannot be this child.
    nonisolated static func servable(_ environment: [String: String?], ready: [String: String?]) -> [String: String?]? {
        guard ready.allSatisfy({ environment.keys.contains($0.key) }) else { return nil }
        var settings: [String: String?] = [:]
        for (name, value) in environment where ready[name].map({ $0 != value }) ?? true {
            guard name.hasPrefix("DEMO_SHELL_"), ReadyRun.isName(name), value?.utf8.contains(0) != true else {
                return nil
            }
            settings[name] = value
        }
        return settings
    }

    /// The child's side: the Show Values pipe it was started with, when
    /// `variable` names it ("DESCRIPTOR:INODE", checked as DemoValues does),
    /// made close-on-exec so that nothing GTK starts while it waits holds it.
    package nonisolated static func keptChannel(_ variable: String) -> Int32? {
        let parts = (Environment.value(variable) ?? "").split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let fd = Int32(parts[0]), fd > 2, let inode = UInt64(parts[1]) else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, UInt64(info.st_ino) == inode else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// Ends it, and what it started, not serving: kept until it has ended.
    func end() {
        closeInput()  // it reads the end and exits by itself, or:
        ChildSupervisor.shared.end(process)
    }

    private func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }
}
