import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// Show Values end to end, with the real compiler and a real child: an
/// edited Say Hello built with it sends, over its own pipe, what its lines
/// computed as its window was made, each record naming its file and line.
@MainActor
final class ShowValuesRunTests: EditAndRunTestCase {
    /// Say Hello's files, the view's `init` edited by `edit` (applied to its text).
    private func sayHello(editingView edit: (String) -> String = { $0 })
        throws -> (entry: PluginEntry, text: String, inputs: [EditBuildPlan.Input])
    {
        makeShell()
        let entry = try XCTUnwrap(shell.registry.entries.first { $0.manifest.id == "say-hello" })
        let inputs = editBuildInputs(of: entry) { path, text in path == "Plugin/SayHelloView.swift" ? edit(text) : text
        }
        return (entry, try XCTUnwrap(FileSystem.read(entry.manifestPath)), inputs)
    }

    private static func line(of fragment: String, in inputs: [EditBuildPlan.Input], file: String) throws -> Int {
        let text = try XCTUnwrap(inputs.first { $0.relativePath == file }).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try XCTUnwrap(lines.firstIndex { $0.contains(fragment) }, fragment) + 1
    }

    func testAnEditedSayHelloSendsTheValuesOfItsLinesWithTheirFiles() async throws {
        // The model runs as the window is made: its greet, for "ada".
        let (entry, manifestText, inputs) = try sayHello {
            $0.replacingOccurrences(
                of: "        window = DemoWindow(",
                with: "        _ = model.greet(\"ada\")\n        window = DemoWindow(")
        }
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        var status: String { log.status?.sentence ?? "" }
        var output: String { log.output }
        var records: [ValueRecord] { log.values }
        var batches: Int { log.valueBatches }
        session.showsValues = true
        session.run(manifest: entry.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
        let labelLine = try Self.line(of: "let nameLabel = Label()", in: inputs, file: "Plugin/SayHelloView.swift")
        let trimmedLine = try Self.line(of: "let trimmed = ", in: inputs, file: "Model/SayHelloModel.swift")
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    records.contains { $0.relativePath == "Model/SayHelloModel.swift" && $0.line == trimmedLine }
                        && records.contains { $0.relativePath == "Plugin/SayHelloView.swift" && $0.line == labelLine }
                }, timeout: buildTimeLimit), "status: \(status); records: \(records.prefix(20)); output: \(output)")
        defer { session.stop() }
        let trimmed = try XCTUnwrap(
            records.first { $0.relativePath == "Model/SayHelloModel.swift" && $0.line == trimmedLine })
        XCTAssertEqual(trimmed.kind, .value)
        XCTAssertEqual(trimmed.name, "trimmed")
        XCTAssertEqual(trimmed.description, "\"Ada\"", "a string, quoted, as the model made it")
        XCTAssertEqual(trimmed.count, 1)
        let label = try XCTUnwrap(
            records.first { $0.relativePath == "Plugin/SayHelloView.swift" && $0.line == labelLine })
        XCTAssertEqual(label.name, "nameLabel")
        XCTAssertTrue(label.description.hasPrefix("Label"), label.description)
        XCTAssertTrue(
            records.contains { $0.kind == .scopeEntry && $0.relativePath == "Model/SayHelloModel.swift" },
            "the body of greet ran")
        XCTAssertEqual(records.map(\.sequence), records.map(\.sequence).sorted(), "in order")
        XCTAssertEqual(Set(records.map(\.sequence)).count, records.count)
        XCTAssertTrue(records.allSatisfy { $0.time >= 0 && $0.time < 600 && $0.startColumn > 0 })
        XCTAssertGreaterThan(batches, 0)
        XCTAssertTrue(
            records.allSatisfy { $0.relativePath.hasPrefix("Model/") || $0.relativePath.hasPrefix("Plugin/") })
        // Only the edited child: the shell's program has none of it.
        let program = try XCTUnwrap(
            FileSystem.readBytes(FileSystem.join(try XCTUnwrap(shell.paths.executableDirectory), "demo-shell")))
        XCTAssertNil(program.firstRange(of: Array("__builtin_log_with_id".utf8)))
    }

    /// Without Show Values, the child gets no pipe and no variable, and sends nothing.
    func testWithoutShowValuesTheChildHasNoChannel() async throws {
        let (entry, manifestText, inputs) = try sayHello {
            $0.replacingOccurrences(
                of: "        window = DemoWindow(",
                with: "        print(\"fd3 \\(getenv(\"DEMO_SHELL_VALUES\") != nil)\")\n        window = DemoWindow("
            )
            .replacingOccurrences(of: "import DemoKit\n", with: "import DemoKit\nimport Glibc\n")
        }
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        var output: String { log.output }
        var records: [ValueRecord] { log.values }
        session.run(manifest: entry.manifest, manifestText: manifestText, inputs: inputs, workspace: workspace)
        XCTAssertTrue(MainLoop.run(until: { output.contains("fd3 ") }, timeout: buildTimeLimit), output)
        defer { session.stop() }
        XCTAssertTrue(output.contains("fd3 false"), output)
        XCTAssertEqual(records, [])
    }

    /// Every demo's own files go through the transform and still build
    /// (2048's `@inlinable` board, the calculator's GMP, async code), and run.
    func testEveryDemoBuildsAndRunsWithShowValues() async throws {
        makeShell()
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        var status: String { log.status?.sentence ?? "" }
        var problems: [String] {
            log.problems.filter(\.diagnostic.isError).map {
                "\($0.diagnostic.path):\($0.diagnostic.line): \($0.diagnostic.message)"
            }
        }
        var files: Set<String> { Set(log.values.map(\.relativePath)) }
        session.showsValues = true
        for entry in shell.registry.entries {
            let inputs = editBuildInputs(of: entry)
            log.clear()
            session.run(
                manifest: entry.manifest, manifestText: try XCTUnwrap(FileSystem.read(entry.manifestPath)),
                inputs: inputs, workspace: EditWorkspace(demoID: entry.manifest.id))
            XCTAssertTrue(
                MainLoop.run(
                    until: { session.childProcessID != nil || session.phase == .idle }, timeout: buildTimeLimit))
            XCTAssertNotNil(session.childProcessID, "\(entry.info.id): \(status) \(problems.prefix(3))")
            XCTAssertTrue(
                MainLoop.run(until: { files.contains { $0.hasPrefix("Plugin/") } }, timeout: 30),
                "\(entry.info.id) sent nothing of its view: \(files)")
            session.stop()
            XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }), entry.info.id)
        }
    }
}
