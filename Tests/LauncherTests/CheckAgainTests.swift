import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Unavailable's Check Again checks a plugin anew, whose failed
/// check would otherwise stay cached while its library is unchanged.
@MainActor
final class CheckAgainTests: LauncherTestCase {
    func testCheckAgainForgetsTheCachedCrashAndShowsWhatIsTrueNow() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        let trigger = FileSystem.join(folder, "still-broken")
        try FileSystem.writeAtomically("", to: trigger)
        try installBadPlugin("Flaky", define: "ABORT_WHILE=\"\(trigger)\"", in: folder)
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

    /// A crash's reason, with the check's last lines, is one line in its
    /// row and whole on the Info page.
    func testACrashsOutputIsWholeOnTheInfoPageAndOneLineInItsRow() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        try installBadPlugin("Fatal", define: "FATAL_IN_INIT", in: folder)
        makeShell(extraPluginFolder: folder)
        XCTAssertFalse(shell.registry.verify(id: "fatal"))
        let launcher = try launcher()
        launcher.reload()
        let row = try row(launcher, named: "Fatal (unavailable)")
        launcher.list.select(row)
        MainLoop.drain()
        let shown = row.descendants.compactMap { $0.as(Label.self) }.map(\.text)
        XCTAssertTrue(
            shown.contains(
                "The plugin crashed while being checked: SIGILL. It stopped at "
                    + "\u{2068}CrashInit/CrashInit.swift:3\u{2069}: \u{2068}Fatal error: boom in init\u{2069}"),
            "\(shown)")
        XCTAssertFalse(shown.contains { $0.contains("\n") }, "\(shown)")
        XCTAssertTrue(
            try infoPane(launcher).shownTexts.contains {
                $0.hasSuffix("CrashInit/CrashInit.swift:3: Fatal error: boom in init")
            })
    }

    /// The bad-plugin fixture built with `-D\(define)` as `lib\(name).so` in
    /// `folder`, with its manifest (id: the name in lower case).
    private func installBadPlugin(_ name: String, define: String, in folder: String) throws {
        let source = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/BadPlugins/bad-plugin.c")
        try NativeLibraries.build(
            [source], output: FileSystem.join(folder, "lib\(name).so"),
            arguments: ["-D" + define] + NativeLibraries.linkingTheSDK)
        let id = name.lowercased()
        try FileSystem.writeAtomically(
            "[Plugin]\nId=\(id)\nModule=\(name)\nEntry=BadDemo\nName=\(name)\nABI=1\n",
            to: FileSystem.join(folder, "\(id).plugin"))
    }
}
