import DemoShellKit
import EditRunModel
import ShellModel

/// The first Run Edited after install spends most of its time building
/// GTK's Clang module (about 1.5 s), and only the view, the last compile,
/// needs it: the shared modules and the model compile first, on one core.
/// A build that finds no GTK module in the cache, and has more than the
/// view to compile, starts the plan's primer beside those steps, so the
/// module is built on the other core meanwhile; the view then finds it
/// (or waits on Clang's lock for the rest of it).
@MainActor
enum BuildPrimer {
    /// Whether `plan`'s build should start its primer: its cache holds no
    /// GTK module, and something before the view is to be compiled.
    static func isNeeded(by plan: EditBuildPlan) -> Bool {
        guard plan.steps.count > 2 else { return false }
        let before = plan.steps.dropLast(2)
        guard
            before.contains(where: {
                !FileSystem.isRegularFile($0.output) || !FileSystem.isRegularFile(EditBuildFolder.doneMark(of: $0))
            })
        else { return false }
        return !FileSystem.contents(ofDirectory: plan.moduleCache).contains { folder in
            FileSystem.contents(ofDirectory: FileSystem.join(plan.moduleCache, folder)).contains {
                $0.hasPrefix("CGtk-") && $0.hasSuffix(".pcm")
            }
        }
    }

    /// Writes the primer's file at `path` unless it is there already (the
    /// compile server's warm-up and a cold build's primer share it); false
    /// when it cannot be written.
    nonisolated static func writeSource(_ path: String) -> Bool {
        guard FileSystem.read(path) != EditBuildPlan.primerText else { return true }
        do throws(FileError) {
            try FileSystem.writeAtomically(EditBuildPlan.primerText, to: path)
            return true
        } catch {
            return false
        }
    }

    /// Runs the primer when `plan` needs it. What it says is no one's: a
    /// primer that fails leaves the view to build the module, as before.
    static func prime(_ plan: EditBuildPlan, environment: [String: String?]) async {
        guard isNeeded(by: plan), let source = plan.primer.last, writeSource(source) else { return }
        _ = try? await ProcessCompiler.run(plan.primer, environment: environment, keeping: 1 << 16)
    }
}
