import DemoShellKit
import EditRunModel
import ShellModel
import Glibc

/// A build step's compiler run without the driver's own start where it can
/// be spared: the commands `swiftc` would run for the step (`DriverJobs`),
/// asked once per compiler file, folder and shape of arguments and kept in
/// the build cache, are run one after another as the driver runs them. The
/// first build of a shape asks (`-###`, one driver start, as running it would
/// cost) and runs them too; anything the shell cannot run as the driver would
/// (a compiler that is no toolchain's, a plan of several frontend jobs run
/// side by side, a temporary file) goes through the driver as before.
///
/// A link job of that plan (the toolchain's `clang`) is run as the linker
/// it starts, without clang's own start: the command clang would run
/// (`LinkerJob`), asked and kept the same way; anything the shell cannot
/// run as clang would, and a kept command whose start files or response
/// files no longer fit, runs clang as before.
@MainActor
package final class DriverJobsCompiler: StepCompiler {
    /// What the cache keeps for a step the driver runs itself.
    static let throughDriver = "driver\n"
    /// The last programs link jobs started (clang asked, the linker, or clang run), in order.
    package private(set) var linkPrograms: [String] = []

    func compile(
        _ arguments: [String], folders: [String], environment: [String: String?], keeping limit: Int,
        replyPath: String?
    ) async throws(BuildEnd) -> (Subprocess.Ending, String)? {
        guard let jobs = try await driverJobs(arguments, folders: folders, environment: environment) else { return nil }
        var output = ""
        for job in jobs.jobs {
            if Self.extractAutolinkEntries(job) { continue }
            let (ending, said) =
                LinkerJob.asksClang(job)
                ? try await link(job, folders: folders, environment: environment, keeping: limit)
                : try await ProcessCompiler.run(job, environment: environment, keeping: limit)
            output += said
            guard ending == .exited(0) else { return (ending, output) }
        }
        return (.exited(0), output)
    }

    /// Forgets the link programs seen so far (a test's second run).
    package func forgetLinkPrograms() { linkPrograms = [] }

    private static var cacheFolder: String { FileSystem.join(EditRunSession.cacheDirectory, "driver-jobs") }

    /// The step's jobs, kept or asked for now; nil to run the driver.
    private func driverJobs(
        _ arguments: [String], folders: [String], environment: [String: String?]
    ) async throws(BuildEnd) -> DriverJobs? {
        guard let compiler = arguments.first, let file = CompilerVersionCache.key(compiler),
            let workingDirectory = Self.workingDirectory
        else { return nil }
        guard let tools = SwiftToolchain.frontendDirectory(of: compiler) else { return nil }
        let key = DriverJobs.key(
            compilerFile: file, workingDirectory: workingDirectory, arguments: arguments, folders: folders)
        let path = FileSystem.join(Self.cacheFolder, key)
        if let kept = FileSystem.read(path) {
            // A plan found unfit before (`throughDriver`) is not asked for again.
            return DriverJobs(encoded: kept)?.filled(folders)
        }
        let (ending, output) = try await ProcessCompiler.run(
            arguments + ["-###"], environment: environment, keeping: 1 << 20)
        guard ending == .exited(0), let found = DriverJobs.parse(output, toolDirectory: tools) else {
            if ending == .exited(0) { try? FileSystem.writeAtomically(Self.throughDriver, to: path) }
            return nil
        }
        // Not kept, it is asked again next time: no worse than the driver.
        if let text = found.templated(folders).encoded { try? FileSystem.writeAtomically(text, to: path) }
        return found
    }

    /// A `swift-autolink-extract` job done here (`AutolinkEntries`): false
    /// when it must run (arguments or objects it does not know).
    private static func extractAutolinkEntries(_ job: [String]) -> Bool {
        guard FileSystem.basename(job[0]) == "swift-autolink-extract",
            let option = job.firstIndex(of: "-o"), option + 1 < job.count
        else { return false }
        let inputs = job[1..<option] + job[(option + 2)...]
        guard !inputs.isEmpty, !inputs.contains(where: { $0.hasPrefix("-") }) else { return false }
        var objects: [[UInt8]] = []
        for input in inputs {
            guard let bytes = FileSystem.readBytes(input) else { return false }
            objects.append(bytes)
        }
        guard let text = AutolinkEntries.text(of: objects) else { return false }
        do throws(FileError) {
            try FileSystem.writeAtomically(text, to: job[option + 1])
            return true
        } catch {
            return false
        }
    }

    static var workingDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Link jobs

    private func link(
        _ job: [String], folders: [String], environment: [String: String?], keeping limit: Int
    ) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        let command = try await linkerCommand(job, folders: folders, environment: environment) ?? job
        linkStarted(command[0])
        return try await ProcessCompiler.run(command, environment: environment, keeping: limit)
    }

    private func linkStarted(_ program: String) {
        linkPrograms = Array((linkPrograms + [program]).suffix(8))
    }

    /// The linker's command, kept or asked for now; nil to run clang.
    private func linkerCommand(
        _ job: [String], folders: [String], environment: [String: String?]
    ) async throws(BuildEnd) -> [String]? {
        guard let file = CompilerVersionCache.key(job[0]), let workingDirectory = Self.workingDirectory else {
            return nil
        }
        let key = LinkerJob.key(clangFile: file, workingDirectory: workingDirectory, job: job, folders: folders)
        let path = FileSystem.join(Self.cacheFolder, key)
        if let kept = FileSystem.read(path) {
            if kept == Self.throughDriver { return nil }  // found unfit before: not asked again
            if let command = DriverJobs(encoded: kept)?.filled(folders).jobs, command.count == 1,
                LinkerJob.startFilesExist(command[0])
            {
                return LinkerJob.readsResponseFilesAsClang(command[0]) ? command[0] : nil
            }
            // Start files moved (a new GCC): asked again.
        }
        guard let question = LinkerJob.question(job) else {
            try? FileSystem.writeAtomically(Self.throughDriver, to: path)
            return nil
        }
        linkStarted(question[0])
        let (ending, output) = try await ProcessCompiler.run(question, environment: environment, keeping: 1 << 20)
        guard ending == .exited(0) else { return nil }  // clang run as it is says why
        // A file clang would write in the build's temporary folder is one only it knows of, as in the system's.
        let temporary = (environment["TMPDIR"] ?? nil).map { [$0] } ?? []
        guard
            let command = LinkerJob.parse(
                output, job: job, temporaryDirectories: temporary + LinkerJob.temporaryDirectories)
        else {
            try? FileSystem.writeAtomically(Self.throughDriver, to: path)
            return nil
        }
        // Not kept, it is asked again next time: no worse than clang.
        if let text = DriverJobs(jobs: [command]).templated(folders).encoded {
            try? FileSystem.writeAtomically(text, to: path)
        }
        return LinkerJob.readsResponseFilesAsClang(command) ? command : nil
    }
}
