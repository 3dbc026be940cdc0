import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// The plugin guide's example works exactly as printed. Its
/// three files are taken from docs/writing-a-plugin.md (each code block under
/// a line "`hello/PATH`:"), laid out beside this checkout as the guide says,
/// built with `swift build` and loaded.
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

    func testTheGuidesPluginExampleBuildsAndLoadsAsPrinted() async throws {
        let guide = try String(
            contentsOfFile: FileSystem.join(packageRoot, "docs", "writing-a-plugin.md"), encoding: .utf8)
        let files = Self.exampleFiles(in: guide)
        XCTAssertEqual(files.keys.sorted(), ["Package.swift", "Sources/Hello/Hello.swift", "hello.plugin"])

        // The guide's layout: hello/ beside demo-shell/ (this checkout).
        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-plugin-guide-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createSymbolicLink(
            atPath: FileSystem.join(work, "demo-shell"), withDestinationPath: packageRoot)
        let hello = FileSystem.join(work, "hello")
        for (path, text) in files {
            let full = FileSystem.join(hello, path)
            try FileManager.default.createDirectory(atPath: FileSystem.dirname(full), withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        // `swift build`, with its products kept in the checkout between runs.
        let scratch = FileSystem.join(packageRoot, ".build-plugin-guide")
        try swiftBuild(package: hello, scratch: scratch)
        // `cp .build/debug/libHello.so .`
        try FileManager.default.copyItem(
            atPath: FileSystem.join(scratch, "debug", "libHello.so"),
            toPath: FileSystem.join(hello, "libHello.so"))

        // `DEMO_SHELL_PLUGIN_PATH=$PWD`: the first folder of the path.
        let registry = PluginRegistry(searchPath: [hello])
        XCTAssertEqual(registry.failures, [], "every key as printed is understood")
        let entry = try XCTUnwrap(registry.entry(id: "hello"))
        XCTAssertEqual(entry.info.iconName, "face-smile-symbolic")
        XCTAssertEqual(entry.info.category, "Getting Started")
        let sources = DemoSources.files(
            for: entry.manifest, manifestPath: entry.manifestPath, installedSourcesDirectory: "/nonexistent")
        XCTAssertTrue(sources.contains { $0.relativePath.hasSuffix("Hello.swift") && $0.problem == nil }, "\(sources)")
        guard case .success(let module) = registry.module(id: "hello") else { return XCTFail("\(registry.failures)") }
        let window = module.makeWindow(host: TestHost(info: entry.info))
        show(window)
        XCTAssertEqual(window.title, "Hello")
        let button = try XCTUnwrap(window.find(Button.self, named: "Wave"), "the guide's button")
        button.click()
        XCTAssertEqual(button.label, "👋")
    }
}
