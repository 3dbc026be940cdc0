import DemoShellKit
import ShellModel

/// Why a build ended with nothing to launch.
enum BuildEnd: Error {
    /// Its task was cancelled.
    case cancelled
    /// It failed: what to say.
    case failed(EditRunStatus)
}

/// One way to compile a build step that may decline it: the compile server,
/// or the driver's jobs run one by one. A build tries them in that order
/// (`EditBuilder`); the compiler's own process (`ProcessCompiler`) takes
/// whatever they leave.
@MainActor
protocol StepCompiler: AnyObject {
    /// Runs the step `arguments` (the compiler first) to its end, keeping
    /// about `limit` bytes of what it says; its structured reply, if it has
    /// one, kept at `replyPath`. Nil when this way cannot take the step.
    func compile(
        _ arguments: [String], folders: [String], environment: [String: String?], keeping limit: Int,
        replyPath: String?
    ) async throws(BuildEnd) -> (Subprocess.Ending, String)?
}

/// The compiler's own process (`CompilerRun`, bounded in time): it takes
/// every step, and runs what the other ways start (a version check, the
/// driver's jobs, a link).
@MainActor
enum ProcessCompiler {
    /// Runs one compiler to its end; a cancelled build goes no further.
    static func run(
        _ arguments: [String], environment: [String: String?] = [:], keeping limit: Int
    ) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        guard !Task.isCancelled else { throw .cancelled }
        switch CompilerRun.start(arguments, environment: environment, keeping: limit) {
        case .failure(let error):
            throw .failed(.cannotBuild(.compilerFailed(path: arguments[0], reason: error.message)))
        case .success(let run):
            let outcome = await run.finished()
            guard !Task.isCancelled else { throw .cancelled }
            switch outcome {
            case .ended(let ending, let output): return (ending, output)
            case .overTime: throw .failed(.overTime(seconds: CompilerRun.timeLimit))
            case nil: throw .cancelled
            }
        }
    }
}
