import DemoShellKit
import EditRunModel
import ShellModel

/// The compiler's check before a build: it must be the one the SDK was
/// built with. Its answer is kept per compiler file (`CompilerVersionCache`),
/// so that only a changed compiler is asked again: asking starts the
/// driver, 70–90 ms of every launcher's first Run Edited.
@MainActor
final class CompilerCheck {
    /// The compiler this session found right, asked no more.
    private var verified: String?

    static var versions: CompilerVersionCache {
        CompilerVersionCache(path: FileSystem.join(EditRunSession.cacheDirectory, "compiler-versions"))
    }

    func check(_ compiler: String, wanted: String, environment: [String: String?]) async throws(BuildEnd) {
        if verified == compiler { return }
        let versions = Self.versions
        if versions.version(of: compiler) == wanted {
            verified = compiler
            return
        }
        let (_, output) = try await ProcessCompiler.run(
            [compiler, "--version"], environment: environment, keeping: 65_536)
        let found = SwiftToolchain.versionLine(output)
        guard found == wanted else {
            throw .failed(.cannotBuild(.otherCompiler(found: found, path: compiler, wanted: wanted)))
        }
        versions.record(found, for: compiler)
        verified = compiler
    }
}
