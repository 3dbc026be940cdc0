import DemoShellKit
import EditRunModel
import ShellModel

/// What the edited demo wrote: its bytes decoded as they come, and its
/// error output's last lines, where a crash says why.
@MainActor
final class DemoOutput {
    var decoder = OutputDecoder<Subprocess.Stream>()
    var errors = OutputTail()
    var crash: RuntimeCrashReader
    /// The build that runs: its files by the names they were compiled under.
    let plan: EditBuildPlan

    init(_ plan: EditBuildPlan) {
        self.plan = plan
        let files = plan.inputs.map { (plan.compiledRelativePath($0.relativePath), $0.text) }
        crash = RuntimeCrashReader(files: files.map(\.0), texts: Dictionary(files) { first, _ in first })
    }

    /// `crash` as a Problem at its line, an error as the compiler's are,
    /// named as the learner names the file.
    func problem(_ crash: RuntimeCrash) -> EditRunSession.Problem {
        let path = plan.sourceRelativePath(ofCompiled: crash.relativePath)
        return EditRunSession.Problem(
            relativePath: path,
            diagnostic: CompilerDiagnostic(
                severity: .error, path: path, line: crash.line, column: crash.column, message: crash.message),
            origin: .crash)
    }
}
