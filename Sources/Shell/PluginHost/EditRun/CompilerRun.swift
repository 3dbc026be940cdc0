import DemoShellKit
import ShellModel
import Glibc

/// One compiler run of an Edit and Run build, bounded in time and in what
/// it leaves: a `swiftc` that hangs (a broken toolchain, a `DEMO_SHELL_SWIFTC`
/// that waits for ever) is ended after `timeLimit` instead of leaving
/// "Building…" for ever, and the `swift-frontend` processes it starts (each
/// in a process group of its own) end with it, with Stop, with Quit and with
/// the launcher's death (`SessionWatchdog`).
@MainActor
final class CompilerRun {
    /// Seconds one compiler run may take: far more than a cold build of the
    /// largest demo needs. `DEMO_SHELL_BUILD_TIME_LIMIT` (seconds) changes it, for tests.
    static var timeLimit: Double {
        guard let text = Environment.value("DEMO_SHELL_BUILD_TIME_LIMIT"), let seconds = Double(text), seconds > 0
        else { return 300 }
        return seconds
    }

    /// How a run ended.
    enum Outcome: Equatable {
        /// The compiler ended by itself, having written `output`.
        case ended(Subprocess.Ending, output: String)
        /// It outlasted `timeLimit`, and it and what it started were killed.
        case overTime
    }

    let process: Subprocess
    private var timer: SourceID?
    private var output: [UInt8] = []
    private var isOverTime = false

    private init(process: Subprocess) { self.process = process }

    /// Starts `arguments` (the compiler first), keeping about `keeping`
    /// bytes of what it writes: enough for its diagnostics, bounded against
    /// a compiler that prints for ever.
    static func start(
        _ arguments: [String], environment: [String: String?] = [:],
        keeping limit: Int
    ) -> Result<CompilerRun, SubprocessError> {
        let started = ChildSupervisor.shared.start(arguments, environment: environment, adoptingOrphans: false)
        guard case .success(let process) = started else { return started.map { CompilerRun(process: $0) } }
        let run = CompilerRun(process: process)
        process.onOutput { [weak run] _, bytes in
            guard let run, run.output.count < limit else { return }
            run.output += bytes
        }
        let seconds = min(timeLimit, 1e6)
        run.timer = MainLoop.after(milliseconds: Int((seconds * 1000).rounded(.up))) { [weak run] in
            guard let run else { return }
            run.timer = nil
            run.isOverTime = true
            run.process.abandon()  // resumes `finished()`
        }
        return .success(run)
    }

    /// Waits for the compiler's end. Nil when the waiting task was cancelled
    /// (Stop, a newer Run Edited, the window closed): cancelling it kills the
    /// compiler and what it started at once (`Subprocess.ended`).
    func finished() async -> Outcome? {
        // Whatever the driver left in its session goes with it (`ChildSupervisor`).
        let ending = await process.ended()
        timer?.cancel()
        timer = nil
        if let ending { return .ended(ending, output: String(decoding: output, as: UTF8.self)) }
        return isOverTime ? .overTime : nil
    }
}
