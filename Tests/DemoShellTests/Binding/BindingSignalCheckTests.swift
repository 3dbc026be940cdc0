import DemoShellKit
import DemoKitTesting
import XCTest

/// Signals are checked against GLib (`g_signal_query`) when connected: a
/// wrong name or shape fails there, clearly, and leaks nothing.
@MainActor
final class BindingSignalCheckTests: GtkTestCase {
    func testAnUnknownSignalIsRefusedWithoutLeakingItsBox() async {
        let button = Button(label: "Check")
        let boxes = liveSignalHandlerCount
        var calls = 0
        XCTAssertEqual(button.on("clickd") { _ in calls += 1 }, 0)
        XCTAssertEqual(button.onNotify("lable") { _ in calls += 1 }, 0, "notify:: needs a real property")
        XCTAssertEqual(liveSignalHandlerCount, boxes, "no closure box was made")
        button.click()
        XCTAssertEqual(calls, 0)
        XCTAssertNotEqual(button.onNotify("label") { _ in calls += 1 }, 0)
        button.label = "Checked"
        XCTAssertEqual(calls, 1)
    }

    func testASignalOfAnotherShapeIsRefused() async {
        let window = Window(title: "Shapes")
        let boxes = liveSignalHandlerCount
        // "key-press-event" takes an event and returns gboolean; "on" handlers
        // take nothing and return nothing.
        XCTAssertEqual(window.on("key-press-event") { _ in }, 0)
        // "clicked" returns nothing: a boolean handler does not fit.
        XCTAssertEqual(Button(label: "x").onBoolean("clicked") { _ in true }, 0)
        // "size-allocate" has an argument: not a plain "on" signal either.
        XCTAssertEqual(window.on("size-allocate") { _ in }, 0)
        XCTAssertEqual(liveSignalHandlerCount, boxes)
    }

    func testABooleanSignalsHandlerDecides() async {
        let window = Window(title: "Keep me")
        show(window)
        var asked = 0
        var keepOpen = true
        XCTAssertNotEqual(
            window.onBoolean("delete-event") { _ in
                asked += 1
                return keepOpen
            }, 0)
        window.close()
        MainLoop.drain()
        XCTAssertEqual(asked, 1)
        XCTAssertTrue(window.isVisible, "true stops the signal: the window stays")
        keepOpen = false
        window.close()
        XCTAssertTrue(MainLoop.run(until: { !Window.all.contains { $0 === window } }), "false lets GTK destroy it")
        XCTAssertEqual(asked, 2)
    }
}
