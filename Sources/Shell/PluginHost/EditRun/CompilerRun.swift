@_spi(Shell) import DemoKit
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
        guard let text = Environment.value("DEMO_SHELL_BUILD_TIME_LIMIT"), let seconds = Double(text), seconds > 0 else { return 300 }
        return seconds
    }

    /// The sentence for a run ended by `timeLimit`.
    nonisolated static func timeLimitMessage(seconds: Double) -> String {
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return localized("The build was stopped: the compiler ran for more than {seconds} seconds without finishing.")
            .filling(["seconds": shown])
    }

    let process: Subprocess
    private var timer: SourceID?
    private var exitHandler: (@MainActor (Subprocess.Ending) -> Void)?

    private init(process: Subprocess) { self.process = process }

    /// Starts `arguments` (the compiler first); `overTime` is called, once
    /// the run and what it started are killed, if it outlasts `timeLimit`.
    static func start(_ arguments: [String], environment: [String: String?] = [:],
                      overTime: @escaping @MainActor () -> Void) -> Result<CompilerRun, SubprocessError> {
        let started = Subprocess.start(arguments, environment: environment)
        guard case .success(let process) = started else { return started.map { CompilerRun(process: $0) } }
        let run = CompilerRun(process: process)
        SessionWatchdog.shared.watch(process.processID)
        let limit = min(timeLimit, 1e6)
        run.timer = MainLoop.after(milliseconds: Int((limit * 1000).rounded(.up))) { [weak run] in
            guard let run else { return }
            run.timer = nil
            run.abandon()
            overTime()
        }
        process.onExit { [weak run] ending in
            guard let run else { return }
            run.finish()
            let handler = run.exitHandler
            run.exitHandler = nil
            handler?(ending)
        }
        return .success(run)
    }

    package func onOutput(_ handler: @escaping @MainActor (Subprocess.Stream, [UInt8]) -> Void) { process.onOutput(handler) }

    /// Called once when the compiler has ended (not after `abandon`).
    func onExit(_ handler: @escaping @MainActor (Subprocess.Ending) -> Void) { exitHandler = handler }

    /// Kills the compiler and everything it started; nothing more is reported.
    func abandon() {
        exitHandler = nil
        process.abandon()
        finish(killing: false)
    }

    /// Whatever the driver left in its session goes with it, and it is no
    /// longer the watchdog's.
    private func finish(killing: Bool = true) {
        timer?.cancel()
        timer = nil
        if killing { process.terminate(signal: SIGKILL) }
        SessionWatchdog.shared.forget(process.processID)
    }
}
