import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// GtkSwitch, GtkSpinButton and GtkCheckButton through the binding.
@MainActor
final class BindingSwitchTests: GtkTestCase {
    func testSwitchNotifiesOnCodeAndOnARealClick() async {
        let window = Window(title: "Switch")
        let box = Box(.horizontal)
        let toggle = Switch(accessibleName: "Include digits")
        toggle.horizontalAlignment = .center
        toggle.verticalAlignment = .center
        box.append(toggle)
        window.add(box)
        var seen: [Bool] = []
        toggle.onToggled { seen.append($0.isActive) }
        show(window)
        XCTAssertEqual(toggle.accessibleName, "Include digits")
        XCTAssertFalse(toggle.isActive)

        toggle.isActive = true
        XCTAssertEqual(seen, [true])
        toggle.isActive = true
        XCTAssertEqual(seen, [true], "setting the same value does not notify")
        toggle.toggle()
        XCTAssertEqual(seen, [true, false])

        toggle.sendTap(x: Double(toggle.allocatedWidth) / 2, y: Double(toggle.allocatedHeight) / 2)
        MainLoop.run(until: { seen.count == 3 }, timeout: 2)
        XCTAssertEqual(seen, [true, false, true], "a click on the switch toggles it")
        XCTAssertTrue(toggle.isActive)
    }

    func testSpinButtonClampsStepsAndReportsChanges() async {
        let window = Window(title: "Spin")
        let spin = SpinButton(range: 4...64, step: 1, value: 12)
        window.add(spin)
        var values: [Double] = []
        spin.onValueChanged { values.append($0.value) }
        show(window)
        XCTAssertEqual(spin.value, 12)
        XCTAssertEqual(spin.range, 4...64)
        XCTAssertEqual(spin.step, 1)
        XCTAssertEqual(spin.digits, 0)

        spin.value = 500
        XCTAssertEqual(spin.value, 64, "values above the range are clamped")
        spin.value = -3
        XCTAssertEqual(spin.value, 4, "values below the range are clamped")
        spin.step(by: 3)
        XCTAssertEqual(spin.intValue, 7)
        spin.step(by: -1)
        XCTAssertEqual(spin.intValue, 6)
        XCTAssertEqual(values, [64, 4, 5, 6, 7, 6])

        spin.range = 10...20
        XCTAssertEqual(spin.value, 10, "a new range clamps the current value")

        spin.text = "999"
        spin.update()
        XCTAssertEqual(spin.value, 20, "typed text is clamped too")

        spin.grabFocus()
        spin.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertEqual(spin.value, 20, "no wrap by default")
        spin.wraps = true
        spin.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertEqual(spin.value, 10, "with wrapping the up key wraps")
    }

    func testSpinButtonDigitsRound() async {
        let spin = SpinButton(range: 0...1, step: 0.1)
        XCTAssertEqual(spin.digits, 1)
        spin.digits = 2
        spin.value = 0.456
        XCTAssertEqual(spin.text, "0.46", "shown with two decimals")
        spin.update()
        XCTAssertEqual(spin.value, 0.46, accuracy: 1e-9, "the shown value is what update keeps")
        spin.isNumeric = true
        XCTAssertTrue(spin.isNumeric)
    }

    func testCheckButtonToggles() async {
        let window = Window(title: "Check")
        let check = CheckButton(label: "_Remember me")
        window.add(check)
        var toggles = 0
        check.onToggled { _ in toggles += 1 }
        show(window)
        XCTAssertEqual(check.accessibleName, "Remember me")
        XCTAssertEqual(check.typeName, "GtkCheckButton")
        check.click()
        XCTAssertTrue(check.isActive)
        XCTAssertEqual(toggles, 1)
    }

    func testDestroyReleasesSwitchAndSpinHandlers() async {
        let boxesBefore = liveSignalHandlerCount
        let objectsBefore = Object.liveCount
        weak var weakSwitch: Switch?
        weak var weakSpin: SpinButton?
        weak var weakCheck: CheckButton?
        do {
            let window = Window(title: "Switch lifecycle")
            let box = Box(.vertical)
            let toggle = Switch()
            let spin = SpinButton(range: 0...10)
            let check = CheckButton(label: "Check")
            box.append(toggle)
            box.append(spin)
            box.append(check)
            window.add(box)
            toggle.onToggled { _ in _ = spin.value }
            spin.onValueChanged { _ in _ = toggle.isActive }
            check.onToggled { _ in _ = check.isActive }
            XCTAssertEqual(liveSignalHandlerCount, boxesBefore + 3)
            show(window)
            weakSwitch = toggle
            weakSpin = spin
            weakCheck = check
            window.destroy()
        }
        MainLoop.drain()
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore)
        XCTAssertNil(weakSwitch)
        XCTAssertNil(weakSpin)
        XCTAssertNil(weakCheck)
        XCTAssertEqual(Object.liveCount, objectsBefore)
    }
}
