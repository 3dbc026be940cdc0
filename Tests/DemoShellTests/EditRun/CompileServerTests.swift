import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// The compile server kept while Edit is on: the toolchain's
/// SourceKit in a process of its own compiles Run Edited's steps without a
/// frontend process each. What it builds runs, its errors are Problems at
/// their lines, it ends with Edit off, and a server that dies (or hangs,
/// stopped here) costs the step nothing: the compiler's process runs it.
final class CompileServerTests: EditAndRunTestCase {
    override func setUp() async throws {
        try await super.setUp()
        guard let compiler = SwiftToolchain.find(), CompileServer.library(forCompiler: compiler) != nil else {
            throw XCTSkip("this toolchain has no SourceKit library: steps run as processes, as before")
        }
    }

    private func server(_ session: EditRunSession) throws -> Int32 {
        XCTAssertTrue(
            MainLoop.run(until: { session.builder.server.processID != nil }, timeout: 30),
            "no compile server with Edit on")
        return try XCTUnwrap(session.builder.server.processID)
    }

    /// Stops the server, then edits the title to `title` and presses Run
    /// Edited: the server has the view's request, and never answers it.
    private func runEditedWithTheServerStopped(
        _ launcher: LauncherWindow, _ view: SourceView, server: Int32, title: String
    ) throws {
        kill(server, SIGSTOP)
        try edit(
            view, replacing: "        window = DemoWindow(title: host.info.name",
            with: "        window = DemoWindow(title: \"\(title)\"",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.sourcePane.session.builder.server.processID == nil }, timeout: 30),
            "the request was never sent")
    }

    private func title(of pid: Int32) -> String {
        output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(pid)]).split(separator: "\n")
            .map { self.output(of: ["xdotool", "getwindowname", String($0)]) }.joined()
    }

    func testRunEditedIsCompiledByTheServerAndItEndsWithEditOff() async throws {
        _ = FileSystem.remove(FileSystem.join(EditRunSession.cacheDirectory, "shared", "Primer.o"))
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let server = try server(session)
        XCTAssertTrue(
            (FileSystem.readBytes("/proc/\(server)/cmdline") ?? []).split(separator: 0).contains {
                $0.starts(with: Array("--compile-server=".utf8))
            })
        let primer = FileSystem.join(EditRunSession.cacheDirectory, "shared", "Primer.swift")
        XCTAssertEqual(FileSystem.read(primer), EditBuildPlan.primerText)
        XCTAssertTrue(
            FileSystem.isRegularFile(FileSystem.join(EditRunSession.cacheDirectory, "shared", "Primer.o")),
            "ready once its first compile, the primer's, is done")
        XCTAssertEqual(session.builder.server.compiles, 0, "the warm-up is no step")
        try edit(
            view, replacing: "        window = DemoWindow(title: host.info.name",
            with: "        window = DemoWindow(title: \"Compiled kept\"",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: { session.childProcessID.map { self.title(of: $0).contains("Compiled kept (edited)") } == true },
                timeout: buildTimeLimit), "the build never showed; status: \(launcher.sourcePane.editPanel.status.text)"
        )
        XCTAssertGreaterThanOrEqual(session.builder.server.compiles, 1, "the view was compiled by the server")
        XCTAssertEqual(session.builder.server.processID, server, "and it is kept for the next run")

        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        XCTAssertNil(session.builder.server.processID)
        XCTAssertTrue(
            MainLoop.run(until: { !ProcessDescriptors.isRunning(server) }, timeout: 30),
            "Edit off never ended the server")
    }

    func testAnErrorTheServerFindsIsAProblemAtItsLine() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        _ = try server(session)
        let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
        let target =
            try XCTUnwrap(lines.firstIndex { $0.contains("        window = DemoWindow(title: host.info.name") }) + 1
        try edit(
            view, replacing: "        window = DemoWindow(title: host.info.name",
            with: "        let wrong: Int = \"text\"\n        window = DemoWindow(title: host.info.name",
            in: "Plugin/SayHelloView.swift")
        // An error whose notes offer fix-its, which only the reply's structure carries (its text has none).
        try edit(
            view, replacing: "        let wrong: Int",
            with: "        let maybe: Int? = nil\n        let sure: Int = maybe\n        let wrong: Int",
            in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        var names: [String] = []
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    names = problems.children.compactMap { $0.as(ListBoxRow.self)?.accessibleName }
                    return names.contains {
                        $0.hasPrefix("SayHelloView.swift, line \(target + 2): ")
                            && $0.contains("cannot convert value of type 'String'")
                    }
                }, timeout: buildTimeLimit), "\(names); status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertGreaterThanOrEqual(session.builder.server.compiles, 1, "the server compiled it")
        XCTAssertEqual(view.gutterMarkedLines(.error), [target + 1, target + 2])
        let reported = launcher.sourcePane.runResults.problems  // as the session told the page
        let unwrap = try XCTUnwrap(
            reported.first { $0.diagnostic.message.contains("must be unwrapped") }, "\(reported)")
        XCTAssertEqual(unwrap.diagnostic.line, target + 1)
        XCTAssertTrue(
            unwrap.diagnostic.notes.flatMap(\.fixIts).contains { $0.text.contains("!") || $0.text.contains("??") },
            "SourceKit's fix-its crossed as fields: \(unwrap.diagnostic.notes)")
    }

    func testAServerThatDiesMidStepLeavesItToTheCompiler() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let server = try server(session)
        // Stopped, it takes the request and never answers; killed, the step goes to swift-frontend.
        try runEditedWithTheServerStopped(launcher, view, server: server, title: "Compiled anyway")
        kill(server, SIGKILL)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    session.childProcessID.map { self.title(of: $0).contains("Compiled anyway (edited)") } == true
                },
                timeout: buildTimeLimit), "the build never showed; status: \(launcher.sourcePane.editPanel.status.text)"
        )
        let before = session.builder.server.compiles
        XCTAssertFalse(ProcessDescriptors.isRunning(server))

        // Another has started and warmed up meanwhile: it compiles the next Run Edited.
        let next = try self.server(session)
        XCTAssertNotEqual(next, server)
        try edit(view, replacing: "\"Compiled anyway\"", with: "\"Compiled again\"", in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    session.childProcessID.map { self.title(of: $0).contains("Compiled again (edited)") } == true
                },
                timeout: buildTimeLimit), "the second build never showed")
        XCTAssertEqual(session.builder.server.compiles, before + 1, "the view, by the new server")
        XCTAssertEqual(session.builder.server.processID, next)
    }

    /// Stop while it compiles: the build ends at once, and the server, its
    /// compile finished and dropped, compiles the next Run Edited.
    func testStopWhileTheServerCompilesKeepsTheServer() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        let server = try server(session)
        try runEditedWithTheServerStopped(launcher, view, server: server, title: "Stopped once")
        let compiled = session.builder.server.compiles
        session.stop()
        XCTAssertNotEqual(session.phase, .building)
        kill(server, SIGCONT)
        XCTAssertTrue(
            MainLoop.run(until: { session.builder.server.processID == server }, timeout: buildTimeLimit),
            "the server never came back ready")
        XCTAssertEqual(session.builder.server.compiles, compiled, "the stopped build's reply was dropped")
        try edit(view, replacing: "\"Stopped once\"", with: "\"Compiled after Stop\"", in: "Plugin/SayHelloView.swift")
        try runEdited(launcher)
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    session.childProcessID.map { self.title(of: $0).contains("Compiled after Stop (edited)") } == true
                },
                timeout: buildTimeLimit), "the build never showed; status: \(launcher.sourcePane.editPanel.status.text)"
        )
        XCTAssertEqual(session.builder.server.processID, server, "the same server")
        XCTAssertGreaterThan(session.builder.server.compiles, compiled)
    }
}
