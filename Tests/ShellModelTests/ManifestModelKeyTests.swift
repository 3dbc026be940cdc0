import DemoBasics
import ShellBasics
import ShellModel
import XCTest

/// The manifest's `Model` key: the Swift module of a plugin's `Model/`, as
/// its own `Package.swift` names it, read once here and used by Export and
/// by a copy (Save as New Demo, Import), without a display.
final class ManifestModelKeyTests: XCTestCase {
    private let sdk = EditSDK(
        modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
        sharedModulesDirectory: "/sdk/shared", cFlags: [], compilerVersion: "Swift version 6.3.1", identity: "abc")

    private func parse(_ extra: [String: String]) -> Result<PluginManifest, PluginManifest.Problem> {
        let keys = ["Id": "tip", "Module": "Tip", "Entry": "TipDemo", "Name": "Tip", "ABI": "1"].merging(extra) { $1 }
        return PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] })
    }

    func testTheModelModuleIsTheManifestsOrTheRulesName() throws {
        XCTAssertEqual(try parse([:]).get().modelModule, "TipModel", "every manifest without the key keeps working")
        XCTAssertEqual(try parse(["Module": "libTip.so"]).get().modelModule, "TipModel")
        XCTAssertEqual(try parse(["Model": " TipRules "]).get().modelModule, "TipRules")
        XCTAssertEqual(try parse(["Model": ""]).get().modelModule, "TipModel")
        for bad in ["Tip Rules", "../TipRules", "Tip.Rules", "9Rules", "Tip", "TipRules # the rules"] {
            XCTAssertEqual(parse(["Model": bad]), .failure(.invalidModel(bad)), bad)
        }
        let said = PluginManifest.Problem.invalidModel("TipRules # the rules").description
        XCTAssertTrue(said.contains("Model=TipRules"), said)
        XCTAssertTrue(said.contains("\u{2068}TipRules # the rules\u{2069}"), "isolated: \(said)")
    }

    func testAnExportNamesTheModelTargetAsTheManifestDoes() throws {
        let manifest = try parse(["Model": "TipRules", "Sources": "Model/TipRules.swift;Plugin/TipView.swift"]).get()
        let files = [
            "manifest.plugin": "[Plugin]\nModel=TipRules\n", "Model/TipRules.swift": "public struct TipRules {}\n",
            "Plugin/TipView.swift": "import DemoKit\nimport TipRules\n",
            "Tests/TipRulesTests.swift": "import TipRules\n",
        ]
        let package = try XCTUnwrap(
            DemoExportPlan.make(manifest: manifest, files: files, shared: [:], sdk: sdk).files["Package.swift"])
        XCTAssertTrue(package.contains(".target(name: \"TipRules\", dependencies: [], path: \"Model\""), package)
        XCTAssertTrue(
            package.contains(".target(name: \"Tip\", dependencies: [\"TipRules\"], path: \"Plugin\""), package)
        XCTAssertTrue(package.contains(".testTarget(name: \"TipRulesTests\", dependencies: [\"TipRules\"]"), package)
        XCTAssertFalse(package.contains("TipModel"), package)
    }

    /// A copy follows the demos' rule: the model named by the key becomes
    /// the new `MODULEModel` in code and file names, the key goes, prose stays.
    func testACopyRenamesTheManifestsModelToTheRulesName() throws {
        let demo = DemoIdentity(name: "Tip Two", id: "tip-two", module: "Tip2")
        let copy = DemoTemplate.copy(
            of: [
                "manifest.plugin":
                    "[Plugin]\nId=tip\nModule=Tip\nModel=TipRules\nEntry=TipDemo\nName=Tip\nABI=1\n"
                    + "Sources=Model/TipRules.swift;Plugin/TipView.swift\n",
                "Model/TipRules.swift":
                    "/// TipRules keep the rules.\npublic struct TipRules { let tip = TipRate() }\n",
                "Plugin/TipView.swift": "import DemoKit\nimport TipRules\nfinal class TipDemo {}\n",
            ], oldModule: "Tip", oldModel: "TipRules", as: demo)
        XCTAssertEqual(
            copy.keys.sorted(), ["Model/Tip2Model.swift", "Plugin/Tip2View.swift", "manifest.plugin"])
        XCTAssertEqual(
            copy["Model/Tip2Model.swift"],
            "/// TipRules keep the rules.\npublic struct Tip2Model { let tip = Tip2Rate() }\n")
        XCTAssertEqual(copy["Plugin/Tip2View.swift"], "import DemoKit\nimport Tip2Model\nfinal class Tip2Demo {}\n")
        let manifest = try XCTUnwrap(copy["manifest.plugin"])
        XCTAssertFalse(manifest.contains("Model="), manifest)
        XCTAssertTrue(manifest.contains("Sources=Model/Tip2Model.swift;Plugin/Tip2View.swift"), manifest)
        XCTAssertEqual(try DemoFilesParse.manifest(manifest).modelModule, demo.modelModule)
    }
}

/// The copy's manifest read back as the shell reads a key file's lines.
private enum DemoFilesParse {
    static func manifest(_ text: String) throws -> PluginManifest {
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { keys[parts[0]] = parts[1] }
        }
        return try PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] }).get()
    }
}
