import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// Every interactive widget of every built-in demo has an accessible name:
/// screen readers and these tests find widgets by it. A new demo is covered
/// as soon as its plugin is built. (The launcher's own audit is in LauncherTests.)
@MainActor
final class AccessibilityTests: GtkTestCase {
    func testEveryBuiltInDemoNamesItsControls() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertGreaterThanOrEqual(registry.ids.count, 6)
        XCTAssertTrue(registry.ids.contains("story") && registry.ids.contains("guess-number"))
        for id in registry.ids {
            let window = try openBuiltInDemo(id).window
            show(window)
            // Every page of every stack: Swift Controls' label and button
            // pages, the Password Generator's back side.
            var pages = 0
            visitEveryPage(of: window) {
                pages += 1
                XCTAssertEqual(
                    unnamedControls(in: window), [], "\(id), page \(pages), has controls without an accessible name")
            }
            window.destroy()
        }
    }

    func testTheAuditCatchesAnUnnamedControl() async {
        let window = Window(title: "Audit")
        let box = Box(.vertical)
        let named = Button(label: "Named")
        let unnamed = Button()
        unnamed.setImage(Image(iconName: "applications-engineering-symbolic"))
        box.append(named)
        box.append(unnamed)
        window.add(box)
        show(window)
        XCTAssertEqual(unnamedControls(in: window), ["GtkButton"])
        unnamed.accessibleName = "Copy"
        XCTAssertEqual(unnamedControls(in: window), [])
    }
}
