import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Plugins are checked in a child process before the shell opens them: real
/// libraries that crash, abort, hang or lie, built from
/// `Fixtures/BadPlugins/bad-plugin.c` against the build's SDK. Without the
/// child, each of these tests would take the test process down with it.
@MainActor
final class PluginCheckerTests: XCTestCase {
    private var folder = ""
    private var cachePath = ""

    override func setUp() async throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-checker-XXXXXX"))
        cachePath = FileSystem.join(folder, "cache", "plugin-checks")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func checker(timeLimit: Double = 10, executable: String? = nil) -> PluginChecker {
        PluginChecker(
            executable: executable ?? FileSystem.join(buildProductsDirectory, "demo-shell"),
            cachePath: cachePath, timeLimit: timeLimit)
    }

    /// Compiles the fixture with `defines` into `lib<module>.so` in `directory`
    /// and writes its manifest `id.plugin` beside it, its Entry `entry`.
    private func badPlugin(
        _ id: String, module: String, defines: [String], in directory: String? = nil,
        entry: String? = "BadDemo"
    ) throws {
        let directory = directory ?? folder
        let source = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/BadPlugins/bad-plugin.c")
        try NativeLibraries.build(
            [source], output: FileSystem.join(directory, "lib\(module).so"),
            arguments: defines.map { "-D\($0)" } + NativeLibraries.linkingTheSDK)
        try FileSystem.writeAtomically(
            """
            [Plugin]
            Id=\(id)
            Module=\(module)
            \(entry.map { "Entry=" + $0 } ?? "")
            Name=\(module)
            Description=A plugin that misbehaves
            ABI=1

            """, to: FileSystem.join(directory, "\(id).plugin"))
    }

    private func reason(_ registry: PluginRegistry, _ id: String, file: StaticString = #filePath, line: UInt = #line)
        -> String
    {
        guard case .failure(let failure) = registry.module(id: id) else {
            XCTFail("\(id) was loaded", file: file, line: line)
            return ""
        }
        XCTAssertFalse(registry.isLoaded(id: id), file: file, line: line)
        XCTAssertNil(registry.entry(id: id), "listed as unavailable", file: file, line: line)
        return failure.reason
    }

    func testACrashWhileLoadingCrashesTheCheckerNotTheShell() async throws {
        try badPlugin("junk", module: "Junk", defines: ["CRASH_ON_LOAD"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "junk"), "The plugin crashed while being checked: SIGSEGV.")
    }

    func testAnAbortInAConstructorCrashesTheCheckerNotTheShell() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "aborts"), "The plugin crashed while being checked: SIGABRT.")
    }

    /// The runtime's "FILE:LINE: Fatal error" is why a plugin
    /// crashed; Unavailable says it, with the check's last lines, and a
    /// cached outcome (the next start) says it too.
    func testACrashSaysWhereTheRuntimeStoppedAndTheCheckLastLines() async throws {
        try badPlugin("fatal", module: "Fatal", defines: ["FATAL_IN_INIT"])
        for _ in 0..<2 {  // checked, then from the cache
            let registry = PluginRegistry(searchPath: [folder], checker: checker())
            let said = reason(registry, "fatal")
            XCTAssertTrue(
                said.hasPrefix(
                    "The plugin crashed while being checked: SIGILL. It stopped at "
                        + "\u{2068}CrashInit/CrashInit.swift:3\u{2069}: \u{2068}Fatal error: boom in init\u{2069}"),
                said)
            XCTAssertTrue(
                said.hasSuffix(
                    "The check’s last lines of output:\nloading the tip table\n"
                        + "CrashInit/CrashInit.swift:3: Fatal error: boom in init"),
                said)
        }
    }

    /// A check ended for hanging keeps what the plugin printed until then
    /// (where it waits), as a crash's last lines are kept.
    func testAHangingPluginIsStoppedAtTheTimeLimitAndWhatItSaidIsKept() async throws {
        try badPlugin("hangs", module: "Hangs", defines: ["HANG_ON_LOAD"])
        let said =
            "The plugin did not finish being checked within 1 s.\n\n"
            + "The check’s last lines of output:\nwaiting for the tip server"
        let registry = PluginRegistry(searchPath: [folder], checker: checker(timeLimit: 1))
        XCTAssertEqual(reason(registry, "hangs"), said)
        // The next start reads it from the cache, output and all.
        let cached = PluginRegistry(searchPath: [folder], checker: checker(timeLimit: 1, executable: "/nonexistent"))
        XCTAssertEqual(reason(cached, "hangs"), said)
    }

    func testAPluginThatExitsWhileLoadingGivesNoAnswer() async throws {
        try badPlugin("exits", module: "Exits", defines: ["EXIT_ON_LOAD"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "exits"), "The plugin ended its check without an answer (exit status 0).")
    }

    func testWhatAPluginPrintsIsNotTakenForTheAnswer() async throws {
        try badPlugin("liar", module: "Liar", defines: ["LIE_ON_STDOUT"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(
            reason(registry, "liar"),
            "The library has no class \u{2068}Liar.BadDemo\u{2069}, which the manifest’s Entry names.")
    }

    /// The manifest names the plugin's class; each way that name
    /// can fail is said as such, and kept in the cache.
    func testAManifestWithoutEntryOrNamingNoClassIsUnavailableWithThatReason() async throws {
        try badPlugin("no-entry", module: "NoEntry", defines: [], entry: nil)
        try badPlugin("no-class", module: "NoClass", defines: [], entry: "Nowhere")
        try badPlugin("elsewhere", module: "Elsewhere", defines: [], entry: "SayHello.SayHelloDemo")
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        let noEntry =
            "The manifest has no Entry key: add Entry=NAME to its [Plugin] group, NAME being the plugin’s DemoModule class."
        XCTAssertEqual(reason(registry, "no-entry"), noEntry)
        XCTAssertEqual(
            reason(registry, "no-class"),
            "The library has no class \u{2068}NoClass.Nowhere\u{2069}, which the manifest’s Entry names.")
        // Found by name, but in another library (the child loaded none of Say Hello's).
        XCTAssertEqual(
            reason(registry, "elsewhere"),
            "The library has no class \u{2068}SayHello.SayHelloDemo\u{2069}, which the manifest’s Entry names.")
        // The cache keeps which: a second registry reads it, not the child.
        let cached = PluginRegistry(searchPath: [folder], checker: checker(executable: "/nonexistent"))
        XCTAssertEqual(reason(cached, "no-entry"), noEntry)
        XCTAssertEqual(
            reason(cached, "no-class"),
            "The library has no class \u{2068}NoClass.Nowhere\u{2069}, which the manifest’s Entry names.")
    }

    /// A plugin linked against an SDK whose version node is
    /// another (here a stand-in libDemoKit.so of "SDK ABI 99") is refused by
    /// the checker from its file, before it is loaded: its constructor,
    /// which would leave a marker, never runs.
    func testAnotherSDKVersionIsRefusedByTheCheckerBeforeLoading() async throws {
        let marker = FileSystem.join(folder, "ran")
        try NativeLibraries.pluginOfAnotherSDK(
            node: "DEMOKIT_ABI_99_SWIFT_6.3.1", library: FileSystem.join(folder, "libOther.so"),
            marker: marker, in: folder)
        try FileSystem.writeAtomically(
            "[Plugin]\nId=other\nModule=Other\nEntry=OtherDemo\nName=Other SDK\nABI=1\n",
            to: FileSystem.join(folder, "other.plugin"))
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(
            reason(registry, "other"),
            "\u{2068}Other SDK\u{2069} was built for Demo Shell SDK ABI 99 with Swift 6.3.1; "
                + "this Demo Shell offers ABI \(SDKContract.abiVersion) with Swift \(SDKVersionNode.shell.swift ?? ""). "
                + "Rebuild the plugin against this Demo Shell.")
        XCTAssertFalse(FileSystem.exists(marker), "none of the plugin's code ran")
    }

    func testTheBuiltInDemosPassTheirCheckAndAreThenLoaded() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory], checker: checker())
        registry.verifyAll()
        XCTAssertEqual(registry.failures, [])
        XCTAssertGreaterThanOrEqual(registry.ids.count, 9)
        XCTAssertEqual(registry.loadedIDs, [], "checking loads nothing in the shell")
        guard case .success = registry.module(id: "say-hello") else { return XCTFail("\(registry.failures)") }
        XCTAssertEqual(registry.loadedIDs, ["say-hello"])
    }

    func testResultsAreCachedByPathSizeTimeSDKNodeAndEntry() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        PluginRegistry(searchPath: [folder], checker: checker()).verifyAll()
        let cache = try XCTUnwrap(FileSystem.read(cachePath))
        let library = FileSystem.join(folder, "libAborts.so")
        XCTAssertTrue(cache.contains(library + "\t"), cache)
        XCTAssertTrue(cache.contains("\t\(SDKVersionNode.shell.name)\tAborts.BadDemo\tcrashed\t6\n"), cache)

        // A warm cache: known at once, no check runs (this checker could not run one;
        // a new one each time, as its cache is read once).
        func noChecker() -> PluginChecker { checker(executable: "/nonexistent/demo-shell") }
        let warm = PluginRegistry(searchPath: [folder], checker: noChecker())
        XCTAssertNil(warm.entry(id: "aborts"), "known to be bad before anything runs")
        XCTAssertEqual(warm.failure(id: "aborts")?.reason, "The plugin crashed while being checked: SIGABRT.")

        // The library changes: checked again (and now the checker cannot run).
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD", "LIE_ON_STDOUT"])
        let changed = PluginRegistry(searchPath: [folder], checker: checker(executable: "/nonexistent/demo-shell"))
        XCTAssertNotNil(changed.entry(id: "aborts"), "a changed library is not judged by its old result")
        XCTAssertFalse(changed.verify(id: "aborts"))
        XCTAssertTrue(changed.failures.first?.reason.contains("cannot be started") ?? false, "\(changed.failures)")

        // Another SDK node in the cache (a shell of another SDK ABI or compiler wrote it): checked again.
        PluginRegistry(searchPath: [folder], checker: checker()).verifyAll()
        XCTAssertNil(PluginRegistry(searchPath: [folder], checker: noChecker()).entry(id: "aborts"), "cached again")
        let written = try XCTUnwrap(FileSystem.read(cachePath))
        try FileSystem.writeAtomically(
            written.replacingOccurrences(of: SDKVersionNode.shell.name, with: "DEMOKIT_ABI_1_SWIFT_0.0.1"),
            to: cachePath)
        XCTAssertNotNil(PluginRegistry(searchPath: [folder], checker: noChecker()).entry(id: "aborts"))

        // The manifest names another Entry: checked again.
        try FileSystem.writeAtomically(written, to: cachePath)
        XCTAssertNil(
            PluginRegistry(searchPath: [folder], checker: noChecker()).entry(id: "aborts"), "the cache as it was")
        let manifest = FileSystem.join(folder, "aborts.plugin")
        try FileSystem.writeAtomically(
            try XCTUnwrap(FileSystem.read(manifest)).replacingOccurrences(of: "Entry=BadDemo", with: "Entry=OtherDemo"),
            to: manifest)
        XCTAssertNotNil(PluginRegistry(searchPath: [folder], checker: noChecker()).entry(id: "aborts"))
    }

    /// A start reads the cache file on another thread beside the manifests
    /// (`PluginRegistry.Manifests`): what it read answers as the file does.
    func testACacheReadOnAnotherThreadAnswersAsTheFileDoes() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        PluginRegistry(searchPath: [folder], checker: checker()).verifyAll()
        let path = cachePath
        let records = Pending(threadName: "checks") { PluginCheckCache.read(path) }.result
        XCTAssertEqual(records.count, 1, "the one library checked")
        // No file and no checker that can run: every answer comes from the records.
        try FileManager.default.removeItem(atPath: cachePath)
        let read = PluginChecker(
            executable: "/nonexistent/demo-shell", cachePath: cachePath, timeLimit: 10, cached: records)
        let registry = PluginRegistry(searchPath: [folder], checker: read)
        XCTAssertNil(registry.entry(id: "aborts"), "known to be bad before anything runs")
        XCTAssertEqual(registry.failure(id: "aborts")?.reason, "The plugin crashed while being checked: SIGABRT.")
    }

    /// Paths are written with the shell's one JSON escaper: any path a
    /// library can have comes back as it was, and a cache written before
    /// (only \\ \t and \n escaped) still reads.
    func testTheCacheKeepsAnyPath() async throws {
        let library = "/odd\tfolder\nwith \\ \"quotes\" \r\u{1}\u{7F} é 👋🏽/libX.so"
        let cache = PluginCheckCache(path: cachePath, records: [:])
        cache.record(.crashed(6), for: PluginCheckSubject(library: library, entry: "M.D"), key: (size: 1, modified: 2))
        cache.save()
        XCTAssertEqual(Array(PluginCheckCache.read(cachePath).keys), [library])

        try FileSystem.writeAtomically(
            "demo-shell plugin checks 2\n/a\\tb\\nc\\\\d\\u00\\\"\t1\t2\tsdk\tM.D\tcrashed\t6\n", to: cachePath)
        XCTAssertEqual(Array(PluginCheckCache.read(cachePath).keys), ["/a\tb\nc\\du00\""])
    }

    func testACorruptCacheIsIgnored() async throws {
        try FileSystem.writeAtomically(
            "demo-shell plugin checks 2\n\u{1}garbage\t\t\n\t1\t2\t3\t4\tcrashed\tx\n", to: cachePath)
        let registry = PluginRegistry(searchPath: [buildProductsDirectory], checker: checker())
        XCTAssertTrue(registry.verify(id: "say-hello"))
    }

    // MARK: The command line

    private func runShell(_ arguments: [String], environment extra: [String: String]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "demo-shell"))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    /// A plugin whose init blocks holds `--list` up to the time
    /// limit; it says which one it waits for. Checks run as many at once as
    /// there are cores.
    func testListSaysWhichPluginItWaitsFor() async throws {
        XCTAssertEqual(
            checker().parallelism, max(2, ProcessInfo.processInfo.activeProcessorCount), "as many as the cores")
        try badPlugin("hangs", module: "Hangs", defines: ["HANG_ON_LOAD"])
        let list = try runShell(
            ["--list"],
            environment: [
                "DEMO_SHELL_PLUGIN_PATH": folder, "XDG_CACHE_HOME": FileSystem.join(folder, "xdg-cache"),
                "DEMO_SHELL_CHECK_TIME_LIMIT": "3",
            ])
        XCTAssertEqual(list.status, 0, list.stderr)
        let manifest = FileSystem.join(folder, "hangs.plugin")
        XCTAssertTrue(
            list.stderr.contains("demo-shell: waiting for the check of Hangs (\(manifest)), up to 3 s…"), list.stderr)
        XCTAssertTrue(list.stderr.contains("within 3 s"), list.stderr)
    }

    func testListShowsTheGoodDemosWhenOthersCrashTheirChecker() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        try badPlugin("junk", module: "Junk", defines: ["CRASH_ON_LOAD"])
        try badPlugin("hangs", module: "Hangs", defines: ["HANG_ON_LOAD"])
        let environment = [
            "DEMO_SHELL_PLUGIN_PATH": folder, "XDG_CACHE_HOME": FileSystem.join(folder, "xdg-cache"),
            "DEMO_SHELL_CHECK_TIME_LIMIT": "1",
        ]
        for _ in 0..<2 {  // a cold cache, then a warm one
            let list = try runShell(["--list"], environment: environment)
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertTrue(list.stdout.contains("say-hello\tSay Hello"), list.stdout)
            XCTAssertFalse(
                list.stdout.contains("aborts") || list.stdout.contains("junk") || list.stdout.contains("hangs"),
                list.stdout)
            XCTAssertTrue(list.stderr.contains("crashed while being checked: SIGABRT"), list.stderr)
            XCTAssertTrue(list.stderr.contains("crashed while being checked: SIGSEGV"), list.stderr)
            XCTAssertTrue(list.stderr.contains("within 1 s"), list.stderr)
        }
        let run = try runShell(["--run=junk"], environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("SIGSEGV"), run.stderr)
    }
}
