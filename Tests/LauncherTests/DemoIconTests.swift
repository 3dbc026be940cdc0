import DemoShellKit
import DemoKitTesting
@testable import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// A manifest's Icon: a themed name or a picture under Resources/ (DemoIcon).
@MainActor
final class DemoIconTests: GtkTestCase {
    func testTheLauncherRowShowsTheCalculatorsOwnIcon() async throws {
        XCTAssertTrue(DemoIcon.isPicture("calculator/icon.png"))
        XCTAssertFalse(DemoIcon.isPicture("face-smile-symbolic"))
        XCTAssertFalse(DemoIcon.isPicture("../secret.png"))
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertEqual(registry.entry(id: "calculator")?.info.iconName, "calculator/icon.png")
        XCTAssertEqual(registry.entry(id: "calculator")?.info.category, "Utilities")
    }

    /// A plugin's picture icon is found in its own folder; one
    /// that cannot be loaded leaves the generic icon and is warned of on
    /// its Info page, never a broken image; a manifest's absolute path is
    /// never read.
    func testAPluginsOwnPictureIconAndOneThatCannotBeShown() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        let library = FileSystem.join(buildProductsDirectory, "libSayHello.so")
        let svg = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, "Resources/say-hello/icon.svg")))
        for (id, icon) in [
            ("tip", "tip.svg"), ("torn", "torn.svg"), ("gone", "pictures/gone.png"), ("abs", "/etc/x.png"),
        ] {
            let plugin = FileSystem.join(folder, id)
            try FileSystem.makeDirectory(plugin)
            XCTAssertEqual(symlink(library, FileSystem.join(plugin, "libSayHello.so")), 0)
            try FileSystem.writeAtomically(
                "[Plugin]\nId=\(id)\nModule=SayHello\nEntry=SayHelloDemo\nName=\(id)\nIcon=\(icon)\nABI=1\n",
                to: FileSystem.join(plugin, "\(id).plugin"))
        }
        try FileSystem.writeAtomically(svg, to: FileSystem.join(folder, "tip", "tip.svg"))
        try FileSystem.writeAtomically("<svg not really", to: FileSystem.join(folder, "torn", "torn.svg"))
        let registry = PluginRegistry(searchPath: [folder])
        XCTAssertEqual(registry.entry(id: "tip")?.info.iconName, FileSystem.join(folder, "tip", "tip.svg"))
        XCTAssertEqual(registry.entry(id: "gone")?.info.iconName, "pictures/gone.png")
        XCTAssertEqual(registry.entry(id: "abs")?.info.iconName, "application-x-executable-symbolic")

        let resources = ShellPaths.current().resourcesDirectory
        let image = Image(iconName: "face-smile-symbolic", pixelSize: 48)
        for id in ["tip", "torn", "gone"] {
            let icon = try XCTUnwrap(registry.entry(id: id)?.info.iconName)
            let problem = DemoIcon.show(icon, in: image, pixelSize: 48, resourcesDirectory: resources)
            if id == "tip" {
                XCTAssertNil(problem)
            } else {
                let said = try XCTUnwrap(problem, "\(id) is warned of")
                XCTAssertTrue(
                    said.hasPrefix("The icon \u{2068}\(FileSystem.basename(icon))\u{2069} cannot be shown: "), said)
            }
        }
    }
}
