import DemoShellKit
import ShellModel

/// Show Values in a run: the edited demo built with it gets a pipe of its
/// own (its descriptor named in its environment, as DemoValues reads it),
/// and what comes through it reaches the delegate (`.values`) in batches, one per piece
/// the main loop reads (bounded, at idle priority: see `Subprocess.onChannel`).
/// Built without it, the demo's environment and descriptors are as they
/// always were.
extension EditRunSession {
    /// The variable DemoValues finds its pipe in ("DESCRIPTOR:INODE").
    package static let valuesVariable = "DEMO_SHELL_VALUES"

    /// This run's child's environment: every child's, and its place (Live).
    func launchEnvironment() -> [String: String?] {
        Self.childEnvironment.merging(placeEnvironment()) { $1 }
    }

    /// The channel's variable when the build shows values; nil, no channel (the run as without Show Values).
    static func valuesChannel(for plan: EditBuildPlan) -> String? { plan.showsValues ? valuesVariable : nil }

    /// Decodes what `process` sends and hands it on while it is the
    /// running demo (a replaced run's last records are dropped, as its output is).
    func watchValues(of process: Subprocess, plan: EditBuildPlan) {
        let reader = ValueReader(
            ValueWire(files: plan.valueFiles, origin: metrics.childStartedAt ?? MainLoop.monotonicSeconds))
        process.onChannel { [weak self] bytes in
            let records = reader.wire.decode(bytes)
            guard let self, self.childProcessID == process.processID, !records.isEmpty else { return }
            self.tell(.values(records))
        }
    }
}

/// The decoder one run's channel handler keeps, between its pieces.
@MainActor
private final class ValueReader {
    var wire: ValueWire
    init(_ wire: ValueWire) { self.wire = wire }
}
