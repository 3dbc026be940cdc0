import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// DrawingArea, the cairo/Pango DrawingContext, Color, opacity and snapshots.
@MainActor
final class BindingDrawingTests: GtkTestCase {
    func testColorParsing() async {
        let orange = Color("#f59563")
        XCTAssertEqual(orange, Color(red255: 0xf5, green: 0x95, blue: 0x63))
        XCTAssertEqual(orange?.hexString, "#f59563")
        XCTAssertEqual(Color("#fff"), .white)
        XCTAssertEqual(Color("rgba(0,0,0,0.5)")?.alpha, 0.5)
        XCTAssertNotNil(Color("orange"))
        XCTAssertNil(Color("#12345"))
        XCTAssertNil(Color("not a colour"))
        XCTAssertEqual(Color.black.withAlpha(0.25).alpha, 0.25)
    }

    func testDrawHandlerRunsAndPaintsOnScreen() async {
        let window = Window(title: "Drawing")
        let area = DrawingArea(width: 120, height: 80)
        window.add(area)
        var draws = 0
        var drawnSize = Size(width: 0, height: 0)
        area.onDraw { area, context in
            draws += 1
            drawnSize = Size(width: area.bounds.width, height: area.bounds.height)
            context.setColor(Color("#0000ff")!)
            context.paint()
            context.setColor(red: 1, green: 0, blue: 0)
            context.roundedRectangle(x: 10, y: 10, width: 40, height: 40, radius: 8)
            context.fill()
            context.withSavedState {
                context.translate(x: 60, y: 10)
                context.setColor(.white)
                context.rectangle(x: 0, y: 0, width: 20, height: 20)
                context.fill()
            }
            return .stop
        }
        show(window)
        XCTAssertTrue(MainLoop.run(until: { draws > 0 }), "the draw handler runs once the area is on screen")
        MainLoop.drain()
        XCTAssertEqual(drawnSize, Size(width: 120, height: 80))

        guard let shot = area.snapshot() else { return XCTFail("no snapshot") }
        XCTAssertEqual(shot.width, 120)
        XCTAssertEqual(shot.height, 80)
        XCTAssertEqual(shot.pixel(atX: 30, y: 30), Pixel(red: 255, green: 0, blue: 0), "the red square is on screen")
        XCTAssertEqual(shot.pixel(atX: 70, y: 20), Pixel(red: 255, green: 255, blue: 255), "translated white square")
        XCTAssertEqual(shot.pixel(atX: 100, y: 70), Pixel(red: 0, green: 0, blue: 255), "background")
        XCTAssertEqual(shot.pixel(atX: 11, y: 11), Pixel(red: 0, green: 0, blue: 255), "the corner is rounded off")

        let before = draws
        area.queueDraw()
        XCTAssertTrue(MainLoop.run(until: { draws > before }), "queueDraw draws again")
    }

    func testTextIsMeasuredAndDrawnCentred() async {
        var measured = Size(width: 0, height: 0)
        var wider = Size(width: 0, height: 0)
        let image = DrawingContext.image(width: 100, height: 60) { context in
            context.setColor(.black)
            context.paint()
            measured = context.measureText("2048", font: "Sans Bold 20px")
            wider = context.measureText("204800", font: "Sans Bold 20px")
            context.setColor(.white)
            context.drawText("2048", font: "Sans Bold 20px", centeredIn: Rect(x: 0, y: 0, width: 100, height: 60))
        }
        guard let image else { return XCTFail("no image") }
        XCTAssertGreaterThan(measured.width, 20)
        XCTAssertGreaterThan(measured.height, 10)
        XCTAssertGreaterThan(wider.width, measured.width)

        // Ink lies in the middle band and nowhere near the edges.
        var inkColumns: [Int] = []
        for x in 0..<100 where (0..<60).contains(where: { (image.pixel(atX: x, y: $0)?.red ?? 0) > 128 }) {
            inkColumns.append(x)
        }
        guard let first = inkColumns.first, let last = inkColumns.last else { return XCTFail("no text drawn") }
        XCTAssertEqual(Double(first + last) / 2, 50, accuracy: 4, "centred horizontally")
        XCTAssertEqual(Double(last - first), measured.width, accuracy: 6)
        XCTAssertEqual(image.pixel(atX: 2, y: 2), Pixel(red: 0, green: 0, blue: 0))
    }

    func testPathsArcsAndStrokes() async {
        let image = DrawingContext.image(width: 40, height: 40) { context in
            context.setColor(.white)
            context.paint()
            context.setColor(.black)
            context.lineWidth = 4
            XCTAssertEqual(context.lineWidth, 4)
            context.move(toX: 0, y: 20)
            context.line(toX: 40, y: 20)
            context.stroke()
            context.circle(centerX: 20, centerY: 5, radius: 3)
            context.fill()
            context.arc(centerX: 20, centerY: 35, radius: 3, startAngle: 0, endAngle: 2 * .pi)
            context.fill()
        }
        XCTAssertEqual(image?.pixel(atX: 5, y: 20), Pixel(red: 0, green: 0, blue: 0))
        XCTAssertEqual(image?.pixel(atX: 5, y: 10), Pixel(red: 255, green: 255, blue: 255))
        XCTAssertEqual(image?.pixel(atX: 20, y: 5), Pixel(red: 0, green: 0, blue: 0))
        XCTAssertEqual(image?.pixel(atX: 20, y: 35), Pixel(red: 0, green: 0, blue: 0))
    }

    func testOpacityFadesOnTheFrameClock() async {
        let window = Window(title: "Fade")
        let label = Label("Copied")
        window.add(label)
        show(window)
        XCTAssertEqual(label.opacity, 1)
        var start: Int64?
        label.addTickCallback { time in
            if start == nil { start = time }
            let progress = Double(time - start!) / 100_000  // 100 ms
            label.opacity = 1 - progress
            return progress < 1
        }
        XCTAssertTrue(MainLoop.run(until: { label.opacity == 0 }), "the fade reaches zero")
        label.opacity = 7
        XCTAssertEqual(label.opacity, 1, "clamped")
    }

    func testRenderDrawsOffScreen() async {
        let window = Window(title: "Render")
        let area = DrawingArea(width: 30, height: 30)
        window.add(area)
        area.onDraw { _, context in
            context.setColor(Color("#00ff00")!)
            context.paint()
            return .stop
        }
        show(window)
        XCTAssertEqual(area.render()?.pixel(atX: 15, y: 15), Pixel(red: 0, green: 255, blue: 0))
    }

    func testDestroyReleasesDrawAndTickClosures() async {
        let boxesBefore = liveSignalHandlerCount
        let objectsBefore = Object.liveCount
        final class Model {}
        weak var weakArea: DrawingArea?
        weak var weakDrawModel: Model?
        weak var weakTickModel: Model?
        do {
            let window = Window(title: "Drawing lifecycle")
            let area = DrawingArea(width: 20, height: 20)
            window.add(area)
            let drawModel = Model(), tickModel = Model()
            weakDrawModel = drawModel
            weakTickModel = tickModel
            var drawn = false
            // Both closures capture the area itself: cycles through GTK.
            area.onDraw { _, _ in
                _ = drawModel
                _ = area.allocatedWidth
                drawn = true
                return .proceed
            }
            area.addTickCallback { _ in
                _ = tickModel
                _ = area.opacity
                return true
            }
            XCTAssertEqual(liveSignalHandlerCount, boxesBefore + 2, "the draw handler's box and the tick callback's")
            show(window)
            XCTAssertTrue(MainLoop.run(until: { drawn }))
            weakArea = area
            window.destroy()
        }
        MainLoop.drain()
        XCTAssertEqual(liveSignalHandlerCount, boxesBefore)
        XCTAssertNil(weakDrawModel, "the draw closure is freed")
        XCTAssertNil(weakTickModel, "the tick closure is freed")
        XCTAssertNil(weakArea)
        XCTAssertEqual(Object.liveCount, objectsBefore)
    }
}
