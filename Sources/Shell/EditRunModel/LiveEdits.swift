/// Live as rules, without a clock: what the switch, a key
/// typed and a pause in typing lead to. The Launcher owns the timer (the
/// main loop's) and the session; this says when to build and whether a
/// finished build opens a window.
///
/// Switching Live on runs the edited demo (as Run Edited does). While it is
/// on, each pause of `quietMilliseconds` in typing builds the code: Problems
/// show as you type, a build with errors leaves the running demo as it is,
/// and one without replaces the running demo in place. A learner who closed
/// the demo is not given a new window at every pause: the build only checks
/// the code until Run Edited (or switching Live on) opens it again.
package struct LiveEdits: Equatable, Sendable {
    package static let quietMilliseconds = 500

    package enum Action: Equatable, Sendable {
        case nothing
        /// Start (or restart: the ticket says which) the quiet timer.
        case wait(milliseconds: Int, ticket: Int)
        /// Forget the timer under way.
        case stopWaiting
        /// Build the code now; `opensDemo`: open it even when no demo runs.
        case build(opensDemo: Bool)
    }

    /// What a finished build does.
    package enum AfterBuild: Equatable, Sendable {
        /// Errors: the running demo (if any) stays, and Problems say why.
        case keep
        /// The running demo gives way to the new build, in its place.
        case replace
        /// No demo runs, and this build was asked to open one.
        case open
        /// No demo runs and none was asked for: the build checked the code.
        case checkOnly
        /// The build is the one running (a change typed and undone): the
        /// demo goes on as it is, its state kept.
        case unchanged

        package var opensDemo: Bool { self == .replace || self == .open }
    }

    package private(set) var isOn = false
    private var ticket = 0
    private var waiting: Int?

    package init(isOn: Bool = false) {
        self.isOn = isOn
    }

    package mutating func switched(on: Bool) -> Action {
        guard on != isOn else { return .nothing }
        isOn = on
        if on { return .build(opensDemo: true) }
        guard waiting != nil else { return .nothing }
        waiting = nil
        return .stopWaiting
    }

    /// A key changed the code: the quiet period starts again.
    package mutating func typed() -> Action {
        guard isOn else { return .nothing }
        ticket += 1
        waiting = ticket
        return .wait(milliseconds: Self.quietMilliseconds, ticket: ticket)
    }

    /// The timer of `ticket` fired: a build if no key came since.
    package mutating func quiet(ticket fired: Int) -> Action {
        guard isOn, waiting == fired else { return .nothing }
        waiting = nil
        return .build(opensDemo: false)
    }

    /// A build has ended, `succeeded` or with errors; `isRunning`: it is
    /// the build the running demo came from. Run Edited (`opensDemo`)
    /// always starts the demo again.
    package static func afterBuild(succeeded: Bool, demoRunning: Bool, opensDemo: Bool, isRunning: Bool = false)
        -> AfterBuild
    {
        guard succeeded else { return .keep }
        if demoRunning { return isRunning && !opensDemo ? .unchanged : .replace }
        return opensDemo ? .open : .checkOnly
    }
}
