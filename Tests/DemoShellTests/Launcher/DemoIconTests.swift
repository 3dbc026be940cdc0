import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import XCTest

/// A manifest's Icon: a themed name or a picture under Resources/ (DemoIcon).
@MainActor
final class DemoIconTests: GtkTestCase {
    func testTheLauncherRowShowsTheCalculatorsOwnIcon() async throws {
        XCTAssertTrue(DemoIcon.isPicture("calculator/icon.png"))
        XCTAssertFalse(DemoIcon.isPicture("face-smile-symbolic"))
        XCTAssertFalse(DemoIcon.isPicture("/etc/passwd.png"), "only pictures under Resources/")
        XCTAssertFalse(DemoIcon.isPicture("../secret.png"))
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertEqual(registry.entry(id: "calculator")?.info.iconName, "calculator/icon.png")
        XCTAssertEqual(registry.entry(id: "calculator")?.info.category, "Utilities")
    }
}
