import DemoShellKit
import EditRunModel
import Glibc
import ShellModel

/// Where a build's compilers write their temporary files (their `TMPDIR`):
/// a folder of the build's own, not the system's. The driver leaves a
/// `TemporaryDirectory.*` there even for `--version`, clang its own files.
/// Each build has a folder of its own (`tmp-PID-N`): a cancelled build of
/// the same plan may still be ending while the next one starts, and must
/// not remove what that one uses. It is removed as the build ends, however
/// it ends; one a killed launcher left is removed by the next build of the
/// plan (its process is gone), or with the plan (`removeOlderBuilds`).
struct BuildTemporaryFolder {
    @MainActor private static var made = 0
    let path: String
    private let directory: String

    @MainActor init(of plan: EditBuildPlan) {
        Self.made += 1
        directory = plan.directory
        path = FileSystem.join(plan.directory, "tmp-\(getpid())-\(Self.made)")
    }

    /// Made empty, for a build about to start; leftovers of ended launchers go.
    func create() throws(FileError) {
        for name in FileSystem.contents(ofDirectory: directory) where name.hasPrefix("tmp-") {
            let parts = name.split(separator: "-")
            if parts.count == 3, let pid = Int32(parts[1]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                FileSystem.removeTree(FileSystem.join(directory, name))
            }
        }
        FileSystem.removeTree(path)
        try FileSystem.makeDirectory(path)
    }

    func remove() { FileSystem.removeTree(path) }
}
