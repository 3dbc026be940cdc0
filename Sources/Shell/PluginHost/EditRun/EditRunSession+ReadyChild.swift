import DemoShellKit
import ShellModel

/// The child kept ready while Edit is on (`ReadyChild`): Run Edited hands it
/// the new build, and another is started a moment later, once the served
/// one has its window. Edit turned off, the Source page closed or the
/// launcher quitting ends the one waiting.
extension EditRunSession {
    /// The edited demo's environment: it ends with the launcher; its crash
    /// is told with its lines (`backtrace`).
    static var childEnvironment: [String: String?] {
        ParentWatch.environment.merging(["SWIFT_BACKTRACE": backtrace]) { $1 }
    }

    /// How long after a run is served the next ready child starts: not
    /// while the served one builds its window, on a machine of two cores.
    static let nextReadyChildDelay = 1000

    /// The process of the child waiting ready, if one waits.
    package var readyChildProcessID: Int32? { readyChild?.isWaiting == true ? readyChild?.process.processID : nil }

    func updateReadyChild() {
        guard keepsChildReady, !handsOverBuilds else {
            readyChild?.end()
            readyChild = nil
            return
        }
        if readyChild?.isWaiting != true {
            readyChild?.end()
            readyChild = ReadyChild.start(
                executable: shellExecutable, environment: Self.childEnvironment,
                channel: Self.valuesVariable)
        }
    }

    /// The process of the edited demo: the ready child when one waits, its
    /// own variables (Live's window place) handed over with the build, its
    /// values pipe this run's `channel` or, without one, let go of; else a new one.
    func startChild(
        _ arguments: [String], environment: [String: String?],
        manifestPath: String, channel: String?
    ) -> Result<Subprocess, SubprocessError> {
        defer {
            if keepsChildReady {
                MainLoop.after(milliseconds: Self.nextReadyChildDelay) { [weak self] in self?.updateReadyChild() }
            }
        }
        if let ready = readyChild, channel == nil || channel == ready.channel,
            let settings = ReadyChild.servable(environment, ready: Self.childEnvironment),
            arguments == [shellExecutable, "--run-plugin=" + manifestPath, "--edited"]
        {
            readyChild = nil
            if ready.serve(manifestPath: manifestPath, settings: settings, channel: channel) {
                return .success(ready.process)
            }
            ready.end()
        }
        return ChildSupervisor.shared.start(arguments, environment: environment, channel: channel)
    }
}
