import DemoShellKit
@testable import EditRunModel
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The build plan with Show Values on and off: off, it is exactly the plan
/// Edit and Run made before Show Values existed (same arguments, same key).
final class ShowValuesPlanTests: XCTestCase {
    private let sdk = EditSDK(
        modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
        sharedModulesDirectory: "/nonexistent/modules", cFlags: ["-I/usr/include/gtk-3.0"],
        compilerVersion: "Swift version 6.3.1", identity: "abc")
    private let model = EditBuildPlan.Input(relativePath: "Model/SayHelloModel.swift", text: "public struct M {}\n")
    private let view = EditBuildPlan.Input(
        relativePath: "Plugin/SayHelloView.swift", text: "import DemoKit\nimport SayHelloModel\n")

    private func plan(showsValues: Bool? = nil, sdk: EditSDK? = nil, more: [EditBuildPlan.Input] = []) throws
        -> EditBuildPlan
    {
        let manifest = try PluginEntry.read(
            manifestPath: FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin"),
            searchDirectory: buildProductsDirectory
        ).get().manifest
        let workspace = EditWorkspace(demoID: "say-hello", editsDirectory: "/edits")
        guard let showsValues else {
            return EditBuildPlan.make(
                compiler: "/usr/bin/swiftc", sdk: sdk ?? self.sdk, manifest: manifest, manifestText: "[Plugin]\n",
                inputs: [model, view] + more, workspace: workspace, sharedBuilds: "/cache/shared",
                moduleCache: "/cache/modules")
        }
        return EditBuildPlan.make(
            compiler: "/usr/bin/swiftc", sdk: sdk ?? self.sdk, manifest: manifest, manifestText: "[Plugin]\n",
            inputs: [model, view] + more, workspace: workspace, sharedBuilds: "/cache/shared",
            moduleCache: "/cache/modules",
            showsValues: showsValues)
    }

    /// The SDK with Show Values' support sources (the build tree's copy).
    private var sdkWithValues: EditSDK {
        EditSDK(
            modulesDirectory: sdk.modulesDirectory, includeDirectory: sdk.includeDirectory,
            libraryDirectory: sdk.libraryDirectory,
            sharedModulesDirectory: sdk.sharedModulesDirectory, cFlags: sdk.cFlags,
            compilerVersion: sdk.compilerVersion,
            identity: sdk.identity, valuesDirectory: FileSystem.join(packageRoot, "Sources/DemoValues"))
    }

    private static func text(of plan: EditBuildPlan) -> String {
        ([plan.key, plan.directory, plan.modelDirectory ?? "-", plan.libraryPath, plan.manifestPath]
            + plan.steps.map { ([$0.module, $0.output, $0.diagnosticsPath] + $0.arguments).joined(separator: " ") })
            .joined(separator: "\n")
    }

    /// Recorded from the plan as it was before Show Values (commit f5c6b5f),
    /// with one compiler job per module.
    func testOffThePlanIsTodaysExactly() throws {
        let recorded = try XCTUnwrap(
            FileSystem.read(
                FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/edit-plan-without-show-values.txt")))
        for sdk in [sdk, sdkWithValues] {
            for plan in [try plan(sdk: sdk), try plan(showsValues: false, sdk: sdk)] {
                XCTAssertEqual(Self.text(of: plan) + "\n", recorded)
                XCTAssertFalse(plan.showsValues)
                XCTAssertEqual(plan.generated, [])
                XCTAssertEqual(plan.valueFiles, [:])
            }
        }
        XCTAssertFalse(try plan(showsValues: true).showsValues, "an SDK without the support sources builds without it")
    }

    func testOnTheDemosFilesGoThroughTheTransformWithTheSupportModule() throws {
        let off = try plan(sdk: sdkWithValues)
        let on = try plan(showsValues: true, sdk: sdkWithValues)
        XCTAssertTrue(on.showsValues)
        XCTAssertNotEqual(on.key, off.key, "another build: a normal run never gets the transformed library")
        XCTAssertNotEqual(on.modelDirectory, off.modelDirectory, "the model's too")
        XCTAssertEqual(on.steps.map(\.module), ["DemoValues", "SayHelloModel", "SayHello", "link"])
        let support = on.steps[0]
        XCTAssertTrue(
            support.output.hasPrefix("/cache/shared/DemoValues-"), "compiled once, kept with the shared modules")
        XCTAssertFalse(support.arguments.contains("-playground"), "the support module itself is not transformed")
        XCTAssertTrue(
            support.arguments.contains("-O") && !support.arguments.contains("-Onone"),
            "optimised: it runs on every line")
        XCTAssertTrue(support.arguments.contains("-enforce-exclusivity=unchecked"))
        XCTAssertTrue(support.arguments.contains(FileSystem.join(packageRoot, "Sources/DemoValues/ValueChannel.swift")))
        XCTAssertEqual(
            try XCTUnwrap(support.outputFileMap).text, "{\"\": {\"diagnostics\": \"\(support.diagnosticsPath)\"}}\n")
        let folder = FileSystem.dirname(support.output)
        for step in on.steps[1...2] {
            let arguments = step.arguments.joined(separator: " ")
            XCTAssertTrue(
                arguments.contains(
                    "-I \(folder) -Xfrontend -playground -Xfrontend -playground-option -Xfrontend NoFunctionParameters -Xfrontend -import-module -Xfrontend DemoValues"
                ),
                step.module)
        }
        XCTAssertTrue(on.steps[1].arguments.contains(on.sourcesDirectory + "/ShowValues/Model/__DemoValuesIDs.swift"))
        XCTAssertTrue(on.steps[2].arguments.contains(on.sourcesDirectory + "/ShowValues/Plugin/__DemoValuesIDs.swift"))
        XCTAssertTrue(on.steps[3].arguments.contains(support.output), "linked into the edited library")
        XCTAssertEqual(on.valueFiles, [1: "Model/SayHelloModel.swift", 2: "Plugin/SayHelloView.swift"])
        XCTAssertEqual(
            on.generated.map(\.relativePath),
            ["ShowValues/Model/__DemoValuesIDs.swift", "ShowValues/Plugin/__DemoValuesIDs.swift"])
        XCTAssertTrue(
            on.generated[0].text.contains("@usableFromInline internal let __builtin_pg_module_SayHelloModel: Int = 1\n")
        )
        XCTAssertTrue(
            on.generated[0].text.contains(
                "@usableFromInline internal let __builtin_pg_module_SayHelloModel_pg_file_SayHelloModel_: Int = 1\n"))
        XCTAssertFalse(on.generated[0].text.contains("SayHelloView"), "each module names its own files")
        XCTAssertTrue(
            on.generated[1].text.contains(
                "@usableFromInline internal let __builtin_pg_module_SayHello_pg_file_SayHelloView_: Int = 2\n"))
        XCTAssertNil(
            on.relativePath(ofCompiled: on.sourcesDirectory + "/ShowValues/Model/__DemoValuesIDs.swift"),
            "never named to the learner")
        XCTAssertTrue(EditBuildPlan.isPlainName("Board_2"))
        XCTAssertFalse(EditBuildPlan.isPlainName("View+Layout"))
        XCTAssertFalse(EditBuildPlan.isPlainName("2048"))
    }

    /// The build tree ships the support module's sources in its SDK (`make
    /// install` puts the same folder under lib/demo-shell/sdk/: InstallTests).
    func testTheSDKBesideTheShellHasTheSupportSources() throws {
        let sdk = try EditSDK.locate(paths: ShellPaths.current()).get()
        let folder = try XCTUnwrap(sdk.valuesDirectory)
        // With the framing the module writes (Wire), compiled into it.
        let shipped = ["Sources/DemoValues", "Sources/Wire"].flatMap {
            FileSystem.contents(ofDirectory: FileSystem.join(packageRoot, $0))
        }
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: folder).filter { $0.hasSuffix(".swift") }.sorted(),
            shipped.filter { $0.hasSuffix(".swift") }.sorted())
    }

    /// The transform finds a file's id by a constant named after the file:
    /// a name that is no identifier is compiled under one, and named to the
    /// learner as theirs.
    func testAFileNamedWithoutAnIdentifierIsCompiledUnderOne() throws {
        let extra = EditBuildPlan.Input(
            relativePath: "Plugin/SayHelloView+Greeting.swift", text: "extension SayHelloView {}\n")
        let on = try plan(showsValues: true, sdk: sdkWithValues, more: [extra])
        XCTAssertEqual(on.valueFiles[2], "Plugin/SayHelloView+Greeting.swift")
        XCTAssertEqual(
            on.compiledRelativePath("Plugin/SayHelloView+Greeting.swift"), "Plugin/__SayHelloView_Greeting_2.swift")
        XCTAssertEqual(
            on.compiledRelativePath("Plugin/SayHelloView.swift"), "Plugin/SayHelloView.swift", "a plain name is kept")
        let view = try XCTUnwrap(on.steps.first { $0.module == "SayHello" })
        XCTAssertTrue(
            view.arguments.contains(on.sourcesDirectory + "/Plugin/__SayHelloView_Greeting_2.swift"),
            "\(view.arguments)")
        XCTAssertFalse(view.arguments.contains(on.sourcesDirectory + "/Plugin/SayHelloView+Greeting.swift"))
        XCTAssertTrue(
            on.generated[1].text.contains(
                "@usableFromInline internal let __builtin_pg_module_SayHello_pg_file___SayHelloView_Greeting_2_: Int = 2\n"
            ),
            on.generated[1].text)
        XCTAssertEqual(
            on.relativePath(ofCompiled: on.sourcesDirectory + "/Plugin/__SayHelloView_Greeting_2.swift"),
            "Plugin/SayHelloView+Greeting.swift",
            "a diagnostic names the learner's file")
        XCTAssertEqual(
            on.sourceRelativePath(ofCompiled: "Plugin/__SayHelloView_Greeting_2.swift"),
            "Plugin/SayHelloView+Greeting.swift")

        let off = try plan(sdk: sdkWithValues, more: [extra])
        XCTAssertEqual(
            off.compiledRelativePath("Plugin/SayHelloView+Greeting.swift"), "Plugin/SayHelloView+Greeting.swift",
            "off, names as they are")
        XCTAssertTrue(
            try XCTUnwrap(off.steps.first { $0.module == "SayHello" }).arguments.contains(
                off.sourcesDirectory + "/Plugin/SayHelloView+Greeting.swift"))
    }
}
