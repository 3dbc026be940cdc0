import DemoShellKit
import PluginHost
import ShellModel
import Foundation
import TestSupport
import XCTest

/// `PluginRegistry.opening`: the one answer `Shell.openDemo` acts on. A
/// plugin from the shell's own folders loads in this process, the same
/// library found elsewhere runs in a process of its own (never loaded here),
/// a child process loads its plugin from elsewhere itself, and what cannot
/// be used fails with its reason.
@MainActor
final class PluginOpeningTests: GtkTestCase {
    private var folder = ""

    override func setUp() async throws {
        try await super.setUp()
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-opening-XXXXXX"))
        // Say Hello's very library, installed from elsewhere under another id.
        try FileManager.default.createSymbolicLink(
            atPath: FileSystem.join(folder, "libSayHello.so"),
            withDestinationPath: FileSystem.join(buildProductsDirectory, "libSayHello.so"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=hello-elsewhere\nModule=SayHello\nEntry=SayHelloDemo\nName=Hello Elsewhere\nABI=1\n",
            to: FileSystem.join(folder, "hello-elsewhere.plugin"))
        // A manifest whose library is missing.
        try FileSystem.writeAtomically(
            "[Plugin]\nId=ghost\nModule=Ghost\nName=Ghost\nABI=1\n",
            to: FileSystem.join(folder, "ghost.plugin"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
        try await super.tearDown()
    }

    private func makeRegistry() -> PluginRegistry { PluginRegistry(searchPath: [buildProductsDirectory, folder]) }

    func testABuiltInLoadsHereAndTheSameLibraryFromElsewhereRunsApart() async throws {
        let registry = makeRegistry()
        guard
            case .builtIn(let entry, let module) = registry.opening(
                id: "say-hello", ownFolders: [buildProductsDirectory])
        else {
            return XCTFail("a built-in opens in the launcher's process: \(registry.failures)")
        }
        XCTAssertEqual(entry.manifest.id, "say-hello")
        XCTAssertTrue(registry.isLoaded(id: "say-hello"))
        guard case .success(let loaded) = registry.module(id: "say-hello") else {
            return XCTFail("\(registry.failures)")
        }
        XCTAssertTrue(loaded === module, "the module loaded, not another")

        guard
            case .isolated(let elsewhere) = registry.opening(
                id: "hello-elsewhere", ownFolders: [buildProductsDirectory])
        else {
            return XCTFail("a plugin from elsewhere runs in a process of its own: \(registry.failures)")
        }
        XCTAssertEqual(elsewhere.manifestPath, FileSystem.join(folder, "hello-elsewhere.plugin"))
        XCTAssertFalse(registry.isLoaded(id: "hello-elsewhere"), "checked, never loaded here")
    }

    func testAChildProcessLoadsItsPluginFromElsewhereItself() async throws {
        let registry = makeRegistry()
        guard case .builtIn(let entry, _) = registry.opening(id: "hello-elsewhere", ownFolders: nil) else {
            return XCTFail("a child runs its plugin in its own process: \(registry.failures)")
        }
        XCTAssertEqual(entry.info.name, "Hello Elsewhere")
        XCTAssertTrue(registry.isLoaded(id: "hello-elsewhere"))
    }

    func testWhatCannotBeUsedFailsWithItsReason() async throws {
        let registry = makeRegistry()
        let ghost = try XCTUnwrap(registry.failure(id: "ghost"))
        guard case .failed(let failure) = registry.opening(id: "ghost", ownFolders: [buildProductsDirectory]) else {
            return XCTFail("a plugin without its library opened")
        }
        XCTAssertEqual(failure, ghost, "the registry's reason, not a new one")

        guard case .failed(let unknown) = registry.opening(id: "nobody", ownFolders: [buildProductsDirectory]) else {
            return XCTFail("an id no plugin has opened")
        }
        XCTAssertEqual(unknown.id, "nobody")
        XCTAssertTrue(unknown.reason.contains("no demo with the id"), unknown.reason)
        XCTAssertEqual(unknown.manifestPath, "", "no manifest to name")
    }
}
