import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// An Edit and Run test whose compiler is a fake: shell scripts in a folder
/// of its own, the shell pointed at them for the test only, and the folder
/// and the environment put back after.
@MainActor
open class FakeCompilerTestCase: EditAndRunTestCase {
    /// The test's own folder, for the scripts and whatever they leave.
    package var folder = ""
    private var saved: [String: String?] = [:]

    open override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("fake-compiler-XXXXXX"))
    }

    open override func tearDown() async throws {
        for (name, value) in saved { Environment.set(name, value) }
        saved = [:]
        FileSystem.removeTree(folder)
        try await super.tearDown()
    }

    /// Writes `script` to `name` in the folder, executable.
    package func writeScript(_ name: String, _ script: String) throws {
        try FileSystem.writeAtomically(script + "\n", to: FileSystem.join(folder, name))
        chmod(FileSystem.join(folder, name), 0o755)
    }

    /// Makes `swiftc` (a script in the folder) the shell's compiler; `others`
    /// are variables the test sets itself, put back after with these.
    package func useFakeCompiler(_ swiftc: String, alsoSaving others: [String] = []) {
        for name in ["DEMO_SHELL_SWIFTC", "XDG_CACHE_HOME"] + others { saved[name] = Environment.value(name) }
        Environment.set("DEMO_SHELL_SWIFTC", FileSystem.join(folder, swiftc))
        // What the fake writes for objects stays out of the run's shared
        // builds, which a later class's real compiler would otherwise take as done.
        Environment.set("XDG_CACHE_HOME", FileSystem.join(folder, "cache"))
    }
}
