import DemoShellKit
import EditRunModel
import ShellModel

/// Show Values in a run: the edited demo built with it gets a pipe of its
/// own (its descriptor named in its environment, as DemoValues reads it),
/// and what comes through it is decoded in batches, one per piece the main
/// loop reads (bounded, at idle priority: see `Subprocess.onChannel`).
/// Built without it, the demo's environment and descriptors are as they
/// always were.
@MainActor
package enum RunValues {
    /// The variable DemoValues finds its pipe in ("DESCRIPTOR:INODE").
    package static let variable = "DEMO_SHELL_VALUES"

    /// The channel's variable when the build shows values; nil, no channel (the run as without Show Values).
    static func channel(for plan: EditBuildPlan) -> String? { plan.showsValues ? variable : nil }

    /// Decodes what `process` sends (its clock starting at `origin`) and
    /// hands each batch to `deliver`.
    static func watch(
        _ process: Subprocess, plan: EditBuildPlan, origin: Double, deliver: @escaping ([ValueRecord]) -> Void
    ) {
        let reader = ValueReader(ValueWire(files: plan.valueFiles, origin: origin))
        process.onChannel { bytes in
            let records = reader.wire.decode(bytes)
            if !records.isEmpty { deliver(records) }
        }
    }
}

/// The decoder one run's channel handler keeps, between its pieces.
@MainActor
private final class ValueReader {
    var wire: ValueWire
    init(_ wire: ValueWire) { self.wire = wire }
}
