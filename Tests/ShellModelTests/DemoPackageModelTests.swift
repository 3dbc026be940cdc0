import DemoBasics
import ShellBasics
import ShellModel
import XCTest

/// A demo as a package of its own, without a file: the export plan and the
/// checks of a folder offered for import.
final class DemoPackageModelTests: XCTestCase {
    private let sdk = EditSDK(
        modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
        sharedModulesDirectory: "/sdk/shared", cFlags: ["-I/usr/include/gtk-3.0", "-pthread", "-DX=1"],
        compilerVersion: "Swift version 6.3.1", identity: "abc")
    private let demo = DemoIdentity(name: "My First", id: "my-first", module: "MyFirst")

    private func manifest(_ id: String = "my-first", module: String = "MyFirst", sources: [String] = [])
        -> PluginManifest
    {
        let keys = [
            "Id": id, "Module": module, "Name": "My First", "ABI": "1", "Sources": sources.joined(separator: ";"),
        ]
        guard case .success(let manifest) = PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] })
        else {
            fatalError("a valid manifest")
        }
        return manifest
    }

    func testTheExportPlanIsAPackageBuiltAgainstTheSDKByPath() throws {
        var files = DemoTemplate.blank(demo)
        files["Model/MyFirstModel.swift"] = "import TextBounds\n" + files["Model/MyFirstModel.swift"]!
        let plan = DemoExportPlan.make(
            manifest: manifest(), files: files,
            shared: ["TextBounds": ["TextLimit.swift": "// limit\n"], "Unused": ["U.swift": ""]], sdk: sdk)
        for path in files.keys { XCTAssertEqual(plan.files[path], files[path], path) }
        XCTAssertEqual(
            plan.files["Shared/TextBounds/TextLimit.swift"], "// limit\n", "the shared module travels with it")
        XCTAssertNil(plan.files["Shared/Unused/U.swift"], "only what the demo imports")
        let package = try XCTUnwrap(plan.files["Package.swift"])
        XCTAssertTrue(package.hasPrefix("// swift-tools-version:6.2\n"))
        XCTAssertTrue(package.contains(".library(name: \"MyFirst\", type: .dynamic, targets: [\"MyFirst\"])"), package)
        XCTAssertTrue(
            package.contains(".target(name: \"MyFirstModel\", dependencies: [\"TextBounds\"], path: \"Model\""), package
        )
        XCTAssertTrue(
            package.contains(".target(name: \"MyFirst\", dependencies: [\"MyFirstModel\"], path: \"Plugin\""), package)
        XCTAssertTrue(
            package.contains(
                ".testTarget(name: \"MyFirstModelTests\", dependencies: [\"MyFirstModel\"], path: \"Tests\""), package)
        XCTAssertTrue(package.contains("let sdkModules = \"/sdk/modules\""), package)
        XCTAssertTrue(
            package.contains("[.unsafeFlags([\"-I\", sdkModules]"), "the SDK's modules are searched: \(package)")
        XCTAssertTrue(package.contains("-fmodule-map-file="), package)
        XCTAssertTrue(package.contains("let sdkLibrary = \"/sdk/lib\""), package)
        XCTAssertTrue(package.contains("\"-lDemoKit\""), package)
        XCTAssertTrue(
            package.contains("[\"-I/usr/include/gtk-3.0\", \"-DX=1\"]"), "GTK's -I and -D flags only: \(package)")
        XCTAssertFalse(package.contains("gmp"))
        let readme = try XCTUnwrap(plan.files["README.md"])
        XCTAssertTrue(readme.contains("swift build"))
        XCTAssertTrue(readme.contains("demo-shell --run-plugin="))
        XCTAssertEqual(
            DemoExportPlan.make(manifest: manifest(), files: files, shared: [:], sdk: sdk).files[
                "Shared/TextBounds/TextLimit.swift"], nil)
    }

    func testAPathThatNeedsEscapingStaysOneSwiftString() throws {
        let odd = EditSDK(
            modulesDirectory: "/a \"b\"\\c", includeDirectory: "/i", libraryDirectory: "/l",
            sharedModulesDirectory: "/s", cFlags: [], compilerVersion: "", identity: "")
        let package = try XCTUnwrap(
            DemoExportPlan.make(manifest: manifest(), files: DemoTemplate.blank(demo), shared: [:], sdk: odd)
                .files["Package.swift"])
        XCTAssertTrue(package.contains("let sdkModules = \"/a \\\"b\\\"\\\\c\"\n"), package)
    }

    func testACalculatorExportLinksGMPAndHasNoTestsTargetWithoutTests() throws {
        let files = [
            "manifest.plugin": "", "Model/CalcModel.swift": "internal import CGMP\n",
            "Plugin/CalcView.swift": "import DemoKit\n",
        ]
        let package = try XCTUnwrap(
            DemoExportPlan.make(manifest: manifest(module: "Calc"), files: files, shared: [:], sdk: sdk)
                .files["Package.swift"])
        XCTAssertTrue(package.contains(".linkedLibrary(\"gmp\")"), package)
        XCTAssertTrue(package.contains("\"CGMP\"]"), "its module map is given: \(package)")
        XCTAssertFalse(package.contains("testTarget"), package)
    }

    // MARK: Import checks

    private func items(_ files: [String]) -> [FolderItem] {
        files.map { FolderItem(relativePath: $0, kind: .file(size: 10)) }
    }

    private func check(_ items: [FolderItem], manifest parsed: PluginManifest? = nil) -> Result<
        String, DemoImportProblem
    > {
        DemoImportCheck.check(
            items, folder: "/in",
            parse: { _ in parsed.map { .success($0) } ?? .failure(ManifestRejection("The manifest has no Id key.")) }
        )
        .map(\.name)
    }

    func testAFolderWithAManifestAndItsSourcesIsAccepted() {
        let sources = ["Model/MyFirstModel.swift", "Plugin/MyFirstView.swift"]
        XCTAssertEqual(
            check(items(["manifest.plugin"] + sources), manifest: manifest(sources: sources)),
            .success("manifest.plugin"))
        XCTAssertEqual(
            check(items(["hello.plugin"] + sources), manifest: manifest(sources: sources)), .success("hello.plugin"))
    }

    func testAFolderThatIsNoDemoIsRefusedSayingWhatIsMissing() {
        XCTAssertEqual(check(items(["README.md"])), .failure(.noManifest("/in")))
        XCTAssertTrue(DemoImportProblem.noManifest("/in").message.contains("manifest.plugin"))
        XCTAssertEqual(check(items(["a.plugin", "b.plugin"])), .failure(.severalManifests(["a.plugin", "b.plugin"])))
        XCTAssertEqual(
            check(items(["manifest.plugin"])),
            .failure(.badManifest(file: "manifest.plugin", reason: "The manifest has no Id key.")))
        let listed = manifest(sources: ["Model/A.swift", "Plugin/B.swift", "../outside.swift"])
        XCTAssertEqual(
            check(items(["manifest.plugin", "Model/A.swift"]), manifest: listed),
            .failure(.missingSources(["Plugin/B.swift", "../outside.swift"])))
        XCTAssertTrue(DemoImportProblem.missingSources(["Plugin/B.swift"]).message.contains("Plugin/B.swift"))
        let folderNamedLikeAManifest = [FolderItem(relativePath: "manifest.plugin", kind: .directory)]
        XCTAssertEqual(check(folderNamedLikeAManifest), .failure(.noManifest("/in")))
    }

    func testALinkPointingOutsideIsRefused() {
        XCTAssertTrue(DemoImportCheck.staysInside(link: "Resources/a.png", target: "../Model/b.png"))
        XCTAssertTrue(DemoImportCheck.staysInside(link: "a", target: "./b/../c"))
        XCTAssertFalse(DemoImportCheck.staysInside(link: "a", target: "/etc/passwd"))
        XCTAssertFalse(DemoImportCheck.staysInside(link: "a", target: "../x"))
        XCTAssertFalse(DemoImportCheck.staysInside(link: "Model/a", target: "../../x"))
        XCTAssertFalse(DemoImportCheck.staysInside(link: "a", target: "b/../../x"))
        XCTAssertFalse(DemoImportCheck.staysInside(link: "a", target: ""))
        let linked =
            items(["manifest.plugin"]) + [
                FolderItem(relativePath: "Model/key", kind: .link(target: "/home/me/.ssh/id_rsa"))
            ]
        XCTAssertEqual(check(linked, manifest: manifest()), .failure(.linkOutside("Model/key")))
    }

    func testTheBoundsAreKeptAndSaidInTheMessages() {
        var tally = DemoImportCheck.Tally()
        for index in 0..<DemoImportCheck.maximumFiles {
            XCTAssertNil(tally.admit(FolderItem(relativePath: "f\(index)", kind: .file(size: 0))))
        }
        XCTAssertEqual(tally.admit(FolderItem(relativePath: "one-more", kind: .file(size: 0))), .tooManyFiles)
        var sizes = DemoImportCheck.Tally()
        XCTAssertNil(sizes.admit(FolderItem(relativePath: "big", kind: .file(size: 8 << 20))))
        XCTAssertEqual(
            sizes.admit(FolderItem(relativePath: "huge", kind: .file(size: (8 << 20) + 1))), .fileTooLarge("huge"))
        for index in 0..<7 {
            XCTAssertNil(sizes.admit(FolderItem(relativePath: "b\(index)", kind: .file(size: 8 << 20))))
        }
        XCTAssertEqual(sizes.admit(FolderItem(relativePath: "last", kind: .file(size: 1))), .tooLarge)
        XCTAssertTrue(DemoImportProblem.tooManyFiles.message.contains("2,000"))
        XCTAssertTrue(DemoImportProblem.fileTooLarge("x").message.contains("8 MiB"))
        XCTAssertTrue(DemoImportProblem.tooLarge.message.contains("64 MiB"))
        XCTAssertTrue(
            DemoImportProblem.fileTooLarge("x").message.contains("\u{2068}x\u{2069}"),
            "a path in a sentence is isolated")
    }
}
