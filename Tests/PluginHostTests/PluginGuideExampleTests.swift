import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The plugin guide's example works exactly as printed. Its files are
/// taken from docs/writing-a-plugin.md (each code block under a line
/// "`hello/PATH`:"), laid out in a folder outside the tree beside a
/// `demo-shell` that is this checkout, as the guide says; then the
/// commands of its first `sh` block run there in order, as printed; then
/// the author's path on to its end (`PluginAuthorsPath`): listed, edited
/// with Edit and Run, exported, the export built, and imported back.
@MainActor
final class PluginGuideExampleTests: GtkTestCase {
    /// PATH → text of every "`hello/PATH`:" code block of the guide.
    static func exampleFiles(in guide: String) -> [String: String] {
        var files: [String: String] = [:]
        let lines = guide.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("`hello/"), line.hasSuffix("`:") else { continue }
            let path = String(line.dropFirst("`hello/".count).dropLast(2))
            while index < lines.count, lines[index].isEmpty { index += 1 }
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            files[path] = body.joined(separator: "\n") + "\n"
        }
        return files
    }

    /// The lines of the guide's first "```sh" block after the line `heading`.
    static func commands(after heading: String, in guide: String) -> [String] {
        let lines = guide.components(separatedBy: "\n")
        guard let section = lines.firstIndex(of: heading),
            let start = lines[section...].firstIndex(of: "```sh")
        else { return [] }
        return Array(lines[(start + 1)...].prefix { $0 != "```" })
    }

    func testTheGuidesPluginExampleBuildsAndRunsAsPrinted() async throws {
        let guide = try String(
            contentsOfFile: FileSystem.join(packageRoot, "docs", "writing-a-plugin.md"), encoding: .utf8)
        let files = Self.exampleFiles(in: guide)
        XCTAssertEqual(
            files.keys.sorted(),
            [
                "Model/HelloModel.swift", "Package.swift", "Plugin/HelloView.swift", "Tests/HelloModelTests.swift",
                "manifest.plugin",
            ])
        let commands = Self.commands(after: "## A first plugin", in: guide)
        XCTAssertEqual(commands.first, "cd hello")
        XCTAssertTrue(commands.contains("swift build") && commands.contains("swift test"), "\(commands)")

        // The guide's layout: hello/ beside demo-shell/ (this checkout), in
        // a folder outside the package's tree (ignored, as every .build-*),
        // the same from run to run, so that hello/.build, whose SDK build
        // takes minutes, is kept: only what the guide writes is written anew.
        let work = FileSystem.join(packageRoot, ".build-plugin-guide")
        let hello = FileSystem.join(work, "hello")
        try FileManager.default.createDirectory(atPath: hello, withIntermediateDirectories: true)
        if !FileSystem.exists(FileSystem.join(work, "demo-shell")) {
            try FileManager.default.createSymbolicLink(
                atPath: FileSystem.join(work, "demo-shell"), withDestinationPath: packageRoot)
        }
        for name in FileSystem.contents(ofDirectory: hello) where name != ".build" {
            try FileManager.default.removeItem(atPath: FileSystem.join(hello, name))
        }
        for (path, text) in files {
            let full = FileSystem.join(hello, path)
            try FileManager.default.createDirectory(atPath: FileSystem.dirname(full), withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        // The commands as printed, in order; the last one, the demo's run,
        // with --autoquit added so that it ends by itself.
        let script =
            "set -e\n"
            + commands.enumerated().map { $1 + ($0 == commands.count - 1 ? " --autoquit" : "") }
            .joined(separator: "\n")
        let (status, said) = try runCommand(["sh", "-c", script], directory: work)
        XCTAssertEqual(status, 0, said)
        XCTAssertTrue(said.contains("Executed 1 test, with 0 failures"), "swift test ran the model's test: \(said)")
        // An author sees their own warnings only: none of the SDK's (its
        // sources, SwiftPM's reading of GTK's pkg-config files). A
        // warning's first line names its file; the lines under it are indented.
        let foreign = said.split(separator: "\n").filter {
            $0.contains("warning:") && !$0.hasPrefix(" ") && !($0.hasPrefix(hello + "/") && !$0.contains("/.build/"))
        }
        XCTAssertEqual(foreign, [], "warnings that are not the author's")

        // `DEMO_SHELL_PLUGIN_PATH=$PWD`: the first folder of the path; the
        // library where `swift build` put it, no copy made.
        let registry = PluginRegistry(searchPath: [hello])
        XCTAssertEqual(registry.failures, [], "every key as printed is understood")
        let entry = try XCTUnwrap(registry.entry(id: "hello"))
        XCTAssertEqual(entry.libraryPath, FileSystem.join(hello, ".build", "debug", "libHello.so"))
        XCTAssertEqual(entry.info.iconName, "face-smile-symbolic")
        XCTAssertEqual(entry.info.category, "Getting Started")
        let sources = DemoSources.files(
            for: entry.manifest, manifestPath: entry.manifestPath, installedSourcesDirectory: "/nonexistent")
        XCTAssertEqual(
            sources.filter(EditWorkspace.isEditable).map(\.relativePath),
            ["Model/HelloModel.swift", "Plugin/HelloView.swift"], "the Source page's Edit works on it")
        guard case .success(let module) = registry.module(id: "hello") else { return XCTFail("\(registry.failures)") }
        let window = module.makeWindow(host: TestHost(info: entry.info))
        show(window)
        XCTAssertEqual(window.title, "Hello")
        let button = try XCTUnwrap(window.find(Button.self, named: "Wave"), "the guide's button")
        button.click()
        button.click()
        XCTAssertEqual(button.label, "👋👋", "the model's rule")

        // On to the end: listed, edited (Edit and Run), exported, built, imported back.
        let authorsWork = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-authors-path-XXXXXX"))
        defer { FileSystem.removeTree(authorsWork) }
        let path = PluginAuthorsPath(
            test: self, program: FileSystem.join(buildProductsDirectory, "demo-shell"), pluginFolder: hello,
            work: authorsWork)
        try path.assertListed("hello", name: "Hello")
        let edited = try PluginAuthorsPath.editAndRun(entry, paths: ShellPaths.current()) { path, text in
            path != "Plugin/HelloView.swift"
                ? text
                : text.replacingOccurrences(
                    of: "        frame.window.showAll()\n",
                    with: "        print(\"edited: \\(model.wave())\")\n        frame.window.showAll()\n")
        } until: {
            $0.output.contains("edited: 👋")
        }
        XCTAssertTrue(
            edited.output.contains("edited: 👋"),
            "\(edited.status?.sentence ?? ""); \(edited.problems.map(\.diagnostic.message)); \(edited.output)")
        try path.exportBuildAndImport(
            "hello",
            files: [
                "manifest.plugin", "Model/HelloModel.swift", "Plugin/HelloView.swift", "Tests/HelloModelTests.swift",
            ])
    }
}
