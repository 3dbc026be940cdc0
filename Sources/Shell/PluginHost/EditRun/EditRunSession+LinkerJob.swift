import DemoShellKit
import ShellModel
import Glibc

/// A link job of the driver's plan (the toolchain's `clang`) run as the
/// linker it starts, without clang's own start: the command clang would run
/// (`LinkerJob`), asked once per clang file, folder and shape of job and
/// kept in the build cache beside the driver's jobs. The first link of a
/// shape asks (`-###`, one clang start) and runs the linker too; anything
/// the shell cannot run as clang would (see `LinkerJob`), and a kept command
/// whose start files or response files no longer fit, runs clang as before.
extension EditRunSession {
    func link(
        _ job: [String], folders: [String], environment: [String: String?],
        keeping limit: Int
    ) async throws(BuildEnd) -> (Subprocess.Ending, String) {
        let command = try await linkerCommand(job, folders: folders, environment: environment) ?? job
        metrics.linkStarted(command[0])
        return try await compile(command, environment: environment, keeping: limit)
    }

    /// The linker's command, kept or asked for now; nil to run clang.
    private func linkerCommand(
        _ job: [String], folders: [String],
        environment: [String: String?]
    ) async throws(BuildEnd) -> [String]? {
        guard let file = CompilerVersionCache.key(job[0]), let workingDirectory = Self.workingDirectory else {
            return nil
        }
        let key = LinkerJob.key(clangFile: file, workingDirectory: workingDirectory, job: job, folders: folders)
        let path = FileSystem.join(Self.cacheDirectory, "driver-jobs", key)
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
        metrics.linkStarted(question[0])
        let (ending, output) = try await compile(question, environment: environment, keeping: 1 << 20)
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
