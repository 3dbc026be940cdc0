import DemoShellKit
@testable import EditRunModel
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What makes a warm Run Edited quick, without a display: the compiler's
/// version kept per compiler file, the linker chosen, and the driver's jobs
/// read, kept and filled in for the next build.
final class EditRunSpeedModelTests: XCTestCase {
    private var folder = ""

    override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("edit-speed-XXXXXX"))
    }

    override func tearDown() async throws {
        FileSystem.removeTree(folder)
        try await super.tearDown()
    }

    private func executable(_ name: String, _ text: String = "#!/bin/sh\n") throws -> String {
        let path = FileSystem.join(folder, name)
        try FileSystem.writeAtomically(text, to: path)
        chmod(path, 0o755)
        return path
    }

    func testACompilersVersionIsKeptUntilItsFileChanges() throws {
        let compiler = try executable("bin/swiftc", "#!/bin/sh\necho one\n")
        let cache = CompilerVersionCache(path: FileSystem.join(folder, "cache", "compiler-versions"))
        XCTAssertNil(cache.version(of: compiler), "never asked")
        cache.record("Swift version 6.3.1", for: compiler)
        XCTAssertEqual(cache.version(of: compiler), "Swift version 6.3.1")
        XCTAssertEqual(
            CompilerVersionCache(path: cache.path).version(of: compiler), "Swift version 6.3.1",
            "kept on disk, for the next launcher")
        let other = try executable("other/swiftc", "#!/bin/sh\necho one\n")
        XCTAssertNil(cache.version(of: other), "another compiler file is asked for itself")

        // The same size, another time: a compiler replaced in place.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, compiler, &times, 0), 0)
        XCTAssertNil(cache.version(of: compiler), "a changed compiler file is asked again")
        cache.record("Swift version 6.3.1", for: compiler)
        XCTAssertEqual(cache.version(of: compiler), "Swift version 6.3.1")
        try FileSystem.writeAtomically("#!/bin/sh\necho twenty\n", to: compiler)
        XCTAssertEqual(utimensat(AT_FDCWD, compiler, &times, 0), 0)
        XCTAssertNil(cache.version(of: compiler), "another size, the same time: asked again")

        // Through a link, the file it links to counts.
        let link = FileSystem.join(folder, "link-swiftc")
        XCTAssertEqual(symlink(other, link), 0)
        cache.record("Swift version 6.3.1", for: link)
        try FileSystem.writeAtomically("#!/bin/sh\necho three\n", to: other)
        XCTAssertNil(cache.version(of: link), "the linked-to file changed")

        try FileSystem.writeAtomically("another format\n", to: cache.path)
        XCTAssertNil(cache.version(of: link), "a file of another format is ignored")
        cache.record("Swift version 6.3.1", for: link)
        XCTAssertEqual(cache.version(of: link), "Swift version 6.3.1", "and written afresh")
    }

    func testTheToolchainsLldLinksWhenItHasOneAndAModuleIsOneJob() throws {
        let compiler = try executable("toolchain/swiftc")
        XCTAssertEqual(EditLinker.flags(compiler: compiler), [], "no lld beside it: the driver's default linker")
        _ = try executable("toolchain/ld.lld")
        XCTAssertEqual(EditLinker.flags(compiler: compiler), ["-use-ld=lld"])
        let linked = FileSystem.join(folder, "swiftc")
        XCTAssertEqual(symlink(compiler, linked), 0)
        XCTAssertEqual(
            EditLinker.flags(compiler: linked), ["-use-ld=lld"], "found beside the file the compiler links to")
        chmod(FileSystem.join(folder, "toolchain/ld.lld"), 0o644)
        XCTAssertEqual(EditLinker.flags(compiler: compiler), [], "an lld that cannot run is none")

        let sdk = EditSDK(
            modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
            sharedModulesDirectory: "/none", cFlags: [], compilerVersion: "Swift version 6.3.1", identity: "abc")
        let manifestPath = FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin")
        let manifest = try PluginEntry.read(manifestPath: manifestPath, searchDirectory: buildProductsDirectory).get()
            .manifest
        func link(with compiler: String) -> [String] {
            EditBuildPlan.make(
                compiler: compiler, sdk: sdk, manifest: manifest, manifestText: "[Plugin]\n",
                inputs: [.init(relativePath: "Plugin/V.swift", text: "import DemoKit\n")],
                workspace: EditWorkspace(demoID: "say-hello", editsDirectory: "/edits"),
                sharedBuilds: "/cache/shared", moduleCache: "/cache/modules"
            ).steps.last?.arguments ?? []
        }
        let model = EditBuildPlan.make(
            compiler: compiler, sdk: sdk, manifest: manifest, manifestText: "[Plugin]\n",
            inputs: [.init(relativePath: "Model/M.swift", text: "public struct M {}\n")],
            workspace: EditWorkspace(demoID: "say-hello", editsDirectory: "/edits"),
            sharedBuilds: "/cache/shared", moduleCache: "/cache/modules"
        ).steps[0]
        XCTAssertEqual(model.module, "SayHelloModel")
        XCTAssertTrue(
            model.arguments.contains("-no-emit-module-separately-wmo"),
            "a module is one frontend job, whose jobs the session can keep (DriverJobs)")
        XCTAssertFalse(link(with: compiler).contains("-use-ld=lld"))
        chmod(FileSystem.join(folder, "toolchain/ld.lld"), 0o755)
        XCTAssertTrue(link(with: compiler).contains("-use-ld=lld"), "the plan's link asks for it")
    }

    /// What a run's child gets beyond the ready child's environment is handed
    /// over with the build when it is the shell's own and an environment could hold it.
    func testARunsOwnVariablesAreHandedToTheReadyChild() {
        let ready: [String: String?] = ["DEMO_SHELL_PARENT_PID": "7", "SWIFT_BACKTRACE": "enable=yes"]
        XCTAssertEqual(ReadyChild.servable(ready, ready: ready), [:])
        let live = ready.merging(["DEMO_SHELL_WINDOW_REPORT": "/c/windows/7/2", "DEMO_SHELL_WINDOW_PLACE": nil]) { $1 }
        XCTAssertEqual(
            ReadyChild.servable(live, ready: ready),
            ["DEMO_SHELL_WINDOW_REPORT": "/c/windows/7/2", "DEMO_SHELL_WINDOW_PLACE": nil], "Live's window place")
        XCTAssertNil(
            ReadyChild.servable(ready.merging(["LD_PRELOAD": "x.so"]) { $1 }, ready: ready),
            "what only a new process's start reads")
        XCTAssertNil(ReadyChild.servable(ready.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }, ready: ready))
        XCTAssertEqual(
            ReadyChild.servable(ready.merging(["DEMO_SHELL_WINDOW_PLACE": "1\n2"]) { $1 }, ready: ready),
            ["DEMO_SHELL_WINDOW_PLACE": "1\n2"], "a frame carries any value an environment can")
        XCTAssertNil(
            ReadyChild.servable(ready.merging(["DEMO_SHELL_WINDOW_PLACE": "1\u{0}2"]) { $1 }, ready: ready),
            "no environment can")
        XCTAssertNil(
            ReadyChild.servable(["SWIFT_BACKTRACE": "enable=yes"], ready: ready), "one of the ready child's missing")
    }

    /// Against the tool itself, on objects the real compiler made.
    func testTheAutolinkEntriesAreTheToolsOwn() throws {
        let compiler = try XCTUnwrap(SwiftToolchain.find(), "no swiftc")
        let tool = FileSystem.join(FileSystem.dirname(FileSystem.resolvingLinks(compiler)), "swift-autolink-extract")
        try FileSystem.writeAtomically(
            "import Glibc\npublic func f() -> Double { sqrt(2) }\n", to: FileSystem.join(folder, "a.swift"))
        try FileSystem.writeAtomically("public func g() -> [Int] { [1, 2] }\n", to: FileSystem.join(folder, "b.swift"))
        let objects = ["a", "b"].map { FileSystem.join(folder, $0 + ".o") }
        for (name, object) in zip(["a", "b"], objects) {
            XCTAssertEqual(
                run([compiler, "-parse-as-library", "-c", FileSystem.join(folder, name + ".swift"), "-o", object]), 0)
        }
        let file = FileSystem.join(folder, "tool.autolink")
        XCTAssertEqual(run([tool] + objects + ["-o", file]), 0)
        let expected = try XCTUnwrap(FileSystem.read(file))
        XCTAssertTrue(expected.contains("-lswiftCore\n"), expected)
        let found = try XCTUnwrap(AutolinkEntries.text(of: objects.compactMap(FileSystem.readBytes)))
        XCTAssertEqual(
            Set(found.split(separator: "\n")), Set(expected.split(separator: "\n")),
            "the same libraries (the tool puts the Swift runtime's last; for shared libraries the order is not the linker's concern)"
        )
        XCTAssertEqual(found.split(separator: "\n").count, Set(found.split(separator: "\n")).count, "each once")
        XCTAssertTrue(found.hasSuffix("\n"))
        XCTAssertNil(AutolinkEntries.text(of: [Array("!<arch>\n".utf8)]), "an archive is the tool's")
        XCTAssertNil(AutolinkEntries.text(of: [Array(repeating: 0x7f, count: 100)]))
    }

    private func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testTheDriversJobsAreReadKeptAndFilledIn() throws {
        let output = """
            /tc/bin/swift-autolink-extract '/b/key 1/V.o' /b/model-2/M.o -o '/b/key 1/V.autolink'
            /tc/bin/clang -shared -fuse-ld=lld '@/b/key 1/V.autolink' 'it'\\''s' -o '/b/key 1/libV.so'

            """
        let jobs = try XCTUnwrap(DriverJobs.parse(output, toolDirectory: "/tc/bin"))
        XCTAssertEqual(
            jobs.jobs,
            [
                ["/tc/bin/swift-autolink-extract", "/b/key 1/V.o", "/b/model-2/M.o", "-o", "/b/key 1/V.autolink"],
                ["/tc/bin/clang", "-shared", "-fuse-ld=lld", "@/b/key 1/V.autolink", "it's", "-o", "/b/key 1/libV.so"],
            ], "the shell's quoting undone")
        let kept = try XCTUnwrap(jobs.templated(["/b/key 1", "/b/model-2"]).encoded)
        XCTAssertFalse(kept.contains("/b/key 1"), "the build folders are placeholders")
        let read = try XCTUnwrap(DriverJobs(encoded: kept))
        XCTAssertEqual(
            read.filled(["/b/key 2", "/b/model-3"]).jobs[0],
            ["/tc/bin/swift-autolink-extract", "/b/key 2/V.o", "/b/model-3/M.o", "-o", "/b/key 2/V.autolink"],
            "the next build's folders filled in")
        XCTAssertEqual(read.filled(["/b/key 1", "/b/model-2"]), jobs)

        let key = DriverJobs.key(
            compilerFile: "c", workingDirectory: "/w", arguments: ["swiftc", "/b/key 1/V.o"], folders: ["/b/key 1"])
        XCTAssertEqual(
            DriverJobs.key(
                compilerFile: "c", workingDirectory: "/w", arguments: ["swiftc", "/b/key 2/V.o"], folders: ["/b/key 2"]),
            key, "another build of the same shape")
        XCTAssertNotEqual(
            DriverJobs.key(
                compilerFile: "d", workingDirectory: "/w", arguments: ["swiftc", "/b/key 1/V.o"], folders: ["/b/key 1"]),
            key)
        XCTAssertNotEqual(
            DriverJobs.key(
                compilerFile: "c", workingDirectory: "/v", arguments: ["swiftc", "/b/key 1/V.o"], folders: ["/b/key 1"]),
            key)
        XCTAssertNotEqual(
            DriverJobs.key(
                compilerFile: "c", workingDirectory: "/w", arguments: ["swiftc", "-O", "/b/key 1/V.o"],
                folders: ["/b/key 1"]), key)

        XCTAssertNil(
            DriverJobs.parse("/elsewhere/clang -shared\n", toolDirectory: "/tc/bin"), "a program not of the toolchain")
        XCTAssertNil(
            DriverJobs.parse("/tc/bin/swift-frontend -c a\n/tc/bin/swift-frontend -c b\n", toolDirectory: "/tc/bin"),
            "two frontend jobs, which the driver runs side by side")
        XCTAssertNil(
            DriverJobs.parse(
                "/tc/bin/swift-frontend -c /tmp/TemporaryDirectory.x1/a.swift\n", toolDirectory: "/tc/bin"),
            "a temporary file the driver writes")
        XCTAssertNil(DriverJobs.parse("", toolDirectory: "/tc/bin"))
        XCTAssertNil(DriverJobs.parse("/tc/bin/clang 'open\n", toolDirectory: "/tc/bin"))
        XCTAssertNil(DriverJobs(encoded: "another format\njob\narg x\n"))
        XCTAssertNil(DriverJobs(jobs: [["/tc/bin/clang", "a\nb"]]).encoded, "a line break in an argument is not kept")
    }
}
