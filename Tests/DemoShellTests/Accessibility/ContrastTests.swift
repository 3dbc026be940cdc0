import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// WCAG 2 contrast of rendered text: the ratio of the relative luminances of
/// the text's colour and its background, both read from the pixels on
/// screen, at least 4.5:1 (3:1 for large text: 18 pt, or 14 pt bold).
@MainActor
enum Contrast {
    static func luminance(_ pixel: Pixel) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(pixel.red) + 0.7152 * channel(pixel.green) + 0.0722 * channel(pixel.blue)
    }

    static func ratio(_ a: Pixel, _ b: Pixel) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// The background (the commonest colour) and the text colour (the
    /// colour furthest from it that covers at least a few whole pixels, so
    /// that a stray antialiased pixel does not count) of a rendered label.
    static func measure(_ image: Pixbuf) -> (background: Pixel, text: Pixel, ratio: Double)? {
        var counts: [Pixel: Int] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard var pixel = image.pixel(atX: x, y: y) else { continue }
                pixel.alpha = 255
                counts[pixel, default: 0] += 1
            }
        }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        let ink = counts.filter { $0.value >= 3 && $0.key != background }
            .max { ratio($0.key, background) < ratio($1.key, background) }?.key
        guard let ink else { return nil }
        return (background, ink, ratio(ink, background))
    }
}

/// Text contrast in light and dark themes, on every page of every demo.
@MainActor
final class ContrastTests: GtkTestCase {
    override func tearDown() async throws {
        Toolkit.setPrefersDarkTheme(false)
        try await super.tearDown()
    }

    func testTheFormulaMatchesWCAG() async {
        XCTAssertEqual(
            Contrast.ratio(Pixel(red: 0, green: 0, blue: 0), Pixel(red: 255, green: 255, blue: 255)), 21, accuracy: 0.01
        )
        // The original "Touch Me": #c01c28 on #c0bfbc, 3.3:1.
        XCTAssertEqual(
            Contrast.ratio(Pixel(red: 0xc0, green: 0x1c, blue: 0x28), Pixel(red: 0xc0, green: 0xbf, blue: 0xbc)), 3.3,
            accuracy: 0.05)
    }

    func testTheMeasureFindsLowContrastText() async throws {
        let window = Window(title: "Contrast")
        let label = Label("Grey on grey")
        label.applyStyle("label { background-color: #c0bfbc; color: #9a9996; padding: 8px; }")
        window.add(label)
        show(window)
        let measured = try XCTUnwrap(Contrast.measure(try XCTUnwrap(label.snapshot())))
        XCTAssertEqual(measured.background, Pixel(red: 0xc0, green: 0xbf, blue: 0xbc))
        XCTAssertEqual(measured.text, Pixel(red: 0x9a, green: 0x99, blue: 0x96))
        XCTAssertEqual(problems(in: window), ["Grey on grey: 1.5:1 (#9a9996 on #c0bfbc)"])
    }

    func testEveryDemoTextReadsInLightAndDarkThemes() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertGreaterThanOrEqual(registry.ids.count, 9)
        for dark in [false, true] {
            Toolkit.setPrefersDarkTheme(dark)
            for id in registry.ids {
                let window = try openBuiltInDemo(id).window
                show(window)
                var found: [String] = []
                visitEveryPage(of: window) { found += problems(in: window) }
                XCTAssertEqual(found, [], "\(id), \(dark ? "dark" : "light") theme")
                window.destroy()
                MainLoop.drain()
            }
        }
    }
}

extension GtkTestCase {
    /// Labels whose rendered text is below 4.5:1 (3:1 when large).
    /// `includingDimLabels`: Adwaita's dim labels are measured too (in
    /// HighContrast, where nothing may be dimmed below AA).
    func problems(in window: Window, includingDimLabels: Bool = false) -> [String] {
        window.descendants.compactMap { widget -> String? in
            guard let label = widget.as(Label.self), label.isMapped, label.isSensitive,
                !label.text.trimmingCharacters(in: .whitespaces).isEmpty,
                !isThemeDrawn(label, includingDimLabels: includingDimLabels)
            else { return nil }
            // Shown text that cannot be read from the screen is a failure, not a pass.
            guard let image = label.snapshot(), let measured = Contrast.measure(image) else {
                return "\(label.text): no text drawn"
            }
            let required = isLarge(label) ? 3.0 : 4.5
            guard measured.ratio < required else { return nil }
            return
                "\(label.text): \(String(format: "%.1f", measured.ratio)):1 (\(hex(measured.text)) on \(hex(measured.background)))"
        }
    }

    /// Text whose colours are the theme's own choice, not the demo's:
    /// Adwaita's dim labels (3.2:1 light, 4.4:1 dark) and suggested-action
    /// buttons (white on blue, 4.2:1), and disabled widgets (WCAG exempts
    /// them). Text in a scrolled list is left out too: a row scrolled out of
    /// view has no pixels of its own to read.
    private func isThemeDrawn(_ label: Label, includingDimLabels: Bool) -> Bool {
        var widget: Widget? = label
        while let current = widget {
            if !current.isSensitive || (current.hasStyleClass("dim-label") && !includingDimLabels)
                || current.hasStyleClass("suggested-action")
                || current.typeName == "GtkScrolledWindow"
            {
                return true
            }
            widget = current.parent
        }
        return false
    }

    /// 18 pt (24 px) or more, or 14 pt (18.7 px) bold: one line's height
    /// in pixels is about 1.2 times the font size.
    private func isLarge(_ label: Label) -> Bool {
        let lineHeight = Double(label.textPixelSize.height) / Double(max(1, label.text.split(separator: "\n").count))
        return lineHeight >= 24 * 1.15
    }

    private func hex(_ pixel: Pixel) -> String {
        "#" + [pixel.red, pixel.green, pixel.blue].map { String(format: "%02x", $0) }.joined()
    }

    /// Runs `body` once on every combination of pages the window's stacks
    /// show (the list, label and button pages of Swift Controls; both sides
    /// of the Password Generator), each page drawn before `body` runs.
    func visitEveryPage(of window: Window, _ body: () -> Void) {
        body()
        let stacks = window.descendants.compactMap { $0.as(Stack.self) }
        for stack in stacks {
            let original = stack.visiblePage
            for page in stack.children where page !== original {
                stack.showImmediately(page)
                MainLoop.run(until: { page.isMapped }, timeout: 2)
                // Drawn, not only mapped: the frame clock paints on its next tick.
                MainLoop.run(until: { false }, timeout: 0.15)
                MainLoop.drain()
                body()
            }
            if let original { stack.showImmediately(original) }
            MainLoop.drain()
        }
    }
}
