import DemoBasics
import ShellBasics
import Foundation
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// `demo-shell --export=ID DIR` and `--import=DIR`, run out of process as a
/// person or a script would, with data and cache folders of their own.
final class MyDemosCommandLineTests: ShellProcessTestCase {
    private var scratch = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = NSTemporaryDirectory() + "demo-shell-mydemos-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: true)
        environment["XDG_DATA_HOME"] = scratch + "/data"
        environment["XDG_CACHE_HOME"] = scratch + "/cache"
        environment["LANGUAGE"] = "en"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
        super.tearDown()
    }

    private func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> (
        status: Int32?, stdout: String, stderr: String
    ) {
        let run = try start(arguments)
        let status = run.finish(within: timeout)
        return (status, run.stdout, run.stderr)
    }

    func testHelpListsExportAndImport() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--export=ID DIR"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--import=DIR"), help.stdout)
    }

    func testExportWithEditsThenRefusesToWriteOverIt() throws {
        let edited = scratch + "/data/demo-shell/edits/say-hello/sources/Plugin"
        try FileManager.default.createDirectory(atPath: edited, withIntermediateDirectories: true)
        let original = try String(
            contentsOfFile: packageRoot + "/Sources/Demos/SayHello/Plugin/SayHelloView.swift", encoding: .utf8)
        try (original + "// my edit\n").write(toFile: edited + "/SayHelloView.swift", atomically: true, encoding: .utf8)

        let export = try run(["--export=say-hello", scratch + "/out"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let package = scratch + "/out/say-hello"
        for file in [
            "Package.swift", "README.md", "manifest.plugin", "Model/SayHelloModel.swift", "Plugin/SayHelloPlugin.swift",
            "Shared/TextBounds/TextLimit.swift",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: package + "/" + file), file)
        }
        XCTAssertTrue(
            try String(contentsOfFile: package + "/Plugin/SayHelloView.swift", encoding: .utf8).hasSuffix(
                "// my edit\n"),
            "the edit is exported")

        let again = try run(["--export=say-hello", scratch + "/out"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertTrue(
            try String(contentsOfFile: package + "/Plugin/SayHelloView.swift", encoding: .utf8).hasSuffix(
                "// my edit\n"))

        let buttons = try run(["--export=buttons", scratch + "/out"])
        XCTAssertEqual(buttons.status, 0, buttons.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: scratch + "/out/buttons/buttons.css"),
            "its resources, beside the manifest")
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch + "/out/buttons/frame@2x.png"))

        let unknown = try run(["--export=no-such-demo", scratch + "/out"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no-such-demo"), unknown.stderr)
    }

    func testImportCopiesIntoMyDemosUnderAFreeID() throws {
        XCTAssertEqual(try run(["--export=say-hello", scratch + "/out"]).status, 0)
        let imported = try run(["--import=" + scratch + "/out/say-hello"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let demo = scratch + "/data/demo-shell/demos/say-hello-2"
        let manifest = try String(contentsOfFile: demo + "/manifest.plugin", encoding: .utf8)
        XCTAssertTrue(manifest.contains("Id=say-hello-2\n") && manifest.contains("Module=SayHello2\n"), manifest)
        XCTAssertTrue(manifest.contains("\nName=Say Hello 2\n"), "a name of its own beside Say Hello: \(manifest)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/Plugin/SayHello2View.swift"))

        let list = try run(["--list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("say-hello-2\tSay Hello 2\n"), "--list lists it: \(list.stdout)")

        // A demo of one's own exports as a built-in one does, its edits included.
        let edited = scratch + "/data/demo-shell/edits/say-hello-2/sources/Model"
        try FileManager.default.createDirectory(atPath: edited, withIntermediateDirectories: true)
        let model = try String(contentsOfFile: demo + "/Model/SayHello2Model.swift", encoding: .utf8)
        try (model + "// my edit of my demo\n").write(
            toFile: edited + "/SayHello2Model.swift", atomically: true, encoding: .utf8)
        let export = try run(["--export=say-hello-2", scratch + "/out"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(
            try String(contentsOfFile: scratch + "/out/say-hello-2/Model/SayHello2Model.swift", encoding: .utf8)
                .hasSuffix("// my edit of my demo\n"), "the edit is exported")

        let refused = try run(["--import=" + scratch + "/data"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("manifest.plugin"), refused.stderr)
    }

    /// A package that would build nothing is refused as it is
    /// imported, and `--run` of a demo of one's own whose build fails ends
    /// with status 1 and the compiler's reason, as the README promises.
    func testAnImportThatCannotBuildIsRefusedAndARunOfABrokenDemoFails() throws {
        XCTAssertEqual(try run(["--export=say-hello", scratch + "/out"]).status, 0)
        let package = scratch + "/out/say-hello"
        let view = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: package + "/Plugin").first { $0.hasSuffix(".swift") })
        try FileManager.default.moveItem(atPath: package + "/Plugin", toPath: scratch + "/Plugin")
        let manifest = try String(contentsOfFile: package + "/manifest.plugin", encoding: .utf8)
        try manifest.split(separator: "\n").map { $0.hasPrefix("Sources=") ? "Sources=" : String($0) }
            .joined(separator: "\n").write(toFile: package + "/manifest.plugin", atomically: true, encoding: .utf8)
        let refused = try run(["--import=" + package])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("list no Swift files under Plugin/"), refused.stderr)

        try FileManager.default.moveItem(atPath: scratch + "/Plugin", toPath: package + "/Plugin")
        try manifest.write(toFile: package + "/manifest.plugin", atomically: true, encoding: .utf8)
        try "this is not Swift\n".write(toFile: package + "/Plugin/" + view, atomically: true, encoding: .utf8)
        let imported = try run(["--import=" + package])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let broken = try run(["--run=say-hello-2"], timeout: 300)
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("Say Hello 2"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains("The build failed"), broken.stderr)
        XCTAssertFalse(broken.stderr.contains("no input files"), "the compiler's own error: \(broken.stderr)")
    }

    /// A terminal shows no bidi, and a script reading the
    /// path got U+2068 and U+2069 around it.
    func testTerminalMessagesCarryPathsAndNamesWithoutIsolates() throws {
        let isolates: Set<Unicode.Scalar> = ["\u{2068}", "\u{2069}"]
        func assertPlain(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertFalse(
                text.unicodeScalars.contains { isolates.contains($0) }, text.debugDescription, file: file, line: line)
        }
        let export = try run(["--export=say-hello", scratch + "/out"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout, "Exported to \(scratch)/out/say-hello.\n", "the path as it is")
        let again = try run(["--export=say-hello", scratch + "/out"])
        XCTAssertTrue(again.stderr.contains(scratch + "/out/say-hello already exists"), again.stderr)
        assertPlain(again.stderr)
        let imported = try run(["--import=" + scratch + "/out/say-hello"])
        XCTAssertTrue(
            imported.stdout.contains(
                "Imported as “Say Hello 2” (say-hello-2) into \(scratch)/data/demo-shell/demos/say-hello-2."),
            imported.stdout)
        assertPlain(imported.stdout)
        let refused = try run(["--import=" + scratch + "/data"])
        XCTAssertTrue(refused.stderr.contains("“\(scratch)/data” holds no demo"), refused.stderr)
        assertPlain(refused.stderr)
        // A demo whose folder and manifest disagree: --list tells it, plainly.
        let manifest = scratch + "/data/demo-shell/demos/say-hello-2/manifest.plugin"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "Id=say-hello-2", with: "Id=other").write(
            toFile: manifest, atomically: true, encoding: .utf8)
        let list = try run(["--list"])
        XCTAssertTrue(
            list.stderr.contains("The manifest’s id is “other”, but the demo’s folder is “say-hello-2”."), list.stderr)
        assertPlain(list.stderr)
    }

    func testAnImportKeepsTheUntranslatedNameWhateverTheLanguage() throws {
        environment["LANGUAGE"] = "zh_CN"
        XCTAssertEqual(try run(["--export=say-hello", scratch + "/out"]).status, 0)
        let imported = try run(["--import=" + scratch + "/out/say-hello"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let manifest = try String(
            contentsOfFile: scratch + "/data/demo-shell/demos/say-hello-2/manifest.plugin", encoding: .utf8)
        XCTAssertTrue(
            manifest.contains("\nName=Say Hello 2\n"), "the English name, told apart from Say Hello's: \(manifest)")
        XCTAssertTrue(imported.stdout.contains("已作为"), "told in the learner's language: \(imported.stdout)")
    }

    /// `swift build` in `package`, with the real toolchain.
    private func swiftBuild(_ package: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--package-path", package]
        // SwiftPM's lock files go to TMPDIR: into the scratch folder, removed with it.
        try FileManager.default.createDirectory(atPath: scratch + "/tmp", withIntermediateDirectories: true)
        build.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch + "/tmp"]) { $1 }
        let log = Pipe()
        build.standardOutput = log
        build.standardError = log
        try build.run()
        let output = PipeReader(log)
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 0, output.text(), file: file, line: line)
    }

    /// A Blank demo, as New Demo makes it in the learner's demos, builds in
    /// its folder and shows its window.
    func testABlankDemoBuildsWithSwiftBuildAndRuns() throws {
        let sdk = try EditSDK.locate(paths: ShellPaths.current()).get()
        let store = MyDemoStore(root: scratch + "/data/demo-shell/demos")
        let demo = try store.create(name: "我的第一个", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).get()
        XCTAssertEqual(demo.id, "demo-69e25c")
        try swiftBuild(demo.folder)
        let shown = try start(["--run-plugin=" + demo.manifestPath, "--autoquit"])
        XCTAssertTrue(waitForWindow(named: "我的第一个", pid: shown.pid, while: shown.process), shown.stderr)
        XCTAssertEqual(shown.finish(within: 60), 0, shown.stderr)
        assertQuiet(shown.stderr)
    }

    /// The whole way: the exported package builds with a plain `swift build`
    /// (the real toolchain), and `--run-plugin` finds the library it made
    /// in `.build/debug/` and shows its window.
    func testAnExportedDemoBuildsWithSwiftBuildAndRuns() throws {
        XCTAssertEqual(try run(["--export=say-hello", scratch + "/out"]).status, 0)
        let package = scratch + "/out/say-hello"
        try swiftBuild(package)
        XCTAssertTrue(FileManager.default.fileExists(atPath: package + "/.build/debug/libSayHello.so"))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: package + "/libSayHello.so"), "found where swift build put it")

        let shown = try start(["--run-plugin=" + package + "/manifest.plugin", "--autoquit"])
        XCTAssertTrue(waitForWindow(named: "Say Hello", pid: shown.pid, while: shown.process), shown.stderr)
        XCTAssertEqual(shown.finish(within: 60), 0, shown.stderr)
        assertQuiet(shown.stderr)
    }
}
