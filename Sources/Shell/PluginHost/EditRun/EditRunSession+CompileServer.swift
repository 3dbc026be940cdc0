import DemoShellKit
import ShellModel
import Wire

/// The compile server while Edit is on (`CompileServer`): started with the
/// ready child, it compiles each step of a build whose compiler is its
/// toolchain's; a step it cannot take (busy, gone, another compiler, an
/// argument it cannot carry) runs as before, and one that ends it is run
/// by the compiler's own process, the next build starting another server.
extension EditRunSession {
    /// The server's process, while one is ready.
    package var compileServerProcessID: Int32? {
        compileServer?.isReady == true ? compileServer?.process.processID : nil
    }

    /// Starts a server when Edit is on and none runs for `compiler` (the
    /// session's, looked for when not given); ends it otherwise.
    func updateCompileServer(compiler found: String? = nil) {
        guard keepsChildReady, !handsOverBuilds, compileServerFailures < Self.compileServerStrikes,
            let compiler = found ?? SwiftToolchain.find(),
            let library = CompileServer.library(forCompiler: compiler)
        else {
            compileServer?.end()
            compileServer = nil
            return
        }
        if let server = compileServer, server.process.ending == nil, server.library == library { return }
        compileServer?.end()
        compileServer = CompileServer.start(
            executable: shellExecutable, library: library, environment: Self.childEnvironment)
        if let server = compileServer, case .success(let sdk) = EditSDK.locate(paths: paths) {
            let primer = EditBuildPlan.primer(
                compiler: compiler, sdk: sdk, sharedBuilds: FileSystem.join(Self.cacheDirectory, "shared"),
                moduleCache: FileSystem.join(Self.cacheDirectory, "module-cache"))
            Task { await server.warmUp(primer: primer) }
        }
    }

    /// Where the compile server's reply for a step is kept (it writes no
    /// `.dia`): its frame, in hexadecimal (the files' atomic writer takes
    /// text), for this build's reuse of its diagnostics as structure.
    static func serverDiagnosticsPath(of step: EditBuildPlan.Step) -> String { step.diagnosticsPath + ".reply" }

    /// The diagnostics the server gave a step, if it compiled it.
    static func serverDiagnostics(of step: EditBuildPlan.Step) -> [CompilerDiagnostic]? {
        let limit = WireFrame.headerSize + CompileReply.payloadLimit + WireFrame.trailerSize
        return FileSystem.read(serverDiagnosticsPath(of: step)).flatMap { WireHex.decode($0, limit: limit) }
            .flatMap(WireDecoder<CompileReply>.only)?.diagnostics
    }

    /// Servers that ended in a row before one of them is given up for this session.
    static let compileServerStrikes = 3

    /// The server is busy (its warm-up compile, or a step): not ready for another.
    package var compileServerIsBusy: Bool { compileServer.map { !$0.isReady && $0.process.ending == nil } ?? false }

    /// The step `arguments` (the compiler first) compiled by the server, its
    /// reply kept at `replyPath` and its diagnostics as the compiler prints
    /// them (for people); nil when the compiler's process is to run it.
    func compileByServer(_ arguments: [String], replyPath: String?) async throws(BuildEnd) -> (
        Subprocess.Ending, String
    )? {
        // Compiles only: a link is the linker's (`LinkerJob`).
        guard let server = compileServer, server.isReady, let compiler = arguments.first,
            arguments.contains("-emit-object"), !arguments.contains("-emit-library"),
            CompileServer.library(forCompiler: compiler) == server.library
        else { return nil }
        let outcome = await server.compile(Array(arguments.dropFirst()))
        guard !Task.isCancelled else { throw .cancelled }
        switch outcome {
        case .done(let reply):
            metrics.serverCompiles += 1
            compileServerFailures = 0
            if let replyPath, let bytes = WireFrame.encode(reply) {
                try? FileSystem.writeAtomically(WireHex.encode(bytes), to: replyPath)
            }
            return (.exited(reply.status), reply.text)
        case .overTime:
            compileServer = nil
            throw .failed(.overTime(seconds: CompilerRun.timeLimit))
        case .gone:
            // Another warms up meanwhile, for the next step or build; one that keeps failing is given up.
            compileServer = nil
            compileServerFailures += 1
            updateCompileServer()
            return nil
        }
    }
}
