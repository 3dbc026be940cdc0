import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// A README a newcomer reads in minutes, with the rest in
/// docs/, and a benchmark page whose latest figures `make bench` rewrites
/// (scripts/bench-record) instead of prose that goes stale.
final class DocumentsTests: XCTestCase {
    private static let begin = "<!-- bench:begin -->", end = "<!-- bench:end -->"

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: FileSystem.join(packageRoot, path), encoding: .utf8)
    }

    private func record(output: String, into document: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FileSystem.join(packageRoot, "scripts/bench-record"))
        process.arguments = [output, document]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testTheReadmeIsShortAndEveryLinkedFileExists() throws {
        let readme = try read("README.md")
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 250)
        for document in [
            "README.md", "CONTRIBUTING.md", "docs/architecture.md", "docs/writing-a-plugin.md", "docs/benchmarks.md",
        ] {
            let text = try read(document)
            // Markdown links and images: ](path) with a relative path.
            for part in text.components(separatedBy: "](").dropFirst() {
                guard let close = part.firstIndex(of: ")") else { continue }
                let target = String(part[..<close]).components(separatedBy: "#")[0]
                guard !target.isEmpty, !target.contains("://") else { continue }
                let path = FileSystem.join(packageRoot, FileSystem.dirname(document), target)
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(document) links to \(target)")
            }
        }
    }

    /// The README's Show Values example is what a learner sees: the row it
    /// quotes names a line of Say Hello's model that computes that name.
    func testTheReadmesShowValuesExampleNamesARealLine() throws {
        let readme = try read("README.md").replacingOccurrences(of: "\n  ", with: " ")
        let prefix = "SayHelloModel.swift, line "
        let start = try XCTUnwrap(readme.range(of: prefix), "the README quotes a Values row").upperBound
        let digits = readme[start...].prefix { $0.isNumber }
        let line = try XCTUnwrap(Int(digits))
        let after = readme[readme.index(start, offsetBy: digits.count)...]
        XCTAssertTrue(after.hasPrefix(": "), String(after.prefix(40)))
        let name = String(after.dropFirst(2).prefix { $0.isLetter || $0.isNumber })
        let model = try read("Sources/Demos/SayHello/Model/SayHelloModel.swift").split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertGreaterThanOrEqual(model.count, line)
        let code = model.count >= line ? String(model[line - 1]) : ""
        XCTAssertTrue(
            code.contains("let \(name) =") || code.contains("var \(name) =") || code.contains("\(name) ="),
            "README's row names \(name) at line \(line), which holds: \(code)")
        XCTAssertTrue(readme.contains("`\(name) = "), "the hint beside the code names the same value")
    }

    func testTheBenchmarkPageHasOneLatestRunBetweenItsMarkers() throws {
        let lines = try read("docs/benchmarks.md").components(separatedBy: "\n")
        XCTAssertEqual(lines.filter { $0 == Self.begin }.count, 1)
        XCTAssertEqual(lines.filter { $0 == Self.end }.count, 1)
        let first = try XCTUnwrap(lines.firstIndex(of: Self.begin)),
            last = try XCTUnwrap(lines.firstIndex(of: Self.end))
        XCTAssertTrue(
            lines[first..<last].contains { $0.hasPrefix("demo-shell (launcher)") },
            "a run's table sits between the markers")
        XCTAssertTrue(lines[first..<last].contains { $0.hasPrefix("The latest run: ") }, "and says which run it is")
    }

    func testBenchRecordReplacesOnlyTheRunBetweenTheMarkers() throws {
        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-bench-record-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        let document = FileSystem.join(work, "benchmarks.md"), output = FileSystem.join(work, "output")
        let before =
            "# Benchmarks\n\nHow it measures.\n\n\(Self.begin)\n\nold table\nold figures\n\n\(Self.end)\n\nAfter the run.\n"
        try before.write(toFile: document, atomically: true, encoding: .utf8)
        try "program   map (ms)\ndemo-shell   101.5\n".write(toFile: output, atomically: true, encoding: .utf8)

        let run = try record(output: output, into: document)
        XCTAssertEqual(run.status, 0, run.errors)
        let after = try String(contentsOfFile: document, encoding: .utf8)
        XCTAssertTrue(after.hasPrefix("# Benchmarks\n\nHow it measures.\n\n\(Self.begin)\n"), after)
        XCTAssertTrue(after.hasSuffix("\n\(Self.end)\n\nAfter the run.\n"), after)
        XCTAssertTrue(after.contains("```text\nprogram   map (ms)\ndemo-shell   101.5\n```\n"), after)
        XCTAssertTrue(after.contains("The latest run: commit "), "it names the commit measured: \(after)")
        XCTAssertFalse(after.contains("old figures"), after)
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: work).sorted(), ["benchmarks.md", "output"], "no temporary file left")

        // A second run replaces the first, not adds to it.
        try "second run\n".write(toFile: output, atomically: true, encoding: .utf8)
        XCTAssertEqual(try record(output: output, into: document).status, 0)
        let again = try String(contentsOfFile: document, encoding: .utf8)
        XCTAssertTrue(again.contains("second run") && !again.contains("101.5"), again)
        XCTAssertEqual(again.components(separatedBy: "The latest run:").count, 2, again)
    }

    func testBenchRecordLeavesADocumentWithoutBothMarkersAlone() throws {
        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-bench-record-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        let document = FileSystem.join(work, "benchmarks.md"), output = FileSystem.join(work, "output")
        try "figures\n".write(toFile: output, atomically: true, encoding: .utf8)
        for text in [
            "# No markers\n", "\(Self.begin)\nonly the first\n", "\(Self.end)\nreversed\n\(Self.begin)\n",
            "\(Self.begin)\n\(Self.end)\n\(Self.begin)\n\(Self.end)\n",
        ] {
            try text.write(toFile: document, atomically: true, encoding: .utf8)
            let run = try record(output: output, into: document)
            XCTAssertEqual(run.status, 1, text)
            XCTAssertTrue(run.errors.contains("bench-record:"), run.errors)
            XCTAssertEqual(try String(contentsOfFile: document, encoding: .utf8), text, "left as it was")
        }
    }
}
