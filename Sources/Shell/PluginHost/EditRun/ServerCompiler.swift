import DemoShellKit
import EditRunModel
import ShellModel
import Wire

/// The compile server while Edit is on (`CompileServer`): started with the
/// ready child, it compiles each step of a build whose compiler is its
/// toolchain's; a step it cannot take (busy, gone, another compiler, an
/// argument it cannot carry) runs as before, and one that ends it is run
/// by the compiler's own process, the next build starting another server.
@MainActor
package final class ServerCompiler: StepCompiler {
    /// Servers that ended in a row before one of them is given up for this session.
    static let strikes = 3

    private let paths: ShellPaths
    private let shellExecutable: String
    private(set) var server: CompileServer?
    /// Whether one should run (Edit is on).
    private var wanted = false
    private var failures = 0
    /// Steps the server has compiled.
    package private(set) var compiles = 0

    init(paths: ShellPaths, shellExecutable: String) {
        self.paths = paths
        self.shellExecutable = shellExecutable
    }

    /// The server's process, while one is ready.
    package var processID: Int32? { server?.isReady == true ? server?.process.processID : nil }

    /// The server is busy (its warm-up compile, or a step): not ready for another.
    package var isBusy: Bool { server.map { !$0.isReady && $0.process.ending == nil } ?? false }

    /// Starts a server when `wanted` and none runs for `compiler` (looked
    /// for when not given); ends it otherwise.
    func update(wanted: Bool, compiler found: String? = nil) {
        self.wanted = wanted
        guard wanted, failures < Self.strikes, let compiler = found ?? SwiftToolchain.find(),
            let library = CompileServer.library(forCompiler: compiler)
        else {
            server?.end()
            server = nil
            return
        }
        if let server, server.process.ending == nil, server.library == library { return }
        server?.end()
        server = CompileServer.start(
            executable: shellExecutable, library: library, environment: EditRunSession.childEnvironment)
        if let server, case .success(let sdk) = EditSDK.locate(paths: paths) {
            let primer = EditBuildPlan.primer(
                compiler: compiler, sdk: sdk, sharedBuilds: FileSystem.join(EditRunSession.cacheDirectory, "shared"),
                moduleCache: FileSystem.join(EditRunSession.cacheDirectory, "module-cache"))
            Task { await server.warmUp(primer: primer) }
        }
    }

    /// Where the server's reply for a step is kept (it writes no `.dia`):
    /// its frame, in hexadecimal (the files' atomic writer takes text), for
    /// this build's reuse of its diagnostics as structure.
    static func replyPath(of step: EditBuildPlan.Step) -> String { step.diagnosticsPath + ".reply" }

    /// The diagnostics the server gave a step, if it compiled it.
    static func diagnostics(of step: EditBuildPlan.Step) -> [CompilerDiagnostic]? {
        let limit = WireFrame.headerSize + CompileReply.payloadLimit + WireFrame.trailerSize
        return FileSystem.read(replyPath(of: step)).flatMap { WireHex.decode($0, limit: limit) }
            .flatMap(WireDecoder<CompileReply>.only)?.diagnostics
    }

    /// Compiles only: a link is the linker's (`LinkerJob`).
    func compile(
        _ arguments: [String], folders: [String], environment: [String: String?], keeping limit: Int,
        replyPath: String?
    ) async throws(BuildEnd) -> (Subprocess.Ending, String)? {
        guard let server, server.isReady, let compiler = arguments.first,
            arguments.contains("-emit-object"), !arguments.contains("-emit-library"),
            CompileServer.library(forCompiler: compiler) == server.library
        else { return nil }
        let outcome = await server.compile(Array(arguments.dropFirst()))
        guard !Task.isCancelled else { throw .cancelled }
        switch outcome {
        case .done(let reply):
            compiles += 1
            failures = 0
            if let replyPath, let bytes = WireFrame.encode(reply) {
                try? FileSystem.writeAtomically(WireHex.encode(bytes), to: replyPath)
            }
            return (.exited(reply.status), reply.text)
        case .overTime:
            self.server = nil
            throw .failed(.overTime(seconds: CompilerRun.timeLimit))
        case .gone:
            // Another warms up meanwhile, for the next step or build; one that keeps failing is given up.
            self.server = nil
            failures += 1
            update(wanted: wanted)
            return nil
        }
    }
}
