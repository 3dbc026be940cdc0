import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Edit and Run's rules, without a display: the build key, the build plan,
/// the compiler's text diagnostics, the workspace, the output's decoding
/// and the crash line (the sentences made of it: EditRunSentencesTests).
final class EditRunModelTests: XCTestCase {
    private let sdk = EditSDK(
        modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
        sharedModulesDirectory: FileSystem.join(FileSystem.dirname(ShellPaths.current().sourcesDirectory), "modules"),
        cFlags: ["-I/usr/include/gtk-3.0", "-pthread"],
        compilerVersion: "Swift version 6.3.1", identity: "abc")

    private func manifest() throws -> PluginManifest {
        let path = FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin")
        return try PluginEntry.read(manifestPath: path, searchDirectory: buildProductsDirectory).get().manifest
    }

    private func plan(
        _ inputs: [EditBuildPlan.Input], sdk: EditSDK? = nil,
        workspace: EditWorkspace = EditWorkspace(demoID: "say-hello", editsDirectory: "/edits")
    ) throws -> EditBuildPlan {
        EditBuildPlan.make(
            compiler: "/usr/bin/swiftc", sdk: sdk ?? self.sdk, manifest: try manifest(), manifestText: "[Plugin]\n",
            inputs: inputs, workspace: workspace, sharedBuilds: "/cache/shared", moduleCache: "/cache/modules")
    }

    private let model = EditBuildPlan.Input(
        relativePath: "Model/SayHelloModel.swift", text: "import TextBounds\npublic struct M {}\n")
    private let view = EditBuildPlan.Input(
        relativePath: "Plugin/SayHelloView.swift", text: "import DemoKit\nimport SayHelloModel\n")

    func testTheBuildKeyFollowsTheFilesTheCompilerAndTheSDKOnly() throws {
        let key = try plan([model, view]).key
        XCTAssertEqual(try plan([view, model]).key, key, "the order files are listed in does not matter")
        XCTAssertEqual(key.count, 16)
        XCTAssertNotEqual(
            try plan([model, EditBuildPlan.Input(relativePath: view.relativePath, text: view.text + " ")]).key, key)
        XCTAssertNotEqual(
            try plan([model, EditBuildPlan.Input(relativePath: "Plugin/Other.swift", text: view.text)]).key, key,
            "a file renamed is another build")
        let otherCompiler = EditSDK(
            modulesDirectory: sdk.modulesDirectory, includeDirectory: sdk.includeDirectory,
            libraryDirectory: sdk.libraryDirectory, sharedModulesDirectory: sdk.sharedModulesDirectory,
            cFlags: sdk.cFlags, compilerVersion: "Swift version 6.3.2", identity: "abc")
        XCTAssertNotEqual(try plan([model, view], sdk: otherCompiler).key, key)
        let otherSDK = EditSDK(
            modulesDirectory: sdk.modulesDirectory, includeDirectory: sdk.includeDirectory,
            libraryDirectory: sdk.libraryDirectory, sharedModulesDirectory: sdk.sharedModulesDirectory,
            cFlags: sdk.cFlags, compilerVersion: sdk.compilerVersion, identity: "abd")
        XCTAssertNotEqual(try plan([model, view], sdk: otherSDK).key, key)
        // Length-prefixed: moving text from one file's end to the next file's start changes the key.
        var a = BuildKeyHasher(), b = BuildKeyHasher()
        a.add("ab")
        a.add("c")
        b.add("a")
        b.add("bc")
        XCTAssertNotEqual(a.hexDigest, b.hexDigest)
    }

    func testThePlanBuildsTheModelThenThePluginAgainstTheSDK() throws {
        let plan = try plan([model, view])
        XCTAssertEqual(
            plan.steps.map(\.module), ["TextBounds", "SayHelloModel", "SayHello", "link"],
            "the shared module first, compiled once")
        XCTAssertEqual(plan.directory, "/edits/say-hello/build/" + plan.key)
        XCTAssertEqual(plan.libraryPath, plan.directory + "/libSayHello.so")
        XCTAssertEqual(plan.manifestPath, plan.directory + "/manifest.plugin")
        XCTAssertTrue(plan.steps[0].output.hasPrefix("/cache/shared/TextBounds-"))
        let modelFolder = try XCTUnwrap(plan.modelDirectory)
        XCTAssertEqual(plan.steps[1].output, modelFolder + "/SayHelloModel.o")
        let viewEdited = try self.plan([
            model, EditBuildPlan.Input(relativePath: view.relativePath, text: view.text + "// edited\n"),
        ])
        XCTAssertNotEqual(viewEdited.key, plan.key)
        XCTAssertEqual(viewEdited.modelDirectory, modelFolder, "an edit of the view reuses the model's build")
        let modelEdited = try self.plan([
            EditBuildPlan.Input(relativePath: model.relativePath, text: model.text + " "), view,
        ])
        XCTAssertNotEqual(modelEdited.modelDirectory, modelFolder)
        XCTAssertTrue(plan.steps[2].arguments.contains(plan.sourcesDirectory + "/Plugin/SayHelloView.swift"))
        XCTAssertTrue(plan.steps[2].arguments.contains("-fmodule-map-file=/sdk/include/CGtk/module.modulemap"))
        XCTAssertFalse(
            plan.steps[2].arguments.contains("-pthread"), "only -I and -D of GTK's flags go to the C importer")
        let link = plan.steps[3].arguments
        XCTAssertEqual(link.first, "/usr/bin/swiftc")
        XCTAssertTrue(link.contains(plan.directory + "/SayHello.o"))
        XCTAssertTrue(link.contains(modelFolder + "/SayHelloModel.o"))
        XCTAssertTrue(link.contains("-lDemoKit"))
        for step in plan.steps.dropLast() {
            XCTAssertTrue(step.arguments.contains("-serialize-diagnostics"), "\(step.module) writes its .dia")
            let map = try XCTUnwrap(step.outputFileMap)
            XCTAssertEqual(map.text, "{\"\": {\"diagnostics\": \"\(step.diagnosticsPath)\"}}\n")
        }
        XCTAssertNil(plan.steps.last?.outputFileMap, "the link writes none")
        XCTAssertEqual(JSONText.escaped("a\"b\\c\u{1}"), "a\\\"b\\\\c\\u0001")
        XCTAssertEqual(
            plan.relativePath(ofCompiled: plan.sourcesDirectory + "/Plugin/SayHelloView.swift"),
            "Plugin/SayHelloView.swift")
        XCTAssertNil(plan.relativePath(ofCompiled: "/elsewhere/Plugin/SayHelloView.swift"))
        XCTAssertNil(plan.relativePath(ofCompiled: plan.sourcesDirectory + "/Plugin/Missing.swift"))
        XCTAssertEqual(
            plan.relativePath(ofCompiled: "/edits/say-hello/build/0123456789abcdef/src/Model/SayHelloModel.swift"),
            "Model/SayHelloModel.swift", "a diagnostic kept from an earlier build of the model")
        XCTAssertNil(plan.relativePath(ofCompiled: "/edits/say-hello/build/src/Model/SayHelloModel.swift"))
    }

    func testTheCompilersTextDiagnostics() {
        let text = """
            /w/src/Plugin/V.swift:12:9: error: expected pattern
            10 |
            11 |  let = 1
               |      `- error: expected pattern
            /w/src/Plugin/V.swift:3:5: note: change 'let' to 'var'
            warning: unused option
            /usr/bin/ld.gold: error: cannot find -lDemoKit
            error: link command failed with exit code 1 (use -v to see invocation)
            """
        let found = CompilerTextDiagnostics.parse(text)
        XCTAssertEqual(found.map(\.severity), [.error, .warning, .error, .error])
        XCTAssertEqual(found[0].path, "/w/src/Plugin/V.swift")
        XCTAssertEqual(found[0].line, 12)
        XCTAssertEqual(found[0].column, 9)
        XCTAssertEqual(found[0].message, "expected pattern")
        XCTAssertEqual(
            found[0].notes.map(\.message), ["change 'let' to 'var'"], "a note belongs to the diagnostic before it")
        XCTAssertEqual(found[2].message, "ld.gold: cannot find -lDemoKit")
        XCTAssertEqual(found[2].line, 0)
        XCTAssertEqual(
            EditRunResults.describe(EditRunSession.Problem(relativePath: "Plugin/V.swift", diagnostic: found[0])),
            "V.swift, line 12: expected pattern")
        XCTAssertEqual(
            EditRunResults.describe(EditRunSession.Problem(relativePath: nil, diagnostic: found[3])),
            "link command failed with exit code 1 (use -v to see invocation)")
    }

    func testTheWorkspaceKeepsEditsApartAndForgetsAnEditTypedBack() throws {
        let root = try XCTUnwrap(FileSystem.makeTemporaryDirectory("edits-XXXXXX"))
        defer { FileSystem.removeTree(root) }
        let workspace = EditWorkspace(demoID: "say-hello", editsDirectory: root)
        XCTAssertFalse(workspace.hasEdits)
        try workspace.save("changed", for: "Plugin/SayHelloView.swift", original: "shipped")
        XCTAssertEqual(workspace.editedText("Plugin/SayHelloView.swift"), "changed")
        XCTAssertEqual(workspace.editedFiles, ["Plugin/SayHelloView.swift"])
        try workspace.save("shipped", for: "Plugin/SayHelloView.swift", original: "shipped")
        XCTAssertFalse(workspace.hasEdits, "typed back to the shipped text, it is no longer an edit")
        XCTAssertThrowsError(try workspace.save("x", for: "../escape.swift", original: nil))
        XCTAssertThrowsError(try workspace.save("x", for: "/etc/passwd", original: nil))
        try workspace.save("one", for: "Model/SayHelloModel.swift", original: "shipped")
        try FileSystem.makeDirectory(FileSystem.join(workspace.buildDirectory, "0123456789abcdef"))
        workspace.discard()
        XCTAssertFalse(workspace.hasEdits)
        XCTAssertFalse(FileSystem.exists(workspace.buildDirectory))
        XCTAssertTrue(
            EditWorkspace.isEditable(SourceFile(relativePath: "Plugin/SayHelloView.swift", path: "/x", problem: nil)))
        XCTAssertFalse(
            EditWorkspace.isEditable(SourceFile(relativePath: "TextBounds/TextLimit.swift", path: "/x", problem: nil)),
            "a shared module is every demo's: not edited from one")
        XCTAssertFalse(EditWorkspace.isEditable(SourceFile(relativePath: "SayHello.plugin", path: "/x", problem: nil)))
    }

    func testOutputIsDecodedAcrossReadsAndTheCrashLineSurvivesAStackDump() {
        enum Pipe { case output, error }
        var decoder = OutputDecoder<Pipe>()
        let bytes = Array("宝玉\n".utf8)
        XCTAssertEqual(decoder.decode(Array(bytes[0..<2]), stream: .output), "", "half a character waits")
        XCTAssertEqual(decoder.decode([0xAF], stream: .error), "\u{FFFD}", "each stream has its own pending bytes")
        XCTAssertEqual(decoder.decode(Array(bytes[2...]), stream: .output), "宝玉\n")
        XCTAssertEqual(decoder.finish(), "")

        var tail = OutputTail()
        tail.add(
            "about to fail\nSayHello/SayHelloView.swift:15: Fatal error: Index out of range\nCurrent stack trace:\n")
        for index in 0..<60 { tail.add("\(index)    libswiftCore.so   0x00007efe0755f130 swift_reportError + 33\n") }
        XCTAssertEqual(tail.crashLine, "Fatal error: Index out of range")
        var plain = OutputTail()
        plain.add("just a line")
        XCTAssertEqual(plain.crashLine, "just a line")
    }

    func testRunPluginIsAnOptionOfItsOwn() {
        XCTAssertEqual(
            parseCommandLine(["--run-plugin=/w/manifest.plugin"]),
            .runPlugin(manifestPath: "/w/manifest.plugin", edited: false, autoquit: false))
        XCTAssertEqual(
            parseCommandLine(["--run-plugin=/w/m.plugin", "--autoquit"]),
            .runPlugin(manifestPath: "/w/m.plugin", edited: false, autoquit: true))
        // --edited: Edit and Run's copy; without it, a plugin from elsewhere run apart from the launcher.
        XCTAssertEqual(
            parseCommandLine(["--edited", "--run-plugin=/w/m.plugin"]),
            .runPlugin(manifestPath: "/w/m.plugin", edited: true, autoquit: false))
        guard case .usageError(let alone) = parseCommandLine(["--run=say-hello", "--edited"]) else {
            return XCTFail("--edited without --run-plugin")
        }
        XCTAssertTrue(alone.contains("--run-plugin only"), alone)
        guard case .usageError = parseCommandLine(["--run-plugin="]) else { return XCTFail("an empty manifest path") }
        guard case .usageError = parseCommandLine(["--run-plugin=/a", "--run=say-hello"]) else {
            return XCTFail("with --run")
        }
        guard case .usageError = parseCommandLine(["--run-plugin=/a", "--list"]) else { return XCTFail("with --list") }
    }

    func testTheToolchainIsFoundOnThePathOrNamed() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("swift-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        XCTAssertNil(SwiftToolchain.find(override: nil, searchPath: folder))
        let swiftc = FileSystem.join(folder, "swiftc")
        try FileSystem.writeAtomically("#!/bin/sh\n", to: swiftc)
        XCTAssertNil(SwiftToolchain.find(override: nil, searchPath: "/nonexistent:" + folder), "not executable")
        chmod(swiftc, 0o755)
        XCTAssertEqual(SwiftToolchain.find(override: nil, searchPath: "/nonexistent:" + folder), swiftc)
        XCTAssertEqual(SwiftToolchain.find(override: swiftc, searchPath: ""), swiftc)
        XCTAssertNil(
            SwiftToolchain.find(override: "/nonexistent/swiftc", searchPath: folder),
            "a named compiler that is not there")
        XCTAssertEqual(
            SwiftToolchain.versionLine("warning: x\nSwift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64\n"),
            "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
    }

    func testTheSDKIsFoundInAnInstalledPrefixAndMissingHeadersAreNamed() throws {
        let prefix = try XCTUnwrap(FileSystem.makeTemporaryDirectory("prefix-XXXXXX"))
        defer { FileSystem.removeTree(prefix) }
        let sdkRoot = FileSystem.join(prefix, "lib/demo-shell/sdk")
        for folder in [
            "bin", "lib/demo-shell/sdk/modules", "lib/demo-shell/sdk/include", "share/demo-shell/sources",
            "share/demo-shell/modules", "headers/gtk",
        ] {
            try FileSystem.makeDirectory(FileSystem.join(prefix, folder))
        }
        try FileSystem.writeAtomically("", to: FileSystem.join(prefix, "lib/demo-shell/libDemoKit.so"))
        try FileSystem.writeAtomically("", to: FileSystem.join(sdkRoot, "modules/DemoKit.swiftmodule"))
        try FileSystem.writeAtomically("-I\(prefix)/headers -pthread\n", to: FileSystem.join(sdkRoot, "cflags"))
        let paths = ShellPaths(
            executableDirectory: FileSystem.join(prefix, "bin"), localeDirectory: "",
            resourcesDirectory: FileSystem.join(prefix, "share/demo-shell/resources"),
            sourcesDirectory: FileSystem.join(prefix, "share/demo-shell/sources"), iconsDirectory: nil)
        XCTAssertEqual(EditSDK.locate(paths: paths), .failure(.headersMissing("gtk/gtk.h")), "no libgtk-3-dev")
        try FileSystem.writeAtomically("", to: FileSystem.join(prefix, "headers/gtk/gtk.h"))
        let sdk = try EditSDK.locate(paths: paths).get()
        XCTAssertEqual(sdk.modulesDirectory, FileSystem.join(sdkRoot, "modules"))
        XCTAssertEqual(sdk.includeDirectory, FileSystem.join(sdkRoot, "include"))
        XCTAssertEqual(sdk.libraryDirectory, FileSystem.join(prefix, "lib/demo-shell"))
        XCTAssertEqual(sdk.sharedModulesDirectory, FileSystem.join(prefix, "share/demo-shell/modules"))
        XCTAssertEqual(sdk.cFlags, ["-I\(prefix)/headers", "-pthread"])
        FileSystem.removeTree(FileSystem.join(sdkRoot, "modules"))
        guard case .failure(.sdkMissing) = EditSDK.locate(paths: paths) else {
            return XCTFail("the modules are missing")
        }
    }
}
