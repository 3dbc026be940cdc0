@_spi(Shell) import DemoKit
import ShellModel

/// Where a build's compilers write their temporary files (their `TMPDIR`):
/// a folder of the build's own, not the system's. The driver leaves a
/// `TemporaryDirectory.*` there even for `--version`, clang its own files;
/// the folder is emptied as the build starts and removed as it ends,
/// however it ends, and a launcher killed meanwhile leaves it where the
/// next build of the plan, or the next plan (`removeOlderBuilds`), removes it.
struct BuildTemporaryFolder {
    let path: String

    init(of plan: EditBuildPlan) { path = FileSystem.join(plan.directory, "tmp") }

    /// Made empty, for a build about to start.
    func create() throws(FileError) {
        FileSystem.removeTree(path)
        try FileSystem.makeDirectory(path)
    }

    func remove() { FileSystem.removeTree(path) }
}
