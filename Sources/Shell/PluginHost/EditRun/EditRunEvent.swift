import DemoShellKit
import EditRunModel
import ShellModel

/// What an Edit and Run session tells its one listener, in the order it
/// happens. One typed stream rather than a closure per kind, so that who
/// listens, and in which order each listener hears, is written in one place:
/// the delegate's `switch`.
package enum EditRunEvent {
    /// Idle, building or running.
    case phaseChanged(EditRunSession.Phase)
    /// The Problems of the latest build, and a crash's line added to them.
    case problems([EditRunSession.Problem])
    /// The Output pane starts again (a new run).
    case outputCleared
    /// Text for the Output pane, as it comes.
    case output(String)
    /// What the status line says (nil clears it).
    case status(EditRunStatus?)
    /// The edited demo ended, after the last of its output: the Output's last line.
    case demoEnded(EditRunEnding)
    /// Records from the running edited demo (Show Values), in batches, in order.
    case values([ValueRecord])
    /// A finished build, handed over instead of launched
    /// (`EditRunSession.handsOverBuilds`).
    case built(EditBuildPlan)
}

/// The one listener of an `EditRunSession`: it hears every event, and
/// decides whether a finished build opens (Live keeps a demo as it is while
/// its code has not changed).
@MainActor
package protocol EditRunSessionDelegate: AnyObject {
    func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent)
    /// Whether `plan`, built, opens now (`demoRunning`: the last run's demo
    /// still runs). Not asked when the session hands builds over.
    func editRunSession(_ session: EditRunSession, shouldOpen plan: EditBuildPlan, demoRunning: Bool) -> Bool
}

extension EditRunSessionDelegate {
    /// Every build opens, unless the delegate says otherwise.
    package func editRunSession(_ session: EditRunSession, shouldOpen plan: EditBuildPlan, demoRunning: Bool) -> Bool {
        true
    }
}

/// A delegate that keeps what a session said, for what drives a session
/// without a window: the benchmarks, the memory cycles and the tests.
/// It keeps the latest status and Problems, and every output and value,
/// and passes each event on to `onEvent` when a caller needs it as it comes.
@MainActor
package final class EditRunEventLog: EditRunSessionDelegate {
    package private(set) var status: EditRunStatus?
    package private(set) var problems: [EditRunSession.Problem] = []
    package private(set) var output = ""
    package private(set) var values: [ValueRecord] = []
    package private(set) var valueBatches = 0
    package private(set) var built: EditBuildPlan?
    package private(set) var endings: [EditRunEnding] = []
    /// Each event as it comes, after it is kept.
    package var onEvent: ((EditRunEvent) -> Void)?

    package init() {}

    /// Forgets the output and values kept so far (a long run that only counts).
    package func clear() {
        output = ""
        values = []
    }

    package func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent) {
        switch event {
        case .phaseChanged, .outputCleared: break
        case .problems(let found): problems = found
        case .output(let text): output += text
        case .status(let said): status = said
        case .demoEnded(let end): endings.append(end)
        case .values(let batch):
            values += batch
            valueBatches += 1
        case .built(let plan): built = plan
        }
        onEvent?(event)
    }
}
