import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What a plugin author does after the guide's commands, for the guide's
/// tests (the build tree's and an installed prefix's): the plugin listed
/// by `demo-shell --list`, edited and run (Edit and Run), exported,
/// the export built with `swift build`, and imported back.
@MainActor
struct PluginAuthorsPath {
    let test: XCTestCase
    /// The `demo-shell` run.
    let program: String
    /// The folder the plugin's folder is in (`DEMO_SHELL_PLUGIN_PATH`).
    let pluginFolder: String
    /// A folder of the test's own: data, cache and exports go there.
    let work: String
    /// What every run adds to the test's environment (an installed
    /// prefix's runs take away the toolchain's PATH).
    var environment: [String: String] = [:]

    /// `demo-shell ARGUMENTS` (after `wrapper`, such as `dbus-run-session
    /// --`) with the plugin's folder on the search path when `onPath`, and
    /// the data and cache folders of `work`.
    func run(_ arguments: [String], onPath: Bool = true, through wrapper: [String] = []) throws -> (
        status: Int32, output: String
    ) {
        var added = environment.merging([
            "XDG_DATA_HOME": FileSystem.join(work, "data"), "XDG_CACHE_HOME": FileSystem.join(work, "cache"),
            "LANGUAGE": "en",
        ]) { $1 }
        added["DEMO_SHELL_PLUGIN_PATH"] = onPath ? pluginFolder : ""
        return try test.runCommand(wrapper + [program] + arguments, environment: added)
    }

    /// `--list` names the plugin `id`, called `name`, and says nothing else.
    func assertListed(_ id: String, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let list = try run(["--list"])
        XCTAssertEqual(list.status, 0, list.output, file: file, line: line)
        XCTAssertTrue(
            list.output.split(separator: "\n").contains { $0.hasPrefix("\(id)\t\(name)") }, list.output, file: file,
            line: line)
        XCTAssertFalse(list.output.contains("warning"), list.output, file: file, line: line)
    }

    /// Edit and Run, as the Source page's Run Edited does it: the plugin's
    /// editable files, `Plugin/FILE` edited by `edit`, built and run with
    /// `paths`' SDK. Returns what the session said once `done` holds of it
    /// or it stopped.
    static func editAndRun(
        _ entry: PluginEntry, paths: ShellPaths, timeout: Double = 180,
        editing edit: (_ relativePath: String, _ text: String) -> String,
        until done: @escaping (EditRunEventLog) -> Bool
    ) throws -> EditRunEventLog {
        let manifestText = try XCTUnwrap(FileSystem.read(entry.manifestPath))
        let files = DemoSources.files(
            for: entry.manifest, manifestPath: entry.manifestPath, installedSourcesDirectory: "/nonexistent")
        var inputs: [EditBuildPlan.Input] = []
        for file in files where EditWorkspace.isEditable(file) {
            guard case .success(let text) = DemoSources.read(file) else { continue }
            inputs.append(EditBuildPlan.Input(relativePath: file.relativePath, text: edit(file.relativePath, text)))
        }
        let session = EditRunSession(paths: paths)
        let log = EditRunEventLog()
        session.delegate = log
        session.run(
            manifest: entry.manifest, manifestText: manifestText, inputs: inputs,
            workspace: EditWorkspace(demoID: entry.manifest.id))
        _ = MainLoop.run(until: { done(log) || session.phase == .idle }, timeout: timeout)
        _ = MainLoop.run(until: { done(log) }, timeout: 1)  // what came with the end
        session.stop()
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }), "the edited demo ended")
        return log
    }

    /// `--export=ID DIR`, `swift build` of the package written (unless
    /// `build` is false: no toolchain), then `--import=` of it into the
    /// learner's demos (the plugin's folder off the path, so its id is
    /// free): the export has `files`, and the imported demo the same code.
    func exportBuildAndImport(
        _ id: String, files: [String], build: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let exports = FileSystem.join(work, "exports")
        let export = try run(["--export=\(id)", exports])
        XCTAssertEqual(export.status, 0, export.output, file: file, line: line)
        let package = FileSystem.join(exports, id)
        for path in files + ["Package.swift"] {
            XCTAssertTrue(FileSystem.exists(FileSystem.join(package, path)), path, file: file, line: line)
        }
        if build {
            try swiftBuild(package: package, scratch: FileSystem.join(work, "export-build"), file: file, line: line)
            XCTAssertTrue(
                FileSystem.contents(ofDirectory: FileSystem.join(work, "export-build", "debug")).contains {
                    $0.hasSuffix(".so")
                },
                "the export built its library", file: file, line: line)
        }

        let imported = try run(["--import=\(package)"], onPath: false)
        XCTAssertEqual(imported.status, 0, imported.output, file: file, line: line)
        let demo = FileSystem.join(work, "data", "demo-shell", "demos", id)
        // Its code as exported (its manifest is the learner's now: under My Demos).
        for path in files where path.hasPrefix("Model/") || path.hasPrefix("Plugin/") {
            XCTAssertEqual(
                FileSystem.read(FileSystem.join(demo, path)), FileSystem.read(FileSystem.join(package, path)),
                path, file: file, line: line)
        }
    }
}
