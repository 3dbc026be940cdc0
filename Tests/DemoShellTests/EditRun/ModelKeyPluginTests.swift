import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// A plugin from elsewhere whose `Package.swift` names its model `TipRules`
/// says so in its manifest (`Model=TipRules`): Edit and Run compiles its
/// `Model/` under that name (the view's `import TipRules` is found), and
/// its export is a package whose `swift build` passes, and imported back it
/// takes the rule's name and builds. With the naming rule (`TipModel`) Edit
/// and Run and the export's build fail with "no such module".
@MainActor
final class ModelKeyPluginTests: EditAndRunTestCase {
    static let manifest = """
        [Plugin]
        Id=tip-rules
        Module=Tip
        Model=TipRules
        Entry=TipDemo
        Name=Tip
        ABI=1
        Sources=Model/TipRules.swift;Plugin/TipView.swift

        """

    static let files = [
        "Model/TipRules.swift": """
        /// What a tip is: a rate of the bill, to the cent.
        public struct TipRules {
            public var rate = 0.15
            public init() {}
            public func tip(on bill: Double) -> Double { (bill * rate * 100).rounded() / 100 }
        }

        """,
        "Plugin/TipView.swift": """
        import DemoKit
        import TipRules

        @MainActor
        final class TipDemo: DemoModule {
            func makeView(host: DemoHost) -> any DemoView {
                print("tip on 20: \\(TipRules().tip(on: 20))")
                let frame = DemoWindow(title: "Tip", width: 200, height: 100)
                frame.window.showAll()
                return frame
            }
        }

        """,
        "Tests/TipRulesTests.swift": """
        import TipRules
        import XCTest

        final class TipRulesTests: XCTestCase {
            func testTheTipIsToTheCent() { XCTAssertEqual(TipRules().tip(on: 10.01), 1.5) }
        }

        """,
    ]

    func testAModelNamedByTheManifestIsEditedRunAndExportedAndItsExportBuilds() async throws {
        makeShell()
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-model-key-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        let plugin = FileSystem.join(folder, "tip-rules")
        for (path, text) in Self.files.merging(["manifest.plugin": Self.manifest], uniquingKeysWith: { $1 }) {
            try FileSystem.makeDirectory(FileSystem.dirname(FileSystem.join(plugin, path)))
            try FileSystem.writeAtomically(text, to: FileSystem.join(plugin, path))
        }
        let entry = PluginEntry(
            manifest: try DemoFiles.parseManifest(text: Self.manifest).get(),
            manifestPath: FileSystem.join(plugin, "manifest.plugin"),
            libraryPath: FileSystem.join(plugin, "libTip.so"), searchDirectory: folder)
        XCTAssertEqual(entry.manifest.modelModule, "TipRules")

        // Edit and Run: the model edited (a rate of 20 %), built and run.
        let workspace = EditWorkspace(demoID: "tip-rules")
        let inputs = editBuildInputs(of: entry) { $1.replacingOccurrences(of: "rate = 0.15", with: "rate = 0.2") }
        XCTAssertEqual(inputs.map(\.relativePath).sorted(), ["Model/TipRules.swift", "Plugin/TipView.swift"])
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        session.run(manifest: entry.manifest, manifestText: Self.manifest, inputs: inputs, workspace: workspace)
        XCTAssertTrue(
            MainLoop.run(
                until: { log.output.contains("tip on 20: 4.0") || session.phase == .idle }, timeout: buildTimeLimit))
        XCTAssertTrue(
            log.output.contains("tip on 20: 4.0"),
            "\(log.status?.sentence ?? ""); \(log.problems.map(\.diagnostic.message)); \(log.output)")
        session.stop()
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }))

        // Export, then `swift build` of the package written.
        let sdk = try EditSDK.locate(paths: shell.paths).get()
        let files = try DemoFiles.current(
            entry, myDemo: nil, sourcesDirectory: nil, resourcesDirectory: nil, edits: workspace
        ).get()
        let exported = try DemoTransfer.export(files, to: FileSystem.join(folder, "out"), sdk: sdk).get()
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(exported, "Tests/TipRulesTests.swift")),
            Self.files["Tests/TipRulesTests.swift"])
        try swiftBuild(package: exported, scratch: FileSystem.join(folder, "scratch"))
        XCTAssertTrue(FileSystem.exists(FileSystem.join(folder, "scratch/debug/libTip.so")))

        // Imported back, it takes the demos' rule (`TipModel`, the key gone) and builds.
        let imported = try DemoTransfer.importDemo(
            from: exported, into: MyDemoStore(root: FileSystem.join(folder, "store")), takenIDs: [],
            takenModules: [], sdk: sdk
        ).get()
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(imported.folder, "Model/TipModel.swift"))?.contains(
                "public struct TipModel"),
            true)
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(imported.folder, "Plugin/TipView.swift"))?.contains("import TipModel\n"),
            true)
        XCTAssertFalse(FileSystem.read(FileSystem.join(imported.folder, "manifest.plugin"))?.contains("Model=") ?? true)
        try swiftBuild(package: imported.folder, scratch: FileSystem.join(folder, "imported-build"))
    }
}
