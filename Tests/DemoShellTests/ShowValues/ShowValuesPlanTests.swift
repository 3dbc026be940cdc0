@_spi(Shell) import DemoKit
@testable import PluginHost
@testable import ShellModel
import XCTest

/// The build plan with Show Values on and off: off, it is exactly the plan
/// Edit and Run made before Show Values existed (same arguments, same key).
final class ShowValuesPlanTests: XCTestCase {
    private let sdk = EditSDK(modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
                              sharedModulesDirectory: "/nonexistent/modules", cFlags: ["-I/usr/include/gtk-3.0"],
                              compilerVersion: "Swift version 6.3.1", identity: "abc")
    private let model = EditBuildPlan.Input(relativePath: "Model/SayHelloModel.swift", text: "public struct M {}\n")
    private let view = EditBuildPlan.Input(relativePath: "Plugin/SayHelloView.swift", text: "import DemoKit\nimport SayHelloModel\n")

    private func plan() throws -> EditBuildPlan {
        let manifest = try PluginEntry.read(manifestPath: FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin"),
                                            searchDirectory: buildProductsDirectory).get().manifest
        return EditBuildPlan.make(compiler: "/usr/bin/swiftc", sdk: sdk, manifest: manifest, manifestText: "[Plugin]\n",
                                  inputs: [model, view], workspace: EditWorkspace(demoID: "say-hello", editsDirectory: "/edits"),
                                  sharedBuilds: "/cache/shared", moduleCache: "/cache/modules")
    }

    private static func text(of plan: EditBuildPlan) -> String {
        ([plan.key, plan.directory, plan.modelDirectory ?? "-", plan.libraryPath, plan.manifestPath]
            + plan.steps.map { ([$0.module, $0.output, $0.diagnosticsPath] + $0.arguments).joined(separator: " ") })
            .joined(separator: "\n")
    }

    func testRecord() throws {
        print("PLAN-BEGIN\n" + Self.text(of: try plan()) + "\nPLAN-END")
    }
}
