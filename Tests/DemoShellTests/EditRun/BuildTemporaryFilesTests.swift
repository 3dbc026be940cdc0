import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What a build writes outside its folder is gone when it ends (
/// every Run Edited left `TemporaryDirectory.*` folders in /tmp, from the
/// compiler driver asked for its jobs): the compilers' `TMPDIR` is a folder
/// of the build's, removed as the build ends, however it ends.
@MainActor
final class BuildTemporaryFilesTests: EditAndRunTestCase {
    private var savedTemporary: String?
    private var temporary: String?

    override func setUp() async throws {
        try await super.setUp()
        savedTemporary = Environment.value("TMPDIR")
        // The launcher's own temporary folder: whatever the build leaves in "/tmp" shows here.
        temporary = FileSystem.makeTemporaryDirectory("demo-shell-tmp-XXXXXX")
        Environment.set("TMPDIR", temporary)
    }

    override func tearDown() async throws {
        Environment.set("TMPDIR", savedTemporary)
        if let temporary { FileSystem.removeTree(temporary) }
        try await super.tearDown()
    }

    func testABuildLeavesNothingInTheTemporaryFolderHoweverItEnds() async throws {
        // The driver is asked for its jobs again (the first build of a shape does it).
        FileSystem.removeTree(FileSystem.join(EditRunSession.cacheDirectory, "driver-jobs"))
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let shipped = view.text
        view.text = shipped.replacingOccurrences(
            of: "DemoWindow(title: host.info.name", with: "DemoWindow(title: \"First\"")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil || session.phase == .idle }, timeout: buildTimeLimit))
        XCTAssertNotNil(session.childProcessID, launcher.sourcePane.editPanel.status.text)
        let temporary = try XCTUnwrap(temporary)
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: temporary), [], "a finished build left these in the temporary folder")
        let builds = workspace.buildDirectory
        XCTAssertEqual(Self.temporaryFolders(under: builds), [], "nor in its own folder")

        // Stopped while it builds.
        FileSystem.removeTree(FileSystem.join(EditRunSession.cacheDirectory, "driver-jobs"))
        view.text = shipped.replacingOccurrences(
            of: "DemoWindow(title: host.info.name", with: "DemoWindow(title: \"Second\"")
        try runEdited(launcher)
        XCTAssertEqual(session.phase, .building)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    Self.temporaryFolders(under: builds).contains { !FileSystem.contents(ofDirectory: $0).isEmpty }
                        || session.phase != .building
                }, timeout: buildTimeLimit), "a compiler wrote in the build's temporary folder")
        try XCTUnwrap(launcher.window.find(Button.self, named: "Stop")).click()
        XCTAssertTrue(MainLoop.run(until: { session.phase == .idle }, timeout: 30))
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: temporary), [], "a stopped build left these in the temporary folder")
        XCTAssertEqual(Self.temporaryFolders(under: builds), [], "nor in its own folder")
    }

    /// The builds' temporary folders (`…/BUILD/tmp`) under `folder`.
    private static func temporaryFolders(under folder: String) -> [String] {
        var found: [String] = []
        func walk(_ path: String, depth: Int) {
            guard depth > 0 else { return }
            for name in FileSystem.contents(ofDirectory: path) {
                let child = FileSystem.join(path, name)
                guard FileSystem.isDirectory(child) else { continue }
                if name == "tmp" || name.hasPrefix("tmp-") {
                    found.append(child)
                } else {
                    walk(child, depth: depth - 1)
                }
            }
        }
        walk(folder, depth: 5)
        return found
    }
}
