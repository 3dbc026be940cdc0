import DemoKit
import TestSupport
import XCTest

// No `import DemoKitTesting` in this file, on purpose: these subclasses
// are written as a plugin (or the shell's `LauncherRow`) writes them.

/// A Swift subclass of a wrapper class, declared where the binding's SPI is
/// not imported. Swift initializes a subclass's stored properties only in
/// the initializers its module can see: while the binding's one designated
/// initializer was SPI, such a subclass got garbage for them (and crashed
/// when they were read or released).
@MainActor
final class BindingSubclassTests: GtkTestCase {
    private final class TaggedRow: ListBoxRow {
        var tags: [String] = ["first"]
        var note: String? = "kept"
    }

    private final class CountingButton: Button {
        var presses: [Int] = []
    }

    func testASubclassStartsWithItsInitialValuesAndKeepsThemInItsParent() async {
        let list = ListBox()
        do {
            let row = TaggedRow()
            XCTAssertEqual(row.tags, ["first"])
            XCTAssertEqual(row.note, "kept")
            row.tags.append("second")
            list.append(row)
        }
        // No Swift reference is left: the list's reference keeps the wrapper.
        let found = list.children.first as? TaggedRow
        XCTAssertEqual(found?.tags, ["first", "second"])
        XCTAssertEqual(found?.note, "kept")
    }

    func testAConvenienceInitializerOfTheBindingMakesTheSubclass() async {
        let button = CountingButton(label: "Count")
        XCTAssertEqual(button.presses, [])
        button.onClicked { [unowned button] _ in button.presses.append(button.presses.count) }
        button.click()
        button.click()
        XCTAssertEqual(button.presses, [0, 1])
    }
}
