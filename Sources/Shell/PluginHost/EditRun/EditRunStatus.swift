import DemoShellKit
import ShellModel

/// What the edit-and-run session has to tell on the status line, as values:
/// the session says what happened, the Launcher says it in words (and in
/// the reader's language).
package enum EditRunStatus: Equatable, Sendable {
    case building
    /// Stop ended a build under way.
    case buildStopped
    /// The compiler failed: `errors` errors among the Problems; with none
    /// listed, `compilerSaid` (its last lines) is all there is to say why.
    case buildFailed(errors: Int, compilerSaid: String)
    /// A compiler run outlasted `seconds` (`DEMO_SHELL_BUILD_TIME_LIMIT`) and was ended.
    case overTime(seconds: Double)
    /// The build could not start or go on (no compiler, another one, the
    /// SDK or a file missing).
    case cannotBuild(EditRunProblem)
    /// The edited demo's process could not be started.
    case cannotStart(reason: String)
    case running
    /// Live built the code without errors while no edited demo ran: checked, not opened.
    case checked
    /// The edited demo ended (said only when no build is under way).
    case ended(EditRunEnding)
}

/// How the edited demo ended.
package struct EditRunEnding: Equatable, Sendable {
    package let ending: Subprocess.Ending
    /// The line its error output gave as the reason of a crash (`OutputTail`).
    package let lastError: String?
    /// Stop, or a newer run, ended it: a SIGTERM or SIGKILL from elsewhere
    /// came from another program.
    package let stoppedHere: Bool

    package init(_ ending: Subprocess.Ending, lastError: String?, stoppedHere: Bool = true) {
        self.ending = ending
        self.lastError = lastError
        self.stoppedHere = stoppedHere
    }
}
