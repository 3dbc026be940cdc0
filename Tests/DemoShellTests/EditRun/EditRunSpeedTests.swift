import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A warm Run Edited asks the compiler no more than it must, with a fake
/// toolchain (shell scripts for `swiftc` and `swift-frontend`) that logs
/// each question: its version once per compiler file, whichever launcher
/// asks, and the driver's jobs for a step once per shape, the next build's
/// jobs run without the driver.
@MainActor
final class EditRunSpeedTests: FakeCompilerTestCase {
    override func setUp() async throws {
        try await super.setUp()
        let output = """
            out=''; previous=''
            for argument in "$@"; do [ "$previous" = "-o" ] && out=$argument; previous=$argument; done
            """
        try writeScript(
            "bin/swiftc",
            """
            #!/bin/sh
            echo "$*" >> '\(folder)/swiftc.log'
            if [ "$1" = "--version" ]; then echo '\(SDKContract.compilerVersion)'; exit 0; fi
            case " $* " in *" -typecheck "*) touch '\(folder)/primed'; exit 0;; esac
            \(output)
            for argument in "$@"; do
              if [ "$argument" = "-###" ]; then echo "\(folder)/bin/swift-frontend -c -o '$out'"; exit 0; fi
            done
            mkdir -p "$(dirname "$out")" && echo built > "$out"
            """)
        try writeScript(
            "bin/swift-frontend",
            """
            #!/bin/sh
            echo "$*" >> '\(folder)/frontend.log'
            if [ -e '\(folder)/wait-for-primer' ]; then
              i=0; while [ ! -e '\(folder)/primed' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
              [ -e '\(folder)/primed' ] || { echo "$*" >> '\(folder)/alone.log'; rm -f '\(folder)/wait-for-primer'; }
            fi
            \(output)
            mkdir -p "$(dirname "$out")" && echo built > "$out"
            """)
        useFakeCompiler("bin/swiftc")
    }

    private func log(_ name: String) -> [String] {
        (FileSystem.read(FileSystem.join(folder, name + ".log")) ?? "").split(separator: "\n").map(String.init)
    }

    /// One Run Edited of Say Hello (its view ending with `edit`) in a session
    /// of its own, as a launcher of its own would make it, to its build's end.
    private func build(_ edit: String, model modelEdit: String = "") throws -> EditBuildPlan {
        if shell == nil { makeShell() }
        let session = EditRunSession(paths: shell.paths)
        let entry = try XCTUnwrap(shell.registry.entries.first { $0.manifest.id == "say-hello" })
        let inputs = editBuildInputs(of: entry) { path, text in
            path.hasPrefix("Plugin/") ? text + edit : text + modelEdit
        }
        let log = EditRunEventLog()
        session.delegate = log
        session.handsOverBuilds = true  // nothing the fake builds can run
        var built: EditBuildPlan? { log.built }
        session.run(
            manifest: entry.manifest, manifestText: FileSystem.read(entry.manifestPath) ?? "", inputs: inputs,
            workspace: workspace)
        XCTAssertTrue(
            MainLoop.run(until: { built != nil || session.phase == .idle }, timeout: 60), "the build never ended")
        defer { session.close() }
        return try XCTUnwrap(built, "the build failed: \(String(describing: log.status))")
    }

    func testTheCompilersVersionIsAskedOncePerCompilerFile() async throws {
        _ = try build("// 1\n")
        XCTAssertEqual(log("swiftc").filter { $0 == "--version" }.count, 1)
        _ = try build("// 2\n")
        XCTAssertEqual(
            log("swiftc").filter { $0 == "--version" }.count, 1, "another launcher's Run Edited asks no more")
        try writeScript(
            "bin/swiftc", (FileSystem.read(FileSystem.join(folder, "bin/swiftc")) ?? "") + "# a new compiler\n")
        _ = try build("// 3\n")
        XCTAssertEqual(log("swiftc").filter { $0 == "--version" }.count, 2, "a changed compiler file is asked again")
    }

    func testTheDriversJobsAreAskedOnceThenRunWithoutIt() async throws {
        let first = try build("// 1\n")
        let asked = log("swiftc").filter { $0.hasSuffix("-###") }
        XCTAssertEqual(asked.count, first.steps.count, "each step's jobs asked for once")
        XCTAssertEqual(
            log("swiftc").count, asked.count + 2,
            "and run by the shell, not the driver (besides its version and the primer)")
        XCTAssertEqual(log("frontend").count, first.steps.count)

        let second = try build("// 2\n")
        XCTAssertNotEqual(second.directory, first.directory)
        XCTAssertEqual(log("swiftc").count, asked.count + 2, "a warm build starts no driver")
        let run = log("frontend").dropFirst(first.steps.count)
        XCTAssertEqual(run.count, 2, "the view and the link, the rest built before: \(run)")
        XCTAssertEqual(
            run.map { $0.split(separator: " ").last.map(String.init) },
            [FileSystem.join(second.directory, "SayHello.o"), second.libraryPath], "the new build's folder filled in")
        XCTAssertTrue(FileSystem.isRegularFile(second.libraryPath))
    }

    func testAColdBuildBuildsGTKsModuleBesideItsFirstSteps() async throws {
        let primers = {
            self.log("swiftc").filter {
                $0.hasSuffix(
                    "-typecheck " + FileSystem.join(self.folder, "cache/demo-shell/edit-builds/shared/Primer.swift"))
            }
        }
        // Each compile of the first build waits for the primer to have started: one run after them would never be.
        try FileSystem.writeAtomically("", to: FileSystem.join(folder, "wait-for-primer"))
        let first = try build("// 1\n")
        _ = FileSystem.remove(FileSystem.join(folder, "wait-for-primer"))
        XCTAssertEqual(log("alone"), [], "compiled before the primer had started")
        XCTAssertEqual(primers().count, 1, "an empty module cache is primed once")
        XCTAssertEqual(FileSystem.read(try XCTUnwrap(first.primer.last)), EditBuildPlan.primerText)
        XCTAssertTrue(first.primer.contains(first.moduleCache), "into the steps' module cache")

        _ = try build("// 2\n")
        XCTAssertEqual(primers().count, 1, "the view alone has nothing to be built beside")
        _ = try build("// 3\n", model: "// 3\n")
        XCTAssertEqual(primers().count, 2, "the model and the view, the cache still empty: primed again")
        let modules = FileSystem.join(first.moduleCache, "2C5VACBYE3HCI")
        try FileSystem.writeAtomically("", to: FileSystem.join(modules, "CGtk-41W3C0K5VJBO.pcm"))
        _ = try build("// 4\n", model: "// 4\n")
        XCTAssertEqual(primers().count, 2, "GTK's module built: no primer")
    }
}
