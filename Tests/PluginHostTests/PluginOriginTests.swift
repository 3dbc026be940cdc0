import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Which plugins are the shell's own (they run in its process) and
/// which come from elsewhere (each runs in a process of its own). No display.
final class PluginOriginTests: XCTestCase {
    @MainActor
    func testTheOwnFoldersAreTheBuiltInDemosFoldersAndEndTheSearchPath() async {
        XCTAssertEqual(
            PluginOrigin.ownFolders(executableDirectory: "/usr/bin"), ["/usr/bin", "/usr/lib/demo-shell/plugins"])
        XCTAssertEqual(
            PluginOrigin.ownFolders(executableDirectory: "/home/me/demo-shell/.build/debug"),
            ["/home/me/demo-shell/.build/debug", "/home/me/demo-shell/.build/lib/demo-shell/plugins"])
        XCTAssertEqual(PluginOrigin.ownFolders(executableDirectory: nil), [])

        let saved = (Environment.value("DEMO_SHELL_PLUGIN_PATH"), Environment.value("XDG_DATA_HOME"))
        defer {
            Environment.set("DEMO_SHELL_PLUGIN_PATH", saved.0)
            Environment.set("XDG_DATA_HOME", saved.1)
        }
        Environment.set("DEMO_SHELL_PLUGIN_PATH", "/opt/more:/srv/plugins")
        Environment.set("XDG_DATA_HOME", "/home/me/.local/share")
        let own = PluginOrigin.ownFolders(executableDirectory: "/usr/bin")
        let origins = PluginRegistry.defaultSearchPath(executableDirectory: "/usr/bin").map {
            "\($0) \(PluginOrigin.of(searchDirectory: $0, ownFolders: own))"
        }
        XCTAssertEqual(
            origins,
            [
                "/opt/more elsewhere", "/srv/plugins elsewhere",
                "/home/me/.local/share/demo-shell/plugins elsewhere",
                "/usr/bin shell", "/usr/lib/demo-shell/plugins shell",
            ])
    }

    func testAFolderIsOwnOnlyWhenItIsAnOwnFolderItself() throws {
        let own = ["/usr/bin", "/usr/lib/demo-shell/plugins"]
        XCTAssertEqual(PluginOrigin.of(searchDirectory: "/usr/lib/demo-shell/plugins/", ownFolders: own), .shell)
        XCTAssertEqual(
            PluginOrigin.of(searchDirectory: "/usr/lib/demo-shell/plugins/extra", ownFolders: own), .elsewhere,
            "a folder inside an own folder is not one")
        XCTAssertEqual(PluginOrigin.of(searchDirectory: "/usr/lib/demo-shell", ownFolders: own), .elsewhere)
        XCTAssertEqual(PluginOrigin.of(searchDirectory: "/usr/lib/demo-shell/plugins", ownFolders: []), .elsewhere)

        // A link to an own folder is that folder; a copy of it is not.
        let root = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-origin-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shipped = FileSystem.join(root, "shipped"), copy = FileSystem.join(root, "copy"),
            link = FileSystem.join(root, "link")
        try FileSystem.makeDirectory(shipped)
        try FileSystem.makeDirectory(copy)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shipped)
        XCTAssertEqual(PluginOrigin.of(searchDirectory: link, ownFolders: [shipped]), .shell)
        XCTAssertEqual(PluginOrigin.of(searchDirectory: shipped, ownFolders: [link + "/"]), .shell)
        XCTAssertEqual(PluginOrigin.of(searchDirectory: copy, ownFolders: [shipped]), .elsewhere)
    }

    @MainActor
    func testEveryBuiltInDemoOfTheBuildIsTheShellsOwnAndRemembersWhereItWasFound() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-origin-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: FileSystem.join(folder, "libSayHello.so"),
            withDestinationPath: FileSystem.join(buildProductsDirectory, "libSayHello.so"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=hello-elsewhere\nModule=SayHello\nEntry=SayHelloDemo\nName=Hello Elsewhere\nABI=1\n",
            to: FileSystem.join(folder, "hello-elsewhere.plugin"))
        let registry = PluginRegistry(searchPath: [folder, buildProductsDirectory])
        let own = PluginOrigin.ownFolders(executableDirectory: buildProductsDirectory)
        let origins = Dictionary(
            uniqueKeysWithValues: registry.entries.map {
                ($0.manifest.id, PluginOrigin.of(searchDirectory: $0.searchDirectory, ownFolders: own))
            })
        XCTAssertEqual(origins["hello-elsewhere"], .elsewhere, "the same library from another folder")
        XCTAssertEqual(origins.filter { $0.value == .shell }.count, 9, "\(origins)")
        // The built-ins' manifests are in the data bundle; they were found in the build folder.
        let sayHello = try XCTUnwrap(registry.entry(id: "say-hello"))
        XCTAssertTrue(sayHello.manifestPath.contains("_DemoShellData.resources/plugins/"), sayHello.manifestPath)
        XCTAssertEqual(sayHello.searchDirectory, buildProductsDirectory)
        XCTAssertEqual(
            PluginEntry.searchDirectory(ofManifest: sayHello.manifestPath), buildProductsDirectory,
            "--run-plugin finds a bundle's manifest where the search found it")
        XCTAssertEqual(PluginEntry.searchDirectory(ofManifest: "/opt/hello/hello.plugin"), "/opt/hello")
    }
}
