import Foundation
import TestSupport
import XCTest

/// The host's layers are targets, so the compiler already refuses a call
/// into a layer a target does not depend on; these rules keep the manifest
/// and the imports from undoing that: dependencies point one way
/// (Launcher → PluginHost → EditRunModel → ShellModel), and the models
/// see no GTK.
final class ShellLayerRulesTests: XCTestCase {
    /// What each layer may import, besides the standard library. Wire (the
    /// processes' framing) is GTK-free and below every layer.
    private let allowed: [String: Set<String>] = [
        "Model": ["DemoBasics", "ShellBasics", "TextBounds", "Glibc", "Wire"],
        "EditRunModel": ["ShellModel", "DemoBasics", "ShellBasics", "TextBounds", "Glibc", "Wire"],
        // CCompileServer: SourceKit's declarations, for the compile server's loop.
        "PluginHost": [
            "EditRunModel", "ShellModel", "DemoShellKit", "DemoKit", "DemoBasics", "ShellBasics", "TextBounds", "Glibc",
            "Wire", "CCompileServer",
        ],
        "Launcher": [
            "PluginHost", "EditRunModel", "ShellModel", "DemoShellKit", "DemoKit", "DemoBasics", "ShellBasics",
            "TextBounds", "Glibc", "Wire",
        ],
    ]

    func testEachLayerImportsOnlyTheLayersBelowIt() throws {
        var offenders: [String] = [], files = 0
        for (layer, modules) in allowed {
            let folder = packageRoot + "/Sources/Shell/" + layer
            for name in try swiftFiles(under: folder) {
                files += 1
                for module in try imports(in: folder + "/" + name) where !modules.contains(module) {
                    offenders.append("\(layer)/\(name) imports \(module)")
                }
            }
        }
        XCTAssertGreaterThan(files, 55, "the shell's files were found")
        XCTAssertEqual(offenders, [])
    }

    /// The manifest says the same: a target depends only on the layers below.
    func testThePackageManifestKeepsTheLayersInOrder() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        func dependencies(of target: String) -> String? {
            guard let start = manifest.range(of: "name: \"\(target)\",") else { return nil }
            let rest = manifest[start.upperBound...]
            guard let line = rest.split(separator: "\n").first(where: { $0.contains("dependencies:") }) else {
                return nil
            }
            return String(line)
        }
        let model = try XCTUnwrap(dependencies(of: "ShellModel"))
        let editRun = try XCTUnwrap(dependencies(of: "EditRunModel"))
        let host = try XCTUnwrap(dependencies(of: "PluginHost"))
        XCTAssertFalse(
            model.contains("PluginHost") || model.contains("\"Launcher\"") || model.contains("EditRunModel"), model)
        XCTAssertFalse(editRun.contains("PluginHost") || editRun.contains("\"Launcher\""), editRun)
        XCTAssertFalse(host.contains("\"Launcher\""), host)
        XCTAssertTrue(manifest.contains("path: \"Sources/Shell/Model\""))
        XCTAssertTrue(manifest.contains("path: \"Sources/Shell/EditRunModel\""))
        XCTAssertTrue(manifest.contains("path: \"Sources/Shell/PluginHost\""))
        XCTAssertTrue(manifest.contains("path: \"Sources/Shell/Launcher\""))
    }

    /// The module names of a file's `import` lines (`@testable`, `@_spi(…)`
    /// and access levels included): top-level, so never indented (an
    /// indented "import" is text, such as a script a string holds).
    private func imports(in path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != " ", first != "\t" else { return nil }
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({
                    $0.hasPrefix("@") || ["public", "package", "internal", "private"].contains($0)
                })
            else { return nil }
            return String(words[index + 1])
        }
    }

    private func swiftFiles(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    }
}
