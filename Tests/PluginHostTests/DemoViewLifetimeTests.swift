import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// No plugin writes `window.retain(self)`; the SDK's window
/// making (`DemoModule.makeWindow`, what the shell calls) keeps the view the
/// module made for as long as its window lives, and lets go when it is
/// destroyed.
@MainActor
final class DemoViewLifetimeTests: GtkTestCase {
    /// A view as every demo's is: it holds its window, its handlers hold it unowned.
    private final class CountingView: DemoView {
        let window = Window(title: "Counting")
        let button = Button(label: "Count")
        var count = 0

        init() {
            window.add(button)
            button.onClicked { [unowned self] _ in self.count += 1 }
        }
    }

    private final class CountingDemo: DemoModule {
        weak var lastView: CountingView?

        func makeView(host: DemoHost) -> any DemoView {
            let view = CountingView()
            lastView = view
            return view
        }
    }

    func testAWindowKeepsItsViewAndFreesItWhenDestroyed() async throws {
        let demo = CountingDemo()
        var windowProbe: FinalizationProbe?
        do {
            let info = DemoInfo(
                id: "counting", name: "Counting", description: "", category: "Tests",
                iconName: "face-smile-symbolic", version: "1.0")
            let window = demo.makeWindow(host: TestHost(info: info))
            windowProbe = window.probeFinalization()
            show(window)
        }
        MainLoop.drain()
        do {
            let view = try XCTUnwrap(demo.lastView, "the window keeps the view nothing else holds")
            view.button.click()
            XCTAssertEqual(view.count, 1, "its handlers reach it")
            view.window.destroy()
        }
        MainLoop.drain()
        XCTAssertNil(demo.lastView, "destroying the window frees its view")
        XCTAssertEqual(windowProbe?.isFinalized, true, "and the window itself")
    }
}
