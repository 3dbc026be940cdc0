import DemoShellKit
import DemoKitTesting
import PluginHost
import TestSupport
import XCTest

/// With larger text (GNOME's Large Text, `GDK_DPI_SCALE=1.5`)
/// every text of every demo grows with it. Story Builder's Generate Story
/// (15 px) and the calculator's display and keys (sized in pixels) kept
/// their size while the rest grew.
@MainActor
final class TextScaleTests: GtkTestCase {
    override func tearDown() async throws {
        Toolkit.setTextScale(nil)
        MainLoop.drain()
        try await super.tearDown()
    }

    /// Opens the demo at `scale` and gives each shown label's text height,
    /// by text (the first of equal texts), on every page.
    private func textHeights(_ id: String, scale: Double) throws -> [String: Int] {
        Toolkit.setTextScale(scale)
        MainLoop.drain()
        XCTAssertEqual(Toolkit.textScale, scale, accuracy: 0.01)
        let window = try openBuiltInDemo(id).window
        show(window)
        var heights: [String: Int] = [:]
        visitEveryPage(of: window) {
            // (Labels' fitted text is the demo of a font shrunk to fit the
            // width: wider than the window, it stays as wide at any scale.)
            for label in window.descendants.compactMap({ $0.as(Label.self) })
            where label.isMapped && !label.text.isEmpty && label.accessibleDescription != "Fitted text" {
                heights[label.text] = heights[label.text] ?? label.textPixelSize.height
            }
        }
        window.destroy()
        MainLoop.drain()
        return heights
    }

    func testEveryDemoTextGrowsWithTheTextScale() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        for id in registry.ids {
            let normal = try textHeights(id, scale: 1), large = try textHeights(id, scale: 1.5)
            var compared = 0
            for (text, height) in normal {
                guard let grown = large[text] else { continue }
                compared += 1
                XCTAssertGreaterThanOrEqual(
                    Double(grown), Double(height) * 1.3, "\(id): \"\(text)\" is \(height) px high, \(grown) px at 1.5×")
            }
            XCTAssertGreaterThan(compared, 0, "\(id): no text compared")
        }
    }

    /// The calculator's keys are pictures and its display a font fitted to
    /// them: the window opens as much larger as the text is.
    func testTheCalculatorOpensAsLargeAsTheText() async throws {
        var sizes: [(key: Int, display: Int)] = []
        for scale in [1.0, 1.5] {
            Toolkit.setTextScale(scale)
            MainLoop.drain()
            let window = try openBuiltInDemo("calculator").window
            show(window)
            let seven = try XCTUnwrap(window.find(Button.self, named: "7"))
            let display = try XCTUnwrap(
                window.descendants.compactMap { $0.as(Label.self) }.first { $0.accessibleDescription == "Result" })
            MainLoop.run(until: { seven.allocatedHeight > 1 })
            MainLoop.drain()
            sizes.append((seven.allocatedHeight, display.textPixelSize.height))
            window.destroy()
            MainLoop.drain()
        }
        XCTAssertGreaterThanOrEqual(Double(sizes[1].key), Double(sizes[0].key) * 1.4, "the keys: \(sizes)")
        XCTAssertGreaterThanOrEqual(Double(sizes[1].display), Double(sizes[0].display) * 1.4, "the display: \(sizes)")
    }
}
