import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// Issue 48: Unavailable's Check Again checks a plugin anew, whose failed
/// check would otherwise stay cached while its library is unchanged.
@MainActor
final class CheckAgainTests: LauncherTestCase {
    func testCheckAgainForgetsTheCachedCrashAndShowsWhatIsTrueNow() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        let trigger = FileSystem.join(folder, "still-broken")
        try FileSystem.writeAtomically("", to: trigger)
        let source = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/BadPlugins/bad-plugin.c")
        try NativeLibraries.build(
            [source], output: FileSystem.join(folder, "libFlaky.so"),
            arguments: ["-DABORT_WHILE=\"\(trigger)\""] + NativeLibraries.linkingTheSDK)
        try FileSystem.writeAtomically(
            "[Plugin]\nId=flaky\nModule=Flaky\nEntry=BadDemo\nName=Flaky\nABI=1\n",
            to: FileSystem.join(folder, "flaky.plugin"))
        makeShell(extraPluginFolder: folder)
        XCTAssertFalse(shell.registry.verify(id: "flaky"))
        let launcher = try launcher()
        launcher.reload()
        launcher.list.select(try row(launcher, named: "Flaky (unavailable)"))
        MainLoop.drain()
        let pane = try infoPane(launcher)
        XCTAssertTrue(pane.shownTexts.contains { $0.contains("SIGABRT") }, "\(pane.shownTexts)")
        let button = try XCTUnwrap(launcher.window.find(Button.self, named: "Check Again"))
        XCTAssertTrue(button.isVisible)

        // What broke it is gone; the library is the same file, so its cached crash stands…
        XCTAssertTrue(FileSystem.remove(trigger))
        XCTAssertFalse(PluginRegistry(searchPath: [folder], checker: shell.registry.checker).verify(id: "flaky"))
        XCTAssertEqual(
            shell.registry.checker.cachedOutcome(
                PluginCheckSubject(library: FileSystem.join(folder, "libFlaky.so"), entry: "Flaky.BadDemo")),
            .crashed(6))
        // …until Check Again checks it anew: now it loads, and says it has no such class.
        button.click()
        MainLoop.drain()
        XCTAssertEqual(pane.shownFailure?.manifestPath, FileSystem.join(folder, "flaky.plugin"))
        XCTAssertTrue(
            pane.shownTexts.contains(
                "The library has no class \u{2068}Flaky.BadDemo\u{2069}, which the manifest’s Entry names."),
            "\(pane.shownTexts)")
        XCTAssertFalse(pane.shownTexts.contains { $0.contains("SIGABRT") })
    }

    func testCheckAgainShowsTheDemoOnceItsManifestIsFixed() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        let manifest = FileSystem.join(folder, "half.plugin")
        try FileSystem.writeAtomically("[Plugin]\nId=half\nName=Half Plugin\nABI=1\n", to: manifest)
        XCTAssertEqual(
            symlink(
                FileSystem.join(buildProductsDirectory, "libSayHello.so"), FileSystem.join(folder, "libSayHello.so")), 0
        )
        makeShell(extraPluginFolder: folder)
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Half Plugin (unavailable)"))
        MainLoop.drain()
        try FileSystem.writeAtomically(
            "[Plugin]\nId=half\nModule=SayHello\nEntry=SayHelloDemo\nName=Half Plugin\nABI=1\n", to: manifest)
        try XCTUnwrap(launcher.window.find(Button.self, named: "Check Again")).click()
        MainLoop.drain()
        XCTAssertEqual(launcher.selectedDemoID, "half")
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains("This demo has no description yet."))
        XCTAssertFalse(try XCTUnwrap(launcher.window.find(Button.self, named: "Check Again")).isVisible)
    }
}
