import DemoKitTesting
@testable import Launcher
import TestSupport
import XCTest

extension GtkTestCase {
    /// An Edit and Run panel's results in a window of their own, `width` by
    /// `height`, the Output shown and given its height: the panel as a
    /// reader meets it, without a launcher.
    package func showEditRunOutput(width: Int, height: Int) -> (EditRunPanel, Window) {
        let panel = EditRunPanel()
        let window = Window(title: "Output")
        window.setDefaultSize(width: width, height: height)
        window.add(panel.results)
        show(window)
        panel.shownPage = .output
        XCTAssertTrue(MainLoop.run(until: { panel.output.allocatedHeight > 0 }))
        return (panel, window)
    }
}
