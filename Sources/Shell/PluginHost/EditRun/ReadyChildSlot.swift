import DemoShellKit
import ShellModel

/// The child kept ready while Edit is on (`ReadyChild`): Run Edited hands it
/// the new build, and another is started a moment later, once the served
/// one has its window. Edit turned off, the Source page closed or the
/// launcher quitting ends the one waiting.
@MainActor
package final class ReadyChildSlot {
    /// How long after a run is served the next ready child starts: not
    /// while the served one builds its window, on a machine of two cores.
    static let nextDelay = 1000

    private let executable: String
    /// The child waiting, or ending.
    private(set) var child: ReadyChild?
    /// Whether one should wait (Edit is on).
    private var wanted = false

    init(executable: String) { self.executable = executable }

    /// The process of the child waiting ready, if one waits.
    package var processID: Int32? { child?.isWaiting == true ? child?.process.processID : nil }

    /// Starts one when `wanted` and none waits; ends the one waiting otherwise.
    func update(wanted: Bool) {
        self.wanted = wanted
        guard wanted else {
            child?.end()
            child = nil
            return
        }
        if child?.isWaiting != true {
            child?.end()
            child = ReadyChild.start(
                executable: executable, environment: EditRunSession.childEnvironment,
                channel: RunValues.variable)
        }
    }

    /// The process of the edited demo: the ready child when one waits, its
    /// own variables (Live's window place) handed over with the build, its
    /// values pipe this run's `channel` or, without one, let go of; else a new one.
    func start(
        _ arguments: [String], environment: [String: String?], manifestPath: String, channel: String?
    ) -> Result<Subprocess, SubprocessError> {
        defer {
            if wanted {
                MainLoop.after(milliseconds: Self.nextDelay) { [weak self] in
                    self?.update(wanted: self?.wanted ?? false)
                }
            }
        }
        if let ready = child, channel == nil || channel == ready.channel,
            let settings = ReadyChild.servable(environment, ready: EditRunSession.childEnvironment),
            arguments == [executable, "--run-plugin=" + manifestPath, "--edited"]
        {
            child = nil
            if ready.serve(manifestPath: manifestPath, settings: settings, channel: channel) {
                return .success(ready.process)
            }
            ready.end()
        }
        return ChildSupervisor.shared.start(arguments, environment: environment, channel: channel)
    }
}
