import DemoShellKit
import ShellModel
import Glibc

/// A build step's compiler run, without the driver's own start where it can
/// be spared: the commands `swiftc` would run for the step (`DriverJobs`),
/// asked once per compiler file, folder and shape of arguments and kept in
/// the build cache, are run one after another as the driver runs them. The
/// first build of a shape asks (`-###`, one driver start, as running it would
/// cost) and runs them too; anything the shell cannot run as the driver would
/// (a compiler that is no toolchain's, a plan of several frontend jobs run
/// side by side, a temporary file) goes through the driver as before.
extension EditRunSession {
    func compileStep(
        _ arguments: [String], folders: [String], environment: [String: String?],
        keeping limit: Int, replyPath: String? = nil
    ) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        if let served = try await compileByServer(arguments, replyPath: replyPath) { return served }
        guard let jobs = try await driverJobs(arguments, folders: folders, environment: environment) else {
            return try await compile(arguments, environment: environment, keeping: limit)
        }
        var output = ""
        for job in jobs.jobs {
            if Self.extractAutolinkEntries(job) { continue }
            let (ending, said) =
                LinkerJob.asksClang(job)
                ? try await link(job, folders: folders, environment: environment, keeping: limit)
                : try await compile(job, environment: environment, keeping: limit)
            output += said
            guard ending == .exited(0) else { return (ending, output) }
        }
        return (.exited(0), output)
    }

    /// The step's jobs, kept or asked for now; nil to run the driver.
    private func driverJobs(
        _ arguments: [String], folders: [String],
        environment: [String: String?]
    ) async throws(BuildEnd) -> DriverJobs? {
        guard let compiler = arguments.first, let file = CompilerVersionCache.key(compiler),
            let workingDirectory = Self.workingDirectory
        else { return nil }
        guard let tools = SwiftToolchain.frontendDirectory(of: compiler) else { return nil }
        let key = DriverJobs.key(
            compilerFile: file, workingDirectory: workingDirectory, arguments: arguments, folders: folders)
        let path = FileSystem.join(Self.cacheDirectory, "driver-jobs", key)
        if let kept = FileSystem.read(path) {
            // A plan found unfit before (`throughDriver`) is not asked for again.
            return DriverJobs(encoded: kept)?.filled(folders)
        }
        let (ending, output) = try await compile(arguments + ["-###"], environment: environment, keeping: 1 << 20)
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

    /// What the cache keeps for a step the driver runs itself.
    static let throughDriver = "driver\n"

    static var workingDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }
}
