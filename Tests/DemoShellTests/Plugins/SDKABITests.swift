import DemoShellKit
import Foundation
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
            module == "Gtk" ? try self.replacing("  @_Concurrency::MainActor public func showAll()\n", with: "", in: text) : text
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
            return try self.replacing("  @_Concurrency::MainActor init()\n",
                                      with: "  @_Concurrency::MainActor init()\n  @_Concurrency::MainActor var title: Swift::String { get }\n", in: text)
        }
        let (status, said) = try check(interfaces: folder)
        XCTAssertEqual(status, 1, said)
        XCTAssertTrue(said.contains("DemoModule"), said)
    }

    /// What a plugin cannot notice: a new public method, a new public type.
    func testAdditionsKeepTheABI() throws {
        try copyInterfaces { module, text in
            guard module == "Gtk" else { return text }
            return try self.replacing("  @_Concurrency::MainActor public func showAll()\n",
                                      with: "  @_Concurrency::MainActor public func showAll()\n  @_Concurrency::MainActor public func showAllTwice()\n",
                                      in: text) + "public struct Ruler {\n  public init()\n}\n"
        }
        let (status, said) = try check(interfaces: folder)
        XCTAssertEqual(status, 0, said)
    }

    // MARK: Helpers

    private func copyInterfaces(changing change: (String, String) throws -> String) throws {
        for module in ["DemoBasics", "Gtk", "DemoKit"] {
            let source = FileSystem.join(buildProductsDirectory, "Modules", "\(module).swiftinterface")
            let text = try XCTUnwrap(FileSystem.read(source), source)
            try FileSystem.writeAtomically(try change(module, text), to: FileSystem.join(folder, "\(module).swiftinterface"))
        }
    }

    private func replacing(_ old: String, with new: String, in text: String) throws -> String {
        XCTAssertTrue(text.contains(old), "the interface no longer has \(old.debugDescription)")
        return text.replacingOccurrences(of: old, with: new)
    }

    private func check(interfaces: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FileSystem.join(packageRoot, "scripts/sdk-abi"))
        process.arguments = ["--check", "--interfaces", interfaces]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }
}
