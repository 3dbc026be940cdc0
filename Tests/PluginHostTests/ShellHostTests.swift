import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// A demo names its own files without a folder prefix; the host
/// finds them in `Resources/ID/` for a built-in demo, beside the manifest for
/// a plugin from elsewhere.
final class ShellHostTests: XCTestCase {
    @MainActor
    func testADemoFindsItsOwnFilesInResourcesOrBesideItsManifest() async throws {
        let root = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let resources = FileSystem.join(root, "Resources"), plugins = FileSystem.join(root, "plugins")
        try FileSystem.makeDirectory(FileSystem.join(resources, "shipped"))
        try FileSystem.makeDirectory(plugins)
        for id in ["shipped", "elsewhere"] {
            try FileSystem.writeAtomically(
                "[Plugin]\nId=\(id)\nModule=M\(id.count)\nName=N\nABI=1\n",
                to: FileSystem.join(plugins, "\(id).plugin"))
            try FileSystem.writeAtomically("", to: FileSystem.join(plugins, "libM\(id.count).so"))
        }
        func folder(_ id: String) throws -> String {
            let entry = try PluginEntry.read(
                manifestPath: FileSystem.join(plugins, "\(id).plugin"), searchDirectory: plugins
            ).get()
            return ShellHost.resourceFolder(of: entry, resourcesDirectory: resources)
        }
        XCTAssertEqual(try folder("shipped"), FileSystem.join(resources, "shipped"))
        XCTAssertEqual(try folder("elsewhere"), plugins)
    }
}
