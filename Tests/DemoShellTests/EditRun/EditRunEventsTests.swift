import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The session's one listener hears a run as it happened, in order: the
/// build, the demo's start, its last words, its end, and idle after.
@MainActor
final class EditRunEventsTests: EditAndRunTestCase {
    /// Say Hello edited to print a line and exit with status 3 as its window is made.
    private func sayHelloThatExits() throws -> (PluginEntry, String, [EditBuildPlan.Input]) {
        makeShell()
        let entry = try XCTUnwrap(shell.registry.entries.first { $0.manifest.id == "say-hello" })
        let inputs = editBuildInputs(of: entry) { path, text in
            guard path == "Plugin/SayHelloView.swift" else { return text }
            return text.replacingOccurrences(of: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n")
                .replacingOccurrences(
                    of: "        window = DemoWindow(",
                    with: "        print(\"last words\")\n        exit(3)\n        window = DemoWindow(")
        }
        return (entry, try XCTUnwrap(FileSystem.read(entry.manifestPath)), inputs)
    }

    /// Each event in a word, a run of output in one.
    private static func word(_ event: EditRunEvent) -> String {
        switch event {
        case .phaseChanged(let phase): "phase \(phase)"
        case .problems: "problems"
        case .outputCleared: "output cleared"
        case .output: "output"
        case .status(let status): "status \(status.map { String(describing: $0).prefix { $0 != "(" } } ?? "nil")"
        case .demoEnded: "demo ended"
        case .values: "values"
        case .built: "built"
        }
    }

    func testARunIsToldInTheOrderItHappened() async throws {
        let (entry, manifestText, inputs) = try sayHelloThatExits()
        let session = EditRunSession(paths: shell.paths)
        defer { session.close() }
        let log = EditRunEventLog()
        session.delegate = log
        var words: [String] = []
        log.onEvent = { event in
            // Problems come once per compiler step; their order is the compiler's.
            if case .problems = event { return }
            let word = Self.word(event)
            if word != words.last || word != "output" { words.append(word) }
        }
        session.run(manifest: entry.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
        XCTAssertTrue(
            MainLoop.run(until: { !log.endings.isEmpty && session.phase == .idle }, timeout: buildTimeLimit),
            "\(words); \(log.status?.sentence ?? "")")
        XCTAssertEqual(
            words,
            [
                "output cleared", "status nil", "phase building", "status building",
                "phase running", "status running", "output", "demo ended", "status ended", "phase idle",
            ])
        XCTAssertFalse(log.problems.contains { $0.diagnostic.isError }, "\(log.problems)")
        XCTAssertEqual(log.output, "last words\n")
        XCTAssertEqual(log.endings.count, 1)
        XCTAssertEqual(log.status, .ended(try XCTUnwrap(log.endings.first)))
    }

    /// A session that hands its builds over opens none, and keeps no child ready.
    func testASessionThatHandsItsBuildsOverOpensNothing() async throws {
        let (entry, manifestText, inputs) = try sayHelloThatExits()
        let session = EditRunSession(paths: shell.paths)
        defer { session.close() }
        let log = EditRunEventLog()
        session.delegate = log
        session.handsOverBuilds = true
        session.keepsChildReady = true
        XCTAssertNil(session.ready.child, "no child kept ready")
        XCTAssertNil(session.builder.server.server, "no compile server")
        session.run(manifest: entry.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
        XCTAssertTrue(
            MainLoop.run(
                until: { log.built != nil || session.phase == .idle && log.status != .building },
                timeout: buildTimeLimit))
        let built = try XCTUnwrap(log.built, log.status?.sentence ?? "")
        XCTAssertTrue(FileSystem.exists(built.libraryPath))
        XCTAssertEqual(session.metrics.launches, 0)
        XCTAssertNil(session.childProcessID)
        XCTAssertEqual(session.phase, .idle)
    }
}
