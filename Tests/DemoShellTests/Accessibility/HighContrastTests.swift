import DemoShellKit
import DemoKitTesting
import PluginHost
import TestSupport
import XCTest

/// Under GNOME's HighContrast theme every text of every demo reads
/// at WCAG AA (4.5:1, 3:1 when large), dim captions included: a demo's own
/// tints and dimming give way to the theme's colours.
@MainActor
final class HighContrastTests: GtkTestCase {
    override func tearDown() async throws {
        Toolkit.setThemeName(nil)
        MainLoop.drain()
        try await super.tearDown()
    }

    func testEveryDemoTextReadsInHighContrast() async throws {
        Toolkit.setThemeName("HighContrast")
        MainLoop.drain()
        XCTAssertEqual(ThemeVariant.themeName, "HighContrast")
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        for id in registry.ids {
            let window = try openBuiltInDemo(id).window
            show(window)
            var found: [String] = []
            visitEveryPage(of: window) { found += problems(in: window, includingDimLabels: true) }
            XCTAssertEqual(found, [], "\(id) in HighContrast")
            window.destroy()
            MainLoop.drain()
        }
    }

    /// Story Builder's template and story, tinted red and green in other
    /// themes, are the theme's own field colour in HighContrast: the same
    /// as a plain text view's.
    func testStoryBuildersTintsGiveWayToTheTheme() async throws {
        func commonest(_ view: Widget) throws -> Pixel {
            let picture = try XCTUnwrap(view.snapshot())
            var counts: [Pixel: Int] = [:]
            for y in 0..<picture.height {
                for x in 0..<picture.width { if let p = picture.pixel(atX: x, y: y) { counts[p, default: 0] += 1 } }
            }
            return try XCTUnwrap(counts.max { $0.value < $1.value }?.key)
        }
        for theme in ["Adwaita", "HighContrast"] {
            Toolkit.setThemeName(theme)
            MainLoop.drain()
            let window = try openBuiltInDemo("story").window
            show(window)
            let plain = TextView(isEditable: true)
            let probe = Window(title: "Plain")
            probe.add(plain)
            show(probe)
            let field = try commonest(plain)
            for name in ["Template", "Story"] {
                let view = try XCTUnwrap(window.find(TextView.self, named: name), name)
                if theme == "HighContrast" {
                    XCTAssertEqual(try commonest(view), field, "\(name) in \(theme)")
                } else {
                    XCTAssertNotEqual(try commonest(view), field, "\(name) tinted in \(theme)")
                }
            }
            probe.destroy()
            window.destroy()
            MainLoop.drain()
        }
    }
}
