import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// GTK 3's label, entry, window and button accessibles answer NULL for their
/// state once their widget is destroyed; an AT-SPI bridge that still caches
/// one then logs criticals for every new client, or crashes it.
/// The binding makes each say DEFUNCT, as ATK expects of a dead object.
@MainActor
final class BindingAccessibleLeftoverTests: GtkTestCase {
    func testTheAccessiblesOfDestroyedWidgetsSayDefunct() async throws {
        let window = Window(title: "Leftovers")
        let box = Box(.vertical)
        let label = Label("Gone soon")
        let entry = Entry()
        let button = Button(label: "Gone too")
        let toggle = RadioButton(label: "Chosen", group: nil, drawsIndicator: true)
        for widget in [label, entry, button, toggle] as [Widget] { box.append(widget) }
        window.add(box)
        show(window)
        // What a screen reader's bridge keeps: a reference to each accessible.
        let kept = try [window, label, entry, button, toggle].map { try XCTUnwrap(($0 as Widget).accessible) }
        XCTAssertFalse(kept.contains { $0.isDefunct }, "alive, none is defunct")

        window.destroy()
        for (accessible, what) in zip(kept, ["window", "label", "entry", "button", "radio button"]) {
            XCTAssertTrue(accessible.isDefunct, "the \(what)'s accessible says its widget is gone")
        }
    }
}
