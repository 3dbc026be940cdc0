import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// The SDK's ABI is checked against its committed baseline
/// (Sources/DemoKit/ABI/) by `scripts/sdk-abi`, which reads the built
/// interfaces with the toolchain's swift-api-digester: a change a plugin
/// would notice fails until the SDK's ABI version is bumped, naming the
/// declaration; what a plugin cannot notice passes.
final class SDKABITests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("sdk-abi-XXXXXX"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheBuiltSDKKeepsItsCommittedABI() throws {
        let (status, said) = try check(interfaces: FileSystem.join(buildProductsDirectory, "Modules"))
        XCTAssertEqual(status, 0, said)
        XCTAssertTrue(said.contains("keeps DEMOKIT_ABI_"), said)
    }

    /// A deliberately broken copy of the interfaces: a public method gone.
    func testARemovedPublicMethodFailsTheCheckAndIsNamed() throws {
        try copyInterfaces { module, text in
            module == "Gtk"
                ? try self.replacing("  @_Concurrency::MainActor public func showAll()\n", with: "", in: text) : text
        }
        let (status, said) = try check(interfaces: folder)
        XCTAssertEqual(status, 1, said)
        XCTAssertTrue(said.contains("Func Widget.showAll() has been removed"), said)
        XCTAssertTrue(said.contains("bump the SDK's ABI version"), said)
    }

    /// A new protocol requirement without a default breaks every plugin's
    /// conformance: refused too.
    func testANewRequirementOfDemoModuleFailsTheCheck() throws {
        try copyInterfaces { module, text in
            guard module == "DemoKit" else { return text }
            return try self.replacing(
                "  @_Concurrency::MainActor init()\n",
                with:
                    "  @_Concurrency::MainActor init()\n  @_Concurrency::MainActor var title: Swift::String { get }\n",
                in: text)
        }
        let (status, said) = try check(interfaces: folder)
        XCTAssertEqual(status, 1, said)
        XCTAssertTrue(said.contains("DemoModule"), said)
    }

    /// What a plugin cannot notice: a new public method, a new public type.
    func testAdditionsKeepTheABI() throws {
        try copyInterfaces { module, text in
            guard module == "Gtk" else { return text }
            return try self.replacing(
                "  @_Concurrency::MainActor public func showAll()\n",
                with:
                    "  @_Concurrency::MainActor public func showAll()\n  @_Concurrency::MainActor public func showAllTwice()\n",
                in: text) + "public struct Ruler {\n  public init()\n}\n"
        }
        let (status, said) = try check(interfaces: folder)
        XCTAssertEqual(status, 0, said)
    }

    /// A plugin compiles against the installed interfaces of DemoKit, Gtk
    /// and DemoBasics; the shell's own modules are not among them, so a
    /// plugin that imports one does not compile.
    func testAPluginSeesDemoKitButNotTheShellsModules() throws {
        let modules = FileSystem.join(folder, "sdk/modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        try copyInterfaces(to: modules) { _, text in text }
        func compile(_ source: String) throws -> (Int32, String) {
            let file = FileSystem.join(folder, "Plugin.swift")
            try FileSystem.writeAtomically(source, to: file)
            return try runCommand([
                "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Plugin", "-I", modules,
                "-module-cache-path", FileSystem.join(folder, "cache"), file,
            ])
        }
        let plugin =
            "@MainActor final class Demo: DemoModule {\n    func makeView(host: DemoHost) -> any DemoView { DemoWindow(title: \"Hi\", width: 200, height: 100) }\n}\n"
        let (seen, said) = try compile("import DemoKit\n" + plugin)
        XCTAssertEqual(seen, 0, "a plugin compiles against the installed interfaces alone: \(said)")
        for module in ["DemoShellKit", "ShellBasics"] {
            let (status, error) = try compile("import DemoKit\nimport \(module)\n" + plugin)
            XCTAssertNotEqual(status, 0, "\(module) is the shell's")
            XCTAssertTrue(error.contains("no such module '\(module)'"), error)
        }
    }

    // MARK: Helpers

    private func copyInterfaces(to destination: String? = nil, changing change: (String, String) throws -> String)
        throws
    {
        for module in ["DemoBasics", "Gtk", "DemoKit"] {
            let source = FileSystem.join(buildProductsDirectory, "Modules", "\(module).swiftinterface")
            let text = try XCTUnwrap(FileSystem.read(source), source)
            try FileSystem.writeAtomically(
                try change(module, text), to: FileSystem.join(destination ?? folder, "\(module).swiftinterface"))
        }
    }

    private func replacing(_ old: String, with new: String, in text: String) throws -> String {
        XCTAssertTrue(text.contains(old), "the interface no longer has \(old.debugDescription)")
        return text.replacingOccurrences(of: old, with: new)
    }

    private func check(interfaces: String) throws -> (Int32, String) {
        try runCommand([FileSystem.join(packageRoot, "scripts/sdk-abi"), "--check", "--interfaces", interfaces])
    }
}
