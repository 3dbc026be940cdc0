import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// Plugins are checked in a child process before the shell opens them: real
/// libraries that crash, abort, hang or lie, built from
/// `Fixtures/BadPlugins/bad-plugin.c`. Without the child, each of these
/// tests would take the test process down with it.
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
        PluginChecker(executable: executable ?? FileSystem.join(buildProductsDirectory, "demo-shell"),
                      cachePath: cachePath, timeLimit: timeLimit)
    }

    /// Compiles the fixture with `defines` into `lib<module>.so` in `directory`
    /// and writes its manifest `id.plugin` beside it.
    private func badPlugin(_ id: String, module: String, defines: [String], in directory: String? = nil,
                           identity: String = SDKContract.loadedSDKIdentity) throws {
        let directory = directory ?? folder
        let source = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/BadPlugins/bad-plugin.c")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-o", FileSystem.join(directory, "lib\(module).so"), source,
                             "-DSDK_IDENTITY=\"\(identity)\""] + defines.map { "-D\($0)" }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cc failed")
        try FileSystem.writeAtomically("""
            [Plugin]
            Id=\(id)
            Module=\(module)
            Name=\(module)
            Description=A plugin that misbehaves
            ABI=1

            """, to: FileSystem.join(directory, "\(id).plugin"))
    }

    private func reason(_ registry: PluginRegistry, _ id: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case .failure(let failure) = registry.module(id: id) else {
            XCTFail("\(id) was loaded", file: file, line: line)
            return ""
        }
        XCTAssertFalse(registry.isLoaded(id: id), file: file, line: line)
        XCTAssertNil(registry.entry(id: id), "listed as unavailable", file: file, line: line)
        return failure.reason
    }

    func testACreateFunctionReturningJunkCrashesTheCheckerNotTheShell() async throws {
        try badPlugin("junk", module: "Junk", defines: ["JUNK_POINTER"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "junk"), "The plugin crashed while being checked: SIGSEGV.")
    }

    func testAnAbortInAConstructorCrashesTheCheckerNotTheShell() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "aborts"), "The plugin crashed while being checked: SIGABRT.")
    }

    func testAHangingPluginIsStoppedAtTheTimeLimit() async throws {
        try badPlugin("hangs", module: "Hangs", defines: ["HANG_IN_CREATE"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker(timeLimit: 1))
        XCTAssertEqual(reason(registry, "hangs"), "The plugin did not finish being checked within 1 s.")
    }

    func testAPluginThatExitsWhileLoadingGivesNoAnswer() async throws {
        try badPlugin("exits", module: "Exits", defines: ["EXIT_ON_LOAD"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "exits"), "The plugin ended its check without an answer (exit status 0).")
    }

    func testWhatAPluginPrintsIsNotTakenForTheAnswer() async throws {
        try badPlugin("liar", module: "Liar", defines: ["LIE_ON_STDOUT"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "liar"), "The plugin’s entry point did not return a demo.")
    }

    func testOnlyTheMissingEntryPointIsNamed() async throws {
        try badPlugin("no-create", module: "NoCreate", defines: ["NO_CREATE"])
        try badPlugin("no-sdk", module: "NoSDK", defines: ["NO_SDK"])
        try badPlugin("neither", module: "Neither", defines: ["NO_SDK", "NO_CREATE"])
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertEqual(reason(registry, "no-create"), "The library has no entry point demo_shell_plugin_create.")
        XCTAssertEqual(reason(registry, "no-sdk"), "The library has no entry point demo_shell_plugin_sdk.")
        XCTAssertEqual(reason(registry, "neither"),
                       "The library has neither entry point, demo_shell_plugin_sdk nor demo_shell_plugin_create.")
        // The cache keeps which one: a second registry reads it, not the child.
        let cached = PluginRegistry(searchPath: [folder], checker: checker(executable: "/nonexistent"))
        XCTAssertEqual(reason(cached, "no-create"), "The library has no entry point demo_shell_plugin_create.")
    }

    func testAnotherSDKIsStillRefusedByTheChecker() async throws {
        try badPlugin("other", module: "Other", defines: [], identity: "0123456789abcdef0123456789abcdef")
        let registry = PluginRegistry(searchPath: [folder], checker: checker())
        XCTAssertTrue(reason(registry, "other").contains("different Demo Shell SDK (0123456789abcdef0123456789abcdef;"))
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

    func testResultsAreCachedByPathSizeTimeAndSDK() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        PluginRegistry(searchPath: [folder], checker: checker()).verifyAll()
        let cache = try XCTUnwrap(FileSystem.read(cachePath))
        let library = FileSystem.join(folder, "libAborts.so")
        XCTAssertTrue(cache.contains(library + "\t"), cache)
        XCTAssertTrue(cache.contains(SDKContract.loadedSDKIdentity), cache)

        // A warm cache: known at once, no check runs (this checker could not run one).
        let noChecker = checker(executable: "/nonexistent/demo-shell")
        let warm = PluginRegistry(searchPath: [folder], checker: noChecker)
        XCTAssertNil(warm.entry(id: "aborts"), "known to be bad before anything runs")
        XCTAssertEqual(warm.failure(id: "aborts")?.reason, "The plugin crashed while being checked: SIGABRT.")

        // The library changes: checked again (and now the checker cannot run).
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD", "JUNK_POINTER"])
        let changed = PluginRegistry(searchPath: [folder], checker: checker(executable: "/nonexistent/demo-shell"))
        XCTAssertNotNil(changed.entry(id: "aborts"), "a changed library is not judged by its old result")
        XCTAssertFalse(changed.verify(id: "aborts"))
        XCTAssertTrue(changed.failures.first?.reason.contains("cannot be started") ?? false, "\(changed.failures)")

        // Another SDK identity in the cache: checked again.
        PluginRegistry(searchPath: [folder], checker: checker()).verifyAll()
        try FileSystem.writeAtomically(try XCTUnwrap(FileSystem.read(cachePath))
            .replacingOccurrences(of: SDKContract.loadedSDKIdentity, with: "ffffffffffffffffffffffffffffffff"), to: cachePath)
        XCTAssertNotNil(PluginRegistry(searchPath: [folder], checker: noChecker).entry(id: "aborts"))
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
        let read = PluginChecker(executable: "/nonexistent/demo-shell", cachePath: cachePath, timeLimit: 10, cached: records)
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
        cache.record(.crashed(6), library: library, key: (size: 1, modified: 2))
        cache.save()
        XCTAssertEqual(Array(PluginCheckCache.read(cachePath).keys), [library])

        try FileSystem.writeAtomically("demo-shell plugin checks 1\n/a\\tb\\nc\\\\d\\u00\\\"\t1\t2\tsdk\tcrashed\t6\n", to: cachePath)
        XCTAssertEqual(Array(PluginCheckCache.read(cachePath).keys), ["/a\tb\nc\\du00\""])
    }

    func testACorruptCacheIsIgnored() async throws {
        try FileSystem.writeAtomically("demo-shell plugin checks 1\n\u{1}garbage\t\t\n\t1\t2\t3\tcrashed\tx\n", to: cachePath)
        let registry = PluginRegistry(searchPath: [buildProductsDirectory], checker: checker())
        XCTAssertTrue(registry.verify(id: "say-hello"))
    }

    // MARK: The command line

    private func runShell(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
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
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func testListShowsTheGoodDemosWhenOthersCrashTheirChecker() async throws {
        try badPlugin("aborts", module: "Aborts", defines: ["ABORT_ON_LOAD"])
        try badPlugin("junk", module: "Junk", defines: ["JUNK_POINTER"])
        try badPlugin("hangs", module: "Hangs", defines: ["HANG_IN_CREATE"])
        let environment = ["DEMO_SHELL_PLUGIN_PATH": folder, "XDG_CACHE_HOME": FileSystem.join(folder, "xdg-cache"),
                           "DEMO_SHELL_CHECK_TIME_LIMIT": "1"]
        for _ in 0..<2 { // a cold cache, then a warm one
            let list = try runShell(["--list"], environment: environment)
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertTrue(list.stdout.contains("say-hello\tSay Hello"), list.stdout)
            XCTAssertFalse(list.stdout.contains("aborts") || list.stdout.contains("junk") || list.stdout.contains("hangs"), list.stdout)
            XCTAssertTrue(list.stderr.contains("crashed while being checked: SIGABRT"), list.stderr)
            XCTAssertTrue(list.stderr.contains("crashed while being checked: SIGSEGV"), list.stderr)
            XCTAssertTrue(list.stderr.contains("within 1 s"), list.stderr)
        }
        let run = try runShell(["--run=junk"], environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("SIGSEGV"), run.stderr)
    }
}
