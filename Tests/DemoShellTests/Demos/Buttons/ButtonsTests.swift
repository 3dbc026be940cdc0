import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Buttons, opened through the real plugin loader.
@MainActor
final class ButtonsTests: GtkTestCase {
    private var window: Window!
    private var host: TestHost!

    private func open() throws -> Stack {
        (window, host) = try openBuiltInDemo("buttons")
        show(window)
        let stack = try XCTUnwrap(window.descendants.first { $0.typeName == "GtkStack" })
        return stack.as(Stack.self)!
    }

    /// The sample of a type: described by its type and named by the text it
    /// shows ("UIButton"), or, showing only an icon, named by its type.
    private func sample(_ type: String) throws -> Button {
        try XCTUnwrap(
            window.find(Button.self, described: type) ?? window.find(Button.self, named: type), "no sample \(type)")
    }

    private func showTypes(_ stack: Stack) throws {
        stack.visiblePageName = "types"
        let custom = try sample("Custom")
        MainLoop.run(until: { custom.allocatedWidth > 100 }, timeout: 3)
        MainLoop.drain()
    }

    func testTapPageButtonOpensTheJokeDialog() async throws {
        let stack = try open()
        XCTAssertEqual(stack.visiblePageName, "tap")
        let danger = try XCTUnwrap(window.find(Button.self, named: "Danger! Do not touch!"))
        XCTAssertEqual(danger.horizontalAlignment, .center)
        XCTAssertEqual(danger.verticalAlignment, .center)

        danger.click()
        let shown = try XCTUnwrap(waitForWindow(titled: "Haha, it's a joke!!"), "no dialog")
        let dialog = shown.as(MessageDialog.self)!
        XCTAssertEqual(dialog.text, "Haha, it's a joke!!")
        XCTAssertTrue(dialog.isModal)
        XCTAssertTrue(dialog.transientFor === window)
        let ok = try XCTUnwrap(dialog.button(for: .ok))
        XCTAssertEqual(ok.label.replacingOccurrences(of: "_", with: ""), "OK")
        ok.click()
        XCTAssertTrue(
            MainLoop.run(until: { !Window.all.contains { $0.title == "Haha, it's a joke!!" && $0.isVisible } }))
    }

    func testDangerButtonStaysCentredAsTheWindowResizes() async throws {
        _ = try open()
        let danger = try XCTUnwrap(window.find(Button.self, named: "Danger! Do not touch!"))
        for width in [400, 900] {
            window.resize(width: width, height: 500)
            MainLoop.run(until: { self.window.size.width == width }, timeout: 3)
            MainLoop.drain()
            XCTAssertTrue(danger.isMapped)
            XCTAssertEqual(danger.horizontalAlignment, .center)
        }
    }

    func testSixTypesEachNamedAndTappable() async throws {
        let stack = try open()
        try showTypes(stack)
        let status = try XCTUnwrap(window.find(Label.self, described: "Status"))
        for name in ["Custom", "RoundedRect", "DetailDisclosure", "InfoLight", "InfoDark", "ContactAdd"] {
            let button = try sample(name)
            XCTAssertTrue(button.isMapped, "\(name) is not shown")
            button.click()
            XCTAssertEqual(status.text, "Tapped: \(name)")
        }
    }

    func testTypeRowsAreEightyPixelsTall() async throws {
        let stack = try open()
        try showTypes(stack)
        let rows = window.descendants.filter { $0.name == "type-row" }
        XCTAssertEqual(rows.count, 6)
        for row in rows { XCTAssertGreaterThanOrEqual(row.allocatedHeight, 80) }
    }

    func testCustomButtonUsesTheFrameImage() async throws {
        let stack = try open()
        try showTypes(stack)
        let custom = try sample("Custom")
        XCTAssertEqual(custom.label, "UIButton")
        XCTAssertEqual(custom.allocatedWidth, 200)
        XCTAssertEqual(custom.allocatedHeight, 60)
        XCTAssertTrue(custom.hasStyleClass("frame-image-button"))
        for file in ["frame.png", "frame@2x.png", "frame.svg", "buttons.css"] {
            XCTAssertTrue(FileSystem.isRegularFile(host.resourcePath(file)), "\(file) is not in the data bundle")
        }
        let css = CssProvider()
        XCTAssertNil(css.load(path: host.resourcePath("buttons.css")), "the style sheet parses")
        let rounded = try sample("RoundedRect")
        XCTAssertEqual(rounded.label, "UIButton")
        XCTAssertTrue(try XCTUnwrap(window.find(Button.self, named: "ContactAdd")).hasStyleClass("circular"))
    }

    func testEveryInteractiveWidgetHasAnAccessibleName() async throws {
        let stack = try open()
        try showTypes(stack)
        for widget in window.descendants where widget.typeName.hasSuffix("Button") {
            XCTAssertFalse(widget.accessibleName.isEmpty, "\(widget.typeName) has no accessible name")
        }
    }

    /// A sample is named by what it shows, its type in its
    /// description, and Tab goes from sample to sample (the rows, which do
    /// nothing of their own, are no Tab stops), as the accessibility tree reads it.
    func testTabGoesFromSampleToSampleNamedAsTheyShow() async throws {
        let stack = try open()
        try showTypes(stack)
        let samples = try ["Custom", "RoundedRect", "DetailDisclosure", "InfoLight", "InfoDark", "ContactAdd"].map {
            try sample($0)
        }
        samples[0].grabFocus()
        for next in samples.dropFirst() {
            window.sendKey(Key.tab)
            MainLoop.drain()
            XCTAssertTrue(
                next.hasFocus,
                "Tab goes to \(next.accessibleDescription.isEmpty ? next.accessibleName : next.accessibleDescription), "
                    + "not to \(window.focusedWidget?.typeName ?? "nothing") \(window.focusedWidget?.accessibleName ?? "")"
            )
        }
        // What the accessibility tree publishes to screen readers over AT-SPI.
        let objects = try XCTUnwrap(window.accessible).subtree
        let buttons = objects.filter { $0.role == "push button" }
        for type in ["Custom", "RoundedRect"] {
            XCTAssertTrue(
                buttons.contains { $0.name == "UIButton" && $0.description == type }, "\(buttons.map(\.name))")
            XCTAssertFalse(buttons.contains { $0.name == type }, "named as it shows, not by its type")
        }
        XCTAssertFalse(objects.contains { $0.role == "list item" }, "no row of its own")
    }
}
