import DemoShellKit
import EditRunModel
import ShellModel

/// Builds an edited demo's plan: the compiler's check, then each step not
/// built before, by the first way that takes it (a `StepCompiler`: the
/// compile server while Edit is on, the driver's jobs; else the compiler's
/// own process), the Problems reported as each step ends, and the manifest
/// last. One per session: the ways keep what they learned (a server
/// running, a compiler checked, the jobs asked for).
@MainActor
package final class EditBuilder {
    package let server: ServerCompiler
    package let driverJobs = DriverJobsCompiler()
    private let check = CompilerCheck()
    /// How long each step of the last build took, in seconds (the compiler's
    /// check, then its compiler runs, by module).
    package private(set) var stepTimes: [(String, Double)] = []

    init(paths: ShellPaths, shellExecutable: String) {
        server = ServerCompiler(paths: paths, shellExecutable: shellExecutable)
    }

    /// A new build begins: its times start again.
    func begin() { stepTimes = [] }

    /// The compiler's check, then each step of `plan` not built before,
    /// the Problems reported as each step ends; the manifest last.
    func build(
        _ plan: EditBuildPlan, compiler: String, wanted: String, report: ([EditRunSession.Problem]) -> Void
    ) async throws(BuildEnd) {
        guard !Task.isCancelled else { throw .cancelled }  // before its task first ran
        let temporary = BuildTemporaryFolder(of: plan)
        try writing { () throws(FileError) in try temporary.create() }
        defer { temporary.remove() }
        let environment: [String: String?] = ["SWIFT_BACKTRACE": "enable=no", "TMPDIR": temporary.path]
        let started = MainLoop.monotonicSeconds
        try await check.check(compiler, wanted: wanted, environment: environment)
        stepTimes.append(("compiler check", MainLoop.monotonicSeconds - started))
        if FileSystem.isRegularFile(plan.libraryPath), FileSystem.isRegularFile(plan.manifestPath) {
            // Unchanged since the last good build: its warnings still stand.
            report(plan.steps.flatMap { EditBuildFolder.problems(of: $0, output: "", plan: plan) })
            return
        }
        try writing { () throws(FileError) in try EditBuildFolder.prepare(plan) }
        // Cancelled with the build if it throws; done by the view's step if not.
        async let primed: Void = BuildPrimer.prime(plan, environment: environment)
        var found: [EditRunSession.Problem] = []
        for step in plan.steps {
            if FileSystem.isRegularFile(step.output), FileSystem.isRegularFile(EditBuildFolder.doneMark(of: step)) {
                // Built before (the model, a shared module): what it said then still holds.
                found += EditBuildFolder.problems(of: step, output: "", plan: plan)
                continue
            }
            let started = MainLoop.monotonicSeconds
            _ = FileSystem.remove(step.diagnosticsPath)
            _ = FileSystem.remove(ServerCompiler.replyPath(of: step))
            if let map = step.outputFileMap {
                try writing { () throws(FileError) in try FileSystem.writeAtomically(map.text, to: map.path) }
            }
            _ = FileSystem.remove(EditBuildFolder.doneMark(of: step))
            let (ending, output) = try await compile(
                step.arguments, folders: [plan.directory, plan.modelDirectory ?? ""],
                environment: environment, replyPath: ServerCompiler.replyPath(of: step))
            stepTimes.append((step.module, MainLoop.monotonicSeconds - started))
            found += EditBuildFolder.problems(of: step, output: output, plan: plan)
            report(found)
            guard ending == .exited(0) else {
                let errors = found.filter { $0.diagnostic.isError }.count
                throw .failed(
                    .buildFailed(errors: errors, compilerSaid: EditRunSession.lastLines(of: output, count: 3)))
            }
            try writing { () throws(FileError) in
                try FileSystem.writeAtomically("", to: EditBuildFolder.doneMark(of: step))
            }
        }
        // Written last, atomically: a build cut short (the launcher
        // killed) has none, and is never taken for a finished one.
        await primed
        try writing { () throws(FileError) in try FileSystem.writeAtomically(plan.manifestText, to: plan.manifestPath) }
        EditBuildFolder.removeOlderBuilds(than: plan)
    }

    /// One step, by the first way that takes it.
    private func compile(
        _ arguments: [String], folders: [String], environment: [String: String?], replyPath: String
    ) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        let ways: [any StepCompiler] = [server, driverJobs]
        for way in ways {
            if let done = try await way.compile(
                arguments, folders: folders, environment: environment, keeping: 1 << 20, replyPath: replyPath)
            {
                return done
            }
        }
        // The compiler's own process takes every step.
        return try await ProcessCompiler.run(arguments, environment: environment, keeping: 1 << 20)
    }

    private func writing(_ write: () throws(FileError) -> Void) throws(BuildEnd) {
        do throws(FileError) {
            try write()
        } catch {
            throw .failed(.cannotBuild(.cannotWrite(error.message)))
        }
    }
}
