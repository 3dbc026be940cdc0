import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Ownership rules of the binding layer: a closure lives exactly as long as its
/// connection, and wrappers die with their widgets.
@MainActor
final class BindingLifecycleTests: GtkTestCase {
    func testDestroyingAWindowFreesEveryHandlerAndWrapper() async {
        let boxesBefore = liveSignalHandlerCount
        var probes: [FinalizationProbe] = []
        var clicks = 0
        do {
            let window = Window(title: "Lifecycle")
            let box = Box(.vertical)
            let button = Button(label: "Press")
            let entry = Entry()
            box.append(button)
            box.append(entry)
            window.add(box)
            button.onClicked { _ in clicks += 1 }
            entry.onChanged { _ in }
            entry.onActivate { _ in }
            window.onKeyPress { _, _ in .proceed }
            window.onDestroy { _ in }
            XCTAssertEqual(liveSignalHandlerCount, boxesBefore + 5)
            show(window)
            button.click()
            XCTAssertEqual(clicks, 1)
            probes = [window, box, button, entry].map { $0.probeFinalization() }
            window.destroy()
        }
        MainLoop.drain()
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore, "every closure box is released by its GClosureNotify")
        // GTK never holds Swift wrappers, so weak wrapper references would
        // read nil even without destroy(); the GObjects' finalization is what
        // proves that nothing is kept.
        for probe in probes { XCTAssertTrue(probe.isFinalized, "\(probe.typeName) was finalized") }
    }

    func testHandlerCapturingItsOwnerDoesNotLeakAfterDestroy() async {
        let boxesBefore = liveSignalHandlerCount
        @MainActor final class Controller {
            let window = Window(title: "Owner")
            let button = Button(label: "Go")
            var count = 0
            init() {
                window.add(button)
                // A strong cycle through GTK: window → handler → controller → window.
                button.onClicked { _ in self.count += 1 }
                window.retain(self)
            }
        }
        weak var weakController: Controller?
        var windowProbe: FinalizationProbe?
        do {
            let controller = Controller()
            weakController = controller
            windowProbe = controller.window.probeFinalization()
            show(controller.window)
            controller.button.click()
            XCTAssertEqual(controller.count, 1)
        }
        XCTAssertNotNil(weakController, "the window keeps its controller alive")
        weakController?.window.destroy()
        MainLoop.drain()
        XCTAssertNil(weakController, "destroy breaks the cycle")
        XCTAssertEqual(windowProbe?.isFinalized, true, "and the window itself is finalized")
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore)
    }

    func testHandlerReceivesTheSameWrapperItWasConnectedOn() async {
        let window = Window(title: "Identity")
        let button = Button(label: "Same")
        window.add(button)
        var received: Button?
        button.onClicked { received = $0 }
        show(window)
        button.click()
        XCTAssertTrue(received === button)
    }

    func testDisconnectReleasesTheBoxAtOnce() async {
        let before = liveSignalHandlerCount
        let button = Button(label: "Once")
        var clicks = 0
        let id = button.onClicked { _ in clicks += 1 }
        button.click()
        button.disconnect(id)
        button.click()
        XCTAssertEqual(clicks, 1)
        XCTAssertEqual(liveSignalHandlerCount, before)
    }

    func testRealKeyEventsReachTheFocusedEntry() async {
        let window = Window(title: "Keys")
        let entry = Entry()
        window.add(entry)
        var activated = 0
        entry.onActivate { _ in activated += 1 }
        show(window)
        entry.grabFocus()
        for c in "hi" { entry.sendKey(Key.character(c)) }
        entry.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(entry.text, "hi")
        XCTAssertEqual(activated, 1)
    }

    func testTimeoutsFireAndCancel() async {
        var fired = 0
        MainLoop.after(milliseconds: 10) { fired += 1 }
        let cancelled = MainLoop.after(milliseconds: 10) { fired += 100 }
        cancelled.cancel()
        XCTAssertTrue(MainLoop.run(until: { fired > 0 }))
        MainLoop.spin(seconds: 0.05)
        XCTAssertEqual(fired, 1)
    }

    func testTickCallbackRunsOnTheFrameClockUntilItStops() async {
        let window = Window(title: "Ticks")
        let label = Label("tick")
        window.add(label)
        show(window)
        var frames: [Int64] = []
        label.addTickCallback { time in
            frames.append(time)
            return frames.count < 3
        }
        XCTAssertTrue(MainLoop.run(until: { frames.count >= 3 }))
        MainLoop.spin(seconds: 0.1)
        XCTAssertEqual(frames.count, 3, "returning false removes the callback")
        XCTAssertEqual(frames, frames.sorted())
    }

    func testCssErrorsAreReportedNotFatal() async {
        let provider = CssProvider()
        XCTAssertNil(provider.load("label { color: red; }"))
        XCTAssertNotNil(provider.load("label { color: ; nonsense"))
    }

    func testKeyFileRoundTripAndTranslations() async throws {
        let file = KeyFile()
        try file.load(text: "[Plugin]\nName=Say Hello\nName[zh_CN]=打招呼\nABI=1\n")
        XCTAssertEqual(file.string("Name", in: "Plugin"), "Say Hello")
        XCTAssertEqual(file.localizedString("Name", in: "Plugin", locale: "zh_CN"), "打招呼")
        XCTAssertEqual(file.localizedString("Name", in: "Plugin", locale: "fr_FR"), "Say Hello")
        XCTAssertEqual(file.integer("ABI", in: "Plugin"), 1)
        XCTAssertNil(file.integer("Name", in: "Plugin"))
        XCTAssertThrowsError(try file.load(text: "not a key file"))
    }
}
