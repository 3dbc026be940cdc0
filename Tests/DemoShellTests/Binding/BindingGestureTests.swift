import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Drag, swipe and multi-press gestures fed with synthetic pointer events.
@MainActor
final class BindingGestureTests: GtkTestCase {
    private func makeBoard(_ title: String) -> (Window, DrawingArea) {
        let window = Window(title: title)
        let area = DrawingArea(width: 200, height: 200)
        window.add(area)
        return (window, area)
    }

    func testDragReportsStartAndOffsets() async {
        let (window, area) = makeBoard("Drag")
        let drag = GestureDrag(widget: area)
        var begin: (Double, Double)?
        var updates: [(Double, Double)] = []
        var end: (Double, Double)?
        var activeDuringUpdate = false
        drag.onBegin { _, x, y in begin = (x, y) }
        drag.onUpdate { gesture, dx, dy in
            updates.append((dx, dy))
            activeDuringUpdate = gesture.isActive && gesture.startPoint?.x == 50
        }
        drag.onEnd { _, dx, dy in end = (dx, dy) }
        show(window)
        XCTAssertTrue(drag.widget === area)
        XCTAssertEqual(drag.button, 1)
        XCTAssertEqual(drag.propagationPhase, .bubble)

        area.sendDrag(fromX: 50, y: 60, toX: 130, y: 20, steps: 4)
        XCTAssertEqual(begin?.0, 50)
        XCTAssertEqual(begin?.1, 60)
        XCTAssertEqual(updates.count, 4)
        XCTAssertEqual(updates.last?.0 ?? 0, 80, accuracy: 0.001)
        XCTAssertEqual(updates.last?.1 ?? 0, -40, accuracy: 0.001)
        XCTAssertEqual(updates.first?.0 ?? 0, 20, accuracy: 0.001, "offsets are from the start point")
        XCTAssertTrue(activeDuringUpdate)
        XCTAssertEqual(end?.0 ?? 0, 80, accuracy: 0.001)
        XCTAssertEqual(end?.1 ?? 0, -40, accuracy: 0.001)
        XCTAssertFalse(drag.isActive)
        XCTAssertNil(drag.offset, "no drag in progress")
    }

    func testSwipeReportsVelocity() async {
        let (window, area) = makeBoard("Swipe")
        let swipe = GestureSwipe(widget: area)
        var velocity: (Double, Double)?
        swipe.onSwipe { _, vx, vy in velocity = (vx, vy) }
        show(window)
        // 100 px right in 100 ms: 1000 px/s.
        area.sendDrag(fromX: 20, y: 100, toX: 120, y: 100, steps: 10, milliseconds: 100)
        guard let velocity else { return XCTFail("no swipe") }
        XCTAssertEqual(velocity.0, 1000, accuracy: 150)
        XCTAssertEqual(velocity.1, 0, accuracy: 1)

        // Upwards, faster.
        var up: (Double, Double)?
        swipe.onSwipe { _, vx, vy in up = (vx, vy) }
        area.sendDrag(fromX: 100, y: 180, toX: 100, y: 20, steps: 8, milliseconds: 80)
        XCTAssertLessThan(up?.1 ?? 0, -1500)
        XCTAssertEqual(up?.0 ?? 1, 0, accuracy: 1)
    }

    func testMultiPressCountsClicks() async {
        let (window, area) = makeBoard("Clicks")
        let press = GestureMultiPress(widget: area)
        var presses: [(Int, Double, Double)] = []
        var releases = 0
        var stopped = false
        press.onPressed { _, count, x, y in presses.append((count, x, y)) }
        press.onReleased { _, _, _, _ in releases += 1 }
        press.onStopped { _ in stopped = true }
        show(window)
        area.sendTap(x: 30, y: 40)
        area.sendTap(x: 31, y: 40)
        XCTAssertEqual(presses.map(\.0), [1, 2], "the second quick press is a double click")
        XCTAssertEqual(presses.first?.1, 30)
        XCTAssertEqual(presses.first?.2, 40)
        XCTAssertEqual(releases, 2)
        XCTAssertTrue(MainLoop.run(until: { stopped }), "the run of presses ends after the double-click time")
    }

    func testPropagationPhaseAndButtonAreSettable() async {
        let area = DrawingArea()
        let drag = GestureDrag(widget: area)
        drag.propagationPhase = .capture
        XCTAssertEqual(drag.propagationPhase, .capture)
        drag.button = 0
        XCTAssertEqual(drag.button, 0)
        drag.isTouchOnly = true
        XCTAssertTrue(drag.isTouchOnly)
        area.destroy()
    }

    func testGestureLivesWithItsWidgetAndDiesWithIt() async {
        let boxesBefore = liveSignalHandlerCount
        let objectsBefore = Object.liveCount
        weak var weakDrag: GestureDrag?
        weak var weakSwipe: GestureSwipe?
        weak var weakPress: GestureMultiPress?
        weak var weakArea: DrawingArea?
        var offsets = 0
        do {
            let (window, area) = makeBoard("Gesture lifecycle")
            do {
                // No stored reference: the widget keeps its gestures alive.
                let drag = GestureDrag(widget: area)
                drag.onUpdate { _, _, _ in
                    _ = area.allocatedWidth
                    offsets += 1
                }
                let swipe = GestureSwipe(widget: area)
                swipe.onSwipe { _, _, _ in _ = area }
                let press = GestureMultiPress(widget: area)
                press.onPressed { _, _, _, _ in }
                weakDrag = drag
                weakSwipe = swipe
                weakPress = press
            }
            XCTAssertNotNil(weakDrag, "kept alive by its widget")
            XCTAssertEqual(liveSignalHandlerCount, boxesBefore + 6, "three handlers and three keep-alive boxes")
            show(window)
            area.sendDrag(fromX: 10, y: 10, toX: 60, y: 10, steps: 5)
            XCTAssertEqual(offsets, 5)
            weakArea = area
            window.destroy()
        }
        MainLoop.drain()
        XCTAssertNil(weakDrag)
        XCTAssertNil(weakSwipe)
        XCTAssertNil(weakPress)
        XCTAssertNil(weakArea)
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore)
        XCTAssertEqual(Object.liveCount, objectsBefore)
    }
}
