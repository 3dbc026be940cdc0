import DemoShellKit
import EditRunModel
import ShellModel
import Glibc
import Wire

/// The compiler kept started while Edit is on (`demo-shell
/// --compile-server=LIBRARY`, Sources/Shell/CompileServer): the toolchain's
/// SourceKit library loaded once in a process of its own compiles each step
/// as `swiftc` would, without a frontend process's ~50 ms start. It is a
/// child as the ready child is: a session of its own, watched, ending with
/// the launcher, and a crash or a hang of it costs one step, which the
/// compiler's own process then runs.
@MainActor
package final class CompileServer {
    /// The program's option (internal: not in --help).
    package static let option = "--compile-server="

    let process: Subprocess
    /// The SourceKit library it loaded: the toolchain whose compiler it stands for.
    let library: String
    private var input: Int32
    /// Its replies, read as it sends them; a frame dropped means it says what no server says.
    private var replies = WireDecoder<CompileReply>()
    private var waiting: CheckedContinuation<Outcome, Never>?
    private var timer: SourceID?
    /// Its request's build was cancelled: the reply, when it comes, is dropped.
    private var discarding = false

    /// How a request ended.
    enum Outcome: Equatable {
        case done(CompileReply)
        /// It took longer than a compiler run may (`CompilerRun.timeLimit`): ended.
        case overTime
        /// It ended, or said what no server says: the compiler's process runs the step.
        case gone
    }

    private init(process: Subprocess, library: String, input: Int32) {
        self.process = process
        self.library = library
        self.input = input
    }

    /// The SourceKit library of `compiler`'s toolchain (beside its
    /// swift-frontend, in ../lib), if it has one.
    nonisolated static func library(forCompiler compiler: String) -> String? {
        guard let tools = SwiftToolchain.frontendDirectory(of: compiler) else { return nil }
        let library = FileSystem.join(FileSystem.dirname(tools), "lib", "libsourcekitdInProc.so")
        return FileSystem.isRegularFile(library) ? library : nil
    }

    /// Starts one for `library`, with `environment` (an edited demo's: it ends with the launcher).
    static func start(executable: String, library: String, environment: [String: String?]) -> CompileServer? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        guard
            case .success(let process) = ChildSupervisor.shared.start(
                [executable, option + library],
                environment: environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                input: ends[0])
        else {
            close(ends[1])
            return nil
        }
        let server = CompileServer(process: process, library: library, input: ends[1])
        process.onOutput { [weak server] stream, bytes in
            guard let server else { return }
            if stream == .error {
                writeStandardError(String(decoding: bytes, as: UTF8.self))
                return
            }
            server.receive(bytes)
        }
        process.onExit { [weak server] _ in
            server?.finish(.gone)
            server?.closeInput()
        }
        return server
    }

    /// Whether it can take a request now: running, and not serving one.
    var isReady: Bool { process.ending == nil && input >= 0 && waiting == nil && !discarding }

    /// Compiles `arguments` (a `swiftc` run's, the program left out).
    /// Cancelling the waiting task (Stop, a newer Run Edited, Live's next
    /// build) returns at once; the server finishes that compile, its reply
    /// dropped, and is ready again (unless it outlasts the time limit).
    func compile(_ arguments: [String]) async -> Outcome {
        guard isReady, let request = CompileRequest(sending: arguments), let bytes = WireFrame.encode(request) else {
            return .gone
        }
        guard PipeWrite.all(bytes, to: input) else {
            end()
            return .gone
        }
        let seconds = min(CompilerRun.timeLimit, 1e6)
        timer = MainLoop.after(milliseconds: Int((seconds * 1000).rounded(.up))) { [weak self] in
            self?.timer = nil
            self?.finish(.overTime)
            self?.end()
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if process.ending != nil { continuation.resume(returning: .gone) } else { waiting = continuation }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.dropRequest() }
        }
    }

    /// A first compile: SourceKit's first one pays for its own start (the
    /// standard library's module, LLVM's targets: about 200 ms), which the
    /// first Run Edited would otherwise pay. It compiles the plans' primer
    /// (`import DemoKit`), so that GTK's Clang module, the first build's
    /// longest wait, is built while the learner types. Until it is done the
    /// server is not ready, and steps run as processes.
    func warmUp(primer: [String]) async {
        guard let source = primer.last, BuildPrimer.writeSource(source) else { return }
        // SourceKit compiles to objects only: the primer's object, never used.
        var arguments = Array(primer.dropFirst())
        guard let check = arguments.firstIndex(of: "-typecheck") else { return }
        arguments.replaceSubrange(
            check...check,
            with: [
                "-module-name", "DemoShellPrimer", "-emit-object", "-o",
                String(source.dropLast(".swift".count)) + ".o",
            ])
        _ = await compile(arguments)
    }

    private func dropRequest() {
        guard let continuation = waiting else { return }
        waiting = nil
        discarding = true
        continuation.resume(returning: .gone)
    }

    private func receive(_ bytes: [UInt8]) {
        let received = replies.decode(bytes)
        guard replies.counts == WireCounts(), received.count <= 1 else {
            finish(.gone)
            end()
            return
        }
        guard let reply = received.first else { return }
        if discarding {
            discarding = false
            timer?.cancel()
            timer = nil
        } else {
            finish(.done(reply))
        }
    }

    private func finish(_ outcome: Outcome) {
        timer?.cancel()
        timer = nil
        let continuation = waiting
        waiting = nil
        continuation?.resume(returning: outcome)
    }

    /// Ends it and what it started: kept until it has ended.
    func end() {
        closeInput()
        finish(.gone)
        ChildSupervisor.shared.end(process, politely: false)
    }

    private func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }
}
