import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The rules behind the launcher's Info and Source panes, without a display:
/// manifests' `Help` and `Sources`, which files show in which order, search.
final class LauncherSourcesModelTests: XCTestCase {
    private func manifest(_ text: String) throws -> PluginManifest {
        let keys = Dictionary(
            text.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let eq = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<eq]), String(line[line.index(after: eq)...]))
            }
        ) { first, _ in first }
        return try PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] }).get()
    }

    func testManifestReadsHelpAndSources() throws {
        let parsed = try manifest(
            """
            Id=demo
            Module=Demo
            Name=Demo
            ABI=1
            Help=First. Second.
            Sources= Plugin/View.swift ;Model/Model.swift;;Plugin/View.swift
            """)
        XCTAssertEqual(parsed.help, "First. Second.")
        XCTAssertEqual(parsed.sources, ["Plugin/View.swift", "Model/Model.swift", "Plugin/View.swift"])
        let bare = try manifest("Id=demo\nModule=Demo\nName=Demo\nABI=1")
        XCTAssertEqual(bare.help, "")
        XCTAssertEqual(bare.sources, [])
    }

    func testSearchMatchesHelpIgnoringSpacesAndCase() {
        let bar = DemoInfo(id: "bar", name: "Bars", description: "", category: "Other", iconName: "", version: "")
        let split = DemoInfo(
            id: "split", name: "Split", description: "Uses a Header Bar", category: "Other", iconName: "", version: "")
        let catalog = DemoCatalog([bar, split], help: ["bar": "Shows a GtkHeaderBar with a back button."])
        XCTAssertTrue(catalog.matches(bar, query: "header bar"), "words found inside HeaderBar")
        XCTAssertTrue(catalog.matches(bar, query: "HEADERBAR"))
        XCTAssertTrue(catalog.matches(split, query: "headerbar"), "spaces in the text are ignored too")
        XCTAssertTrue(catalog.matches(bar, query: "back button"), "help text is searched")
        XCTAssertFalse(catalog.matches(split, query: "back button"))
        XCTAssertEqual(catalog.sections(matching: "gtkheaderbar").flatMap(\.demos).map(\.id), ["bar"])
        XCTAssertEqual(catalog.relevance(split, query: "split"), 0, "name")
        XCTAssertEqual(catalog.relevance(split, query: "header"), 1, "description")
        XCTAssertEqual(catalog.relevance(bar, query: "header"), 2, "help only")
        XCTAssertNil(catalog.relevance(bar, query: "zzz"))
        XCTAssertEqual(catalog.bestMatch(for: "header")?.id, "split", "a description match beats a help match")
        XCTAssertEqual(catalog.bestMatch(for: "bars")?.id, "bar")
    }

    func testListedPathsMustStayInsideThePluginFolder() {
        for good in ["Model/A.swift", "a.swift", "Plugin/Sub/B.swift", "x..y.swift"] {
            XCTAssertTrue(DemoSources.isValidRelativePath(good), good)
        }
        for bad in [
            "", "/etc/passwd", "../x.swift", "Model/../../x", "Model//A.swift", "Model/A.swift/", "a\u{0}b", "a\nb",
        ] {
            XCTAssertFalse(DemoSources.isValidRelativePath(bad), bad.debugDescription)
        }
    }

    func testFilesAreModelFirstThenTheRestThenTheManifest() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        for file in ["Model/M.swift", "Plugin/V.swift", "Plugin/P.swift"] {
            try FileSystem.writeAtomically("// \(file)\n", to: FileSystem.join(folder, file))
        }
        let manifestPath = FileSystem.join(folder, "manifest.plugin")
        try FileSystem.writeAtomically("[Plugin]\n", to: manifestPath)
        var parsed = try manifest("Id=demo\nModule=Demo\nName=Demo\nABI=1")
        parsed.sources = [
            "Plugin/V.swift", "Model/M.swift", "Plugin/P.swift", "Plugin/Gone.swift", "../x.swift", "Plugin/V.swift",
        ]
        let files = DemoSources.files(for: parsed, manifestPath: manifestPath, installedSourcesDirectory: nil)
        XCTAssertEqual(
            files.map(\.relativePath),
            ["Model/M.swift", "Plugin/V.swift", "Plugin/P.swift", "Plugin/Gone.swift", "../x.swift", "manifest.plugin"])
        XCTAssertEqual(files.map(\.languageID), ["swift", "swift", "swift", "swift", "swift", "ini"])
        XCTAssertEqual(try DemoSources.read(files[0]).get(), "// Model/M.swift\n")
        XCTAssertEqual(files[3].path, nil)
        XCTAssertEqual(
            files[3].problem,
            "The file “\u{2068}Plugin/Gone.swift\u{2069}” is listed in the manifest but was not found.")
        XCTAssertEqual(
            files[4].problem,
            "The manifest lists “\u{2068}../x.swift\u{2069}”, which is not a path inside the plugin’s folder.")
        if case .success = DemoSources.read(files[4]) { XCTFail("a path outside the folder is never read") }

        parsed.sources = []
        XCTAssertEqual(
            DemoSources.files(for: parsed, manifestPath: manifestPath, installedSourcesDirectory: nil), [],
            "no Sources: the plugin ships no source")
        // Only the manifest and the library copied, none of the
        // listed files is there: the page says its author shipped none.
        parsed.sources = ["Plugin/Gone.swift", "Model/Gone.swift"]
        XCTAssertEqual(
            DemoSources.files(for: parsed, manifestPath: manifestPath, installedSourcesDirectory: nil), [],
            "nothing listed is there: the plugin ships no source")
    }

    func testInstalledSourcesAreFoundByIDAndHugeFilesAreRefused() throws {
        let root = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let installed = FileSystem.join(root, "share/demo-shell/sources")
        try FileSystem.writeAtomically("let a = 1\n", to: FileSystem.join(installed, "demo/Model/M.swift"))
        try FileSystem.writeAtomically(
            String(repeating: "x", count: DemoSources.maximumFileSize + 1),
            to: FileSystem.join(installed, "demo/Plugin/Big.swift"))
        let manifestPath = FileSystem.join(root, "lib/demo-shell/plugins/demo.plugin")
        try FileSystem.writeAtomically("[Plugin]\n", to: manifestPath)
        var parsed = try manifest("Id=demo\nModule=Demo\nName=Demo\nABI=1")
        parsed.sources = ["Model/M.swift", "Plugin/Big.swift"]
        let files = DemoSources.files(for: parsed, manifestPath: manifestPath, installedSourcesDirectory: installed)
        XCTAssertEqual(try DemoSources.read(files[0]).get(), "let a = 1\n")
        guard case .failure(let error) = DemoSources.read(files[1]) else { return XCTFail("a huge file is refused") }
        XCTAssertEqual(error.message, "The file “\u{2068}Plugin/Big.swift\u{2069}” is too large to show.")
    }

    /// A new demo cannot go unshown: every Swift file of a built-in demo's
    /// program (its `Model/` and `Plugin/`) is listed in its manifest's
    /// `Sources`, model files first. Its `Tests/` are the model's test
    /// target, not the program the Source page shows and Edit and Run builds.
    func testEveryBuiltInManifestListsEverySwiftFileOfItsFolder() throws {
        let demos = URL(fileURLWithPath: packageRoot).appendingPathComponent("Sources/Demos")
        let folders = try FileManager.default.contentsOfDirectory(atPath: demos.path).sorted()
        XCTAssertTrue(folders.contains("SayHello"))
        for folder in folders {
            let base = demos.appendingPathComponent(folder)
            let swiftFiles = (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Tests/") }
            let text = try String(contentsOf: base.appendingPathComponent("manifest.plugin"), encoding: .utf8)
            let line = text.split(separator: "\n").first { $0.hasPrefix("Sources=") }
            let listed = line.map { $0.dropFirst("Sources=".count).split(separator: ";").map(String.init) } ?? []
            XCTAssertEqual(
                Set(listed), Set(swiftFiles),
                "\(folder)/manifest.plugin must list every Swift file of its folder in Sources=")
            XCTAssertTrue(listed.first?.hasPrefix("Model/") ?? false, "\(folder): the model comes first")
            XCTAssertTrue(text.contains("\nHelp="), "\(folder)/manifest.plugin has no Help")
        }
    }

    /// The demos `Package.swift` builds are the folders under
    /// `Sources/Demos` that hold a manifest, no more and no fewer.
    func testPackageListsEveryDemoFolder() throws {
        let package = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let start = try XCTUnwrap(package.range(of: "let demos = ["))
        let end = try XCTUnwrap(package[start.upperBound...].firstIndex(of: "]"))
        let listed = package[start.upperBound..<end].split(separator: ",")
            .map { $0.trimmingWhitespace().replacingOccurrences(of: "\"", with: "") }.filter { !$0.isEmpty }
        let demos = packageRoot + "/Sources/Demos"
        let folders = FileSystem.contents(ofDirectory: demos).filter {
            FileSystem.isRegularFile("\(demos)/\($0)/manifest.plugin")
        }
        XCTAssertEqual(listed.count, Set(listed).count, "no demo listed twice")
        XCTAssertEqual(Set(listed), Set(folders), "Package.swift's demos list names every demo folder")
    }

    /// The Source page follows a demo's imports to the modules it shares.
    func testImportsAreReadFromSwiftSource() {
        XCTAssertEqual(
            DemoSources.importedModules(
                in: "import DemoKit\n@testable import A\n@_exported import B\n// import C\nlet x = 1\nimport A\n"),
            ["DemoKit", "A", "B"])
        XCTAssertEqual(
            DemoSources.importedModules(in: "internal import CGMP\n@preconcurrency public import D\nlet import = 1\n"),
            ["CGMP", "D"], "an access level before import")
    }

    /// `swift build` copies each listed file into the bundle, as `make install`
    /// lays them out (`sources/ID/PATH`).
    func testTheBuildBundlesEveryListedSource() throws {
        let paths = ShellPaths.current()
        let registry = PluginRegistryLookup.builtIn()
        XCTAssertGreaterThanOrEqual(registry.count, 4)
        for entry in registry {
            XCTAssertFalse(entry.manifest.sources.isEmpty, entry.manifest.id)
            for relative in entry.manifest.sources {
                let bundled = FileSystem.join(paths.sourcesDirectory, entry.manifest.id, relative)
                let original = FileSystem.join(packageRoot, "Sources/Demos", entry.manifest.module, relative)
                XCTAssertEqual(FileSystem.read(bundled), FileSystem.read(original), bundled)
            }
        }
    }
}
