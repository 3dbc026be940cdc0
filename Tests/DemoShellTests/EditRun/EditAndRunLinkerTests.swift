import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The link of a warm Run Edited starts the toolchain's linker itself, with
/// the real compiler and a real child: clang, asked once per shape what it
/// would run (`LinkerJob`), is not started again for the next build.
@MainActor
final class EditAndRunLinkerTests: EditAndRunTestCase {
    /// Waits for the running edited demo's window titled `title`, as the X server has it.
    private func waitForWindow(_ session: EditRunSession, titled title: String) throws {
        let child = try XCTUnwrap(session.childProcessID)
        var titles = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    let windows = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").map(String.init)
                    titles = windows.map { self.output(of: ["xdotool", "getwindowname", $0]) }.joined()
                    return titles.contains(title)
                }, timeout: 30), "the edited window never showed: \(titles)")
    }

    private func stop(_ launcher: LauncherWindow) throws {
        let session = launcher.sourcePane.session
        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 30), "Stop never ended it")
    }

    func testTheSecondLinkOfAShapeRunsTheLinkerWithoutClang() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        try edit(
            view, replacing: "DemoWindow(title: host.info.name", with: "DemoWindow(title: \"Linked once\"",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        try waitForWindow(session, titled: "Linked once (edited)")
        try stop(launcher)

        session.builder.driverJobs.forgetLinkPrograms()
        try edit(view, replacing: "\"Linked once\"", with: "\"Linked twice\"", in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        XCTAssertEqual(
            session.builder.stepTimes.map(\.0).filter { $0 == "link" }, ["link"],
            "the second build links: \(session.builder.stepTimes)")
        let programs = session.builder.driverJobs.linkPrograms
        XCTAssertEqual(
            programs.map(FileSystem.basename), ["ld.lld"], "the linker alone, no clang asked or run: \(programs)")
        let linker = try XCTUnwrap(programs.first)
        let folder = FileSystem.join(EditRunSession.cacheDirectory, "driver-jobs")
        let kept = FileSystem.contents(ofDirectory: folder).compactMap { FileSystem.read(FileSystem.join(folder, $0)) }
        XCTAssertTrue(
            kept.contains { $0.hasPrefix(DriverJobs.header + "\njob\narg " + linker + "\n") },
            "the kept job names the linker")
        try waitForWindow(session, titled: "Linked twice (edited)")
    }
}
