import DemoShellKit
import ShellModel

/// The compiler's check before a build: it must be the one the SDK was
/// built with. Its answer is kept per compiler file (`CompilerVersionCache`),
/// so that only a changed compiler is asked again: asking starts the
/// driver, 70–90 ms of every launcher's first Run Edited.
extension EditRunSession {
    static var compilerVersions: CompilerVersionCache {
        CompilerVersionCache(path: FileSystem.join(cacheDirectory, "compiler-versions"))
    }

    func checkCompiler(_ compiler: String, wanted: String, environment: [String: String?]) async throws(BuildEnd) {
        if verifiedCompiler == compiler { return }
        let versions = Self.compilerVersions
        if versions.version(of: compiler) == wanted {
            verifiedCompiler = compiler
            return
        }
        let (_, output) = try await compile([compiler, "--version"], environment: environment, keeping: 65_536)
        let found = SwiftToolchain.versionLine(output)
        guard found == wanted else {
            throw .failed(.cannotBuild(.otherCompiler(found: found, path: compiler, wanted: wanted)))
        }
        versions.record(found, for: compiler)
        verifiedCompiler = compiler
    }
}
