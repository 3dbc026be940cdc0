import DemoShellKit
import PluginHost
import ShellModel
import Glibc

/// The status line's and the Output's sentences for what the edit-and-run
/// session reports: the session says what happened, these say it to people.
extension EditRunStatus {
    package var sentence: String {
        switch self {
        case .building:
            localized("Building…")
        case .buildStopped:
            localized("Build stopped.")
        case .buildFailed(let errors, let compilerSaid):
            errors == 0
                ? localized("The build failed: {reason}").filling(["reason": compilerSaid])
                : errors == 1
                    ? localized("The build failed with 1 error.")
                    : localized("The build failed with {count} errors.").filling(["count": String(errors)])
        case .overTime(let seconds):
            localized("The build was stopped: the compiler ran for more than {seconds} seconds without finishing.")
                .filling(["seconds": seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)])
        case .cannotBuild(let problem):
            problem.message
        case .cannotStart(let reason):
            localized("The edited demo cannot be started: {reason}.").filling(["reason": reason])
        case .running:
            localized("Running the edited demo.")
        case .checked:
            localized("Built without errors. Run Edited opens it.")
        case .ended(let end):
            end.sentence
        }
    }
}

extension EditRunEnding {
    /// How the edited demo ended, as the Output's last line and the status line say it.
    package var sentence: String {
        switch ending {
        case .exited(let status):
            return localized("Exited with status {status}.").filling(["status": String(status)])
        case .signaled(let signal) where (signal == SIGTERM || signal == SIGKILL) && stoppedHere:
            return localized("Stopped ({signal}).").filling(["signal": signalName(signal)])
        case .signaled(let signal) where [SIGTERM, SIGKILL, SIGINT, SIGHUP].contains(signal):
            return localized("Killed ({signal}) by another program.").filling(["signal": signalName(signal)])
        case .signaled(let signal):
            guard let lastError else { return localized("Crashed: {signal}.").filling(["signal": signalName(signal)]) }
            return localized("Crashed: {signal} ({reason}).").filling([
                "signal": signalName(signal), "reason": lastError,
            ])
        }
    }
}
