import DemoKitTesting
import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// What a screen reader reads is what a sighted user reads: a label's
/// accessible name is its text (a name set on a label would hide it), and a
/// button's name follows its label when the label changes.
@MainActor
final class AccessibleNamesTests: GtkTestCase {
    func testNoLabelOfAnyBuiltInDemoHidesItsText() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertGreaterThanOrEqual(registry.ids.count, 9)
        for id in registry.ids {
            let window = try openBuiltInDemo(id).window
            show(window)
            // Every page of every stack, and any other window the demo opened.
            visitEveryPage(of: window) {
                for shown in Window.all where shown.isVisible && shown.typeName != "GtkTooltipWindow" {
                    XCTAssertEqual(labelsHidingTheirText(in: shown), [], "\(id): \(shown.title)")
                }
            }
            window.destroy()
            MainLoop.drain()
        }
    }

    func testTheAuditCatchesALabelNamedForItsRole() async {
        let window = Window(title: "Audit")
        let box = Box(.vertical)
        let status = Label("Guess #1: too small.")
        box.append(status)
        box.append(Label("Plain"))
        window.add(box)
        show(window)
        XCTAssertEqual(labelsHidingTheirText(in: window), [])
        status.accessibleName = "Status"
        XCTAssertEqual(labelsHidingTheirText(in: window), ["“Status” hides “Guess #1: too small.”"])
    }

    // MARK: Buttons

    func testAButtonsNameFollowsItsLabel() async throws {
        let window = Window(title: "Buttons")
        let box = Box(.vertical)
        let wave = Button(label: "_Wave")
        let greet = Button(label: "问候(_G)")
        let toggle = ToggleButton(label: "_Bold")
        let check = CheckButton(label: "_Remember")
        let radio = RadioButton(label: "_Top", group: nil)
        let empty = Button()
        for button in [wave, greet, toggle, check, radio, empty] { box.append(button) }
        window.add(box)
        show(window)
        XCTAssertEqual(wave.accessibleName, "Wave")
        wave.label = "👋"
        XCTAssertEqual(wave.accessibleName, "👋", "the plugin guide's example: a screen reader hears the new label")
        XCTAssertEqual(wave.accessible?.name, "👋")
        wave.label = "_Wave again"
        XCTAssertEqual(wave.accessibleName, "Wave again")
        greet.label = "再见(_B)"
        XCTAssertEqual(greet.accessibleName, "再见", "the CJK mnemonic suffix is not read")
        toggle.label = "_Italic"
        check.label = "_Forget"
        radio.label = "_Bottom"
        empty.label = "_Late"
        XCTAssertEqual([toggle, check, radio, empty].map(\.accessibleName), ["Italic", "Forget", "Bottom", "Late"])
    }

    func testANameChosenToSayMoreThanTheLabelIsKept() async throws {
        let window = Window(title: "Buttons")
        let box = Box(.vertical)
        let run = Button(label: "_Run")
        run.accessibleName = "Run Say Hello"
        let close = Button(iconName: "window-close-symbolic", name: "Close the warning")
        box.append(run)
        box.append(close)
        window.add(box)
        show(window)
        run.label = "_Running"
        XCTAssertEqual(run.accessibleName, "Run Say Hello")
        close.label = "×"
        XCTAssertEqual(close.accessibleName, "Close the warning")
    }

    func testAMenuItemAndADialogTitleKeepTheirNamesInStep() async throws {
        let item = ModelButton(text: "_Small")
        XCTAssertEqual(item.accessibleName, "Small")
        item.label = "_Large"
        XCTAssertEqual(item.accessibleName, "Large")
        let dialog = MessageDialog(parent: nil, title: "Saving…")
        XCTAssertEqual(dialog.accessibleName, "Saving…")
        dialog.title = "Saved"
        XCTAssertEqual(dialog.accessibleName, "Saved")
        dialog.destroy()
    }
}

extension GtkTestCase {
    /// Every label under `window` whose accessible name is not its text, as
    /// "“name” hides “text”".
    func labelsHidingTheirText(in window: Window) -> [String] {
        window.descendants.compactMap { widget in
            guard let label = widget.as(Label.self) else { return nil }
            let name = label.accessible?.name ?? ""
            // The text as read: without its bidi isolates (SpokenTextTests).
            return name == Widget.spoken(label.text) ? nil : "“\(name)” hides “\(label.text)”"
        }
    }
}
