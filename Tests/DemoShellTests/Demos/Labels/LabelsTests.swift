import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Labels, opened through the real plugin loader.
@MainActor
final class LabelsTests: GtkTestCase {
    private var window: Window!

    private func open() throws -> Stack {
        window = try openBuiltInDemo("labels").window
        show(window)
        let stack = window.descendants.first { $0.typeName == "GtkStack" }
        return try XCTUnwrap(try XCTUnwrap(stack).as(Stack.self))
    }

    /// Shows a page and waits until `widget` on it has been given its size.
    private func showPage(_ name: String, of stack: Stack, until widget: @escaping () throws -> Widget) rethrows {
        stack.visiblePageName = name
        MainLoop.run(until: { ((try? widget())?.allocatedWidth ?? 0) > 100 }, timeout: 3)
        MainLoop.drain()
    }

    private func label(_ name: String) throws -> Label {
        try XCTUnwrap(window.find(Label.self, described: name), "no label described as \(name)")
    }

    /// Resizes the window and waits until the fitted label has its new width.
    private func resize(width: Int, label: Label) {
        window.resize(width: width, height: 460)
        MainLoop.run(
            until: { self.window.size.width == width && abs(label.allocatedWidth - (width - 48)) < 40 }, timeout: 3)
        MainLoop.drain()
    }

    /// The Info text (the manifest's Help) walks the four pages in order, one
    /// clause each: the radio buttons it describes are on the page it says,
    /// in English and in Chinese.
    func testTheInfoTextDescribesTheControlsOfEachPage() async throws {
        let stack = try open()
        let pagesWithRadioButtons = stack.children.map { page in
            page.descendants.contains { $0.as(RadioButton.self) != nil }
        }
        XCTAssertEqual(pagesWithRadioButtons, [true, false, false, false])
        let manifest = KeyFile()
        try manifest.load(path: FileSystem.join(packageRoot, "Sources/Demos/Labels/manifest.plugin"))
        for (locale, radio) in [("C", "radio button"), ("zh_CN", "单选按钮")] {
            let help = try XCTUnwrap(manifest.localizedString("Help", in: "Plugin", locale: locale))
            let tour = try XCTUnwrap(help.components(separatedBy: "\n\n").first)
            let clauses = tour.drop { $0 != ":" && $0 != "：" }.dropFirst()
                .split { $0 == ";" || $0 == "；" }
            XCTAssertEqual(clauses.count, 4, "\(locale): one clause per page")
            XCTAssertEqual(clauses.map { $0.contains(radio) }, pagesWithRadioButtons, "\(locale): \(clauses)")
        }
    }

    func testOpensOnTheLabelPageWithTopChosen() async throws {
        let stack = try open()
        XCTAssertEqual(stack.visiblePageName, "label")
        XCTAssertEqual(window.title, "Labels")
        let text = try label("Sample text")
        XCTAssertEqual(text.text, "This is a UILabel Demo,")
        XCTAssertEqual(text.fontAttribute?.size, 35)
        XCTAssertTrue(text.wraps)
        XCTAssertEqual(text.yAlign, 0)
        let top = try XCTUnwrap(window.find(RadioButton.self, named: "Top"))
        XCTAssertTrue(top.isActive)
    }

    func testTogglesMoveTheTextVertically() async throws {
        _ = try open()
        let text = try label("Sample text")
        let middle = try XCTUnwrap(window.find(RadioButton.self, named: "Middle"))
        let bottom = try XCTUnwrap(window.find(RadioButton.self, named: "Bottom"))
        let top = try XCTUnwrap(window.find(RadioButton.self, named: "Top"))
        middle.click()
        XCTAssertEqual(text.yAlign, 0.5)
        XCTAssertFalse(top.isActive)
        bottom.grabFocus()
        bottom.sendKey(Key.space)
        MainLoop.drain()
        XCTAssertTrue(bottom.isActive)
        XCTAssertEqual(text.yAlign, 1)
        top.click()
        XCTAssertEqual(text.yAlign, 0)
    }

    func testFontAndAlignmentPages() async throws {
        let stack = try open()
        stack.visiblePageName = "font"
        MainLoop.drain()
        let word = try label("Script sample")
        XCTAssertEqual(word.text, "good")
        XCTAssertEqual(word.fontAttribute?.size, 48)
        XCTAssertTrue(word.fontAttribute?.family.contains("Zapfino") == true)
        XCTAssertTrue(word.expandsHorizontally && word.expandsVertically, "fills the page")

        func alignmentLabels() -> [Label] {
            window.descendants.filter { $0.typeName == "GtkLabel" }.map { $0.as(Label.self)! }
        }
        stack.visiblePageName = "alignment"
        MainLoop.run(
            until: { alignmentLabels().contains { $0.text == "UITextAlignmentRight" && $0.allocatedHeight == 30 } },
            timeout: 3)
        let labels = alignmentLabels()
        let left = try XCTUnwrap(labels.first { $0.text == "UITextAlignmentLeft" })
        let center = try XCTUnwrap(labels.first { $0.text == "UITextAlignmentCenter" })
        let right = try XCTUnwrap(labels.first { $0.text == "UITextAlignmentRight" })
        XCTAssertEqual([left.xAlign, center.xAlign, right.xAlign], [0, 0.5, 1])
        for sample in [left, center, right] {
            XCTAssertEqual(sample.allocatedHeight, 30)
            XCTAssertGreaterThan(sample.allocatedWidth, window.size.width - 40, "full width")
        }
    }

    func testFitWidthShrinksAndGrowsBack() async throws {
        let stack = try open()
        let fitted = try label("Fitted text")
        showPage("fit-width", of: stack) { fitted }
        let entry = try XCTUnwrap(window.find(Entry.self, named: "Text to fit"))
        entry.text = "A rather long line of text that cannot fit at its natural size"
        MainLoop.drain()
        XCTAssertEqual(fitted.text, entry.text)

        resize(width: 1400, label: fitted)
        let natural = try XCTUnwrap(fitted.fontAttribute?.size)
        resize(width: 420, label: fitted)
        let narrow = try XCTUnwrap(fitted.fontAttribute?.size)
        XCTAssertLessThan(narrow, natural, "the font shrinks in a narrow window")
        XCTAssertFalse(fitted.isEllipsized, "never ellipsised")
        let font = "Arial, Helvetica, Liberation Sans, Nimbus Sans, sans-serif \(narrow)"
        XCTAssertLessThanOrEqual(fitted.textPixelSize(font: font).width, fitted.allocatedWidth)

        entry.text = "Short"
        MainLoop.drain()
        XCTAssertEqual(fitted.fontAttribute?.size, 36, "short text is shown at its natural size")
        entry.text = "A rather long line of text that cannot fit at its natural size"
        MainLoop.drain()
        XCTAssertEqual(fitted.fontAttribute?.size, narrow)

        resize(width: 2000, label: fitted)
        XCTAssertGreaterThan(try XCTUnwrap(fitted.fontAttribute?.size), narrow, "grows back as the window widens")
        XCTAssertLessThanOrEqual(try XCTUnwrap(fitted.fontAttribute?.size), 36)
        XCTAssertFalse(fitted.isEllipsized)
    }

    func testHostileTextNeverCrashesOrEllipsises() async throws {
        let stack = try open()
        let fitted = try label("Fitted text")
        showPage("fit-width", of: stack) { fitted }
        let entry = try XCTUnwrap(window.find(Entry.self, named: "Text to fit"))
        for text in ["", " ", "宝玉👋🏽 mixed текст", String(repeating: "W", count: 500), "<b>not markup</b> & {x}"] {
            entry.text = text
            MainLoop.drain()
            MainLoop.run(until: { fitted.allocatedWidth > 100 && !fitted.isEllipsized }, timeout: 1)
            XCTAssertFalse(fitted.isEllipsized, "“\(text.prefix(20))” is ellipsised")
            XCTAssertGreaterThan(try XCTUnwrap(fitted.fontAttribute?.size), 0)
        }
    }

    func testEveryInteractiveWidgetHasAnAccessibleName() async throws {
        _ = try open()
        for widget in window.descendants where widget is Button || widget is Entry {
            XCTAssertFalse(widget.accessibleName.isEmpty, "\(widget.typeName) has no accessible name")
        }
    }
}
