import Game2048Model
import PasswordGeneratorModel
import XCTest

/// The fade and the flip as numbers over time (GTK-free, in the model).
final class PasswordGeneratorAnimationTests: XCTestCase {

    func testFadeFromHiddenGoesStraightInToEightyFivePercent() {
        let fade = FadeTimeline(start: 1_000, from: 0)
        XCTAssertEqual(fade.swapTime, 1_000)
        XCTAssertEqual(fade.phase(at: 1_000), .fadingIn)
        XCTAssertEqual(fade.opacity(at: 1_000), 0)
        XCTAssertEqual(fade.opacity(at: 501_000), 0.425, accuracy: 1e-9)
        XCTAssertEqual(fade.end, 1_001_000, "one second")
        XCTAssertEqual(fade.phase(at: 1_001_000), .finished)
        XCTAssertEqual(fade.opacity(at: 5_000_000), 0.85)
    }

    func testFadeWhenShowingGoesOutThenIn() {
        let fade = FadeTimeline(start: 0, from: 0.85)
        XCTAssertEqual(fade.phase(at: 0), .fadingOut)
        XCTAssertEqual(fade.opacity(at: 0), 0.85)
        XCTAssertEqual(fade.swapTime, FadeTimeline.fadeOutDuration)
        XCTAssertEqual(fade.opacity(at: fade.swapTime), 0)
        XCTAssertEqual(fade.end - fade.swapTime, 1_000_000)
        var previous = 1.0
        for time in stride(from: 0, to: fade.swapTime, by: 10_000) {
            let opacity = fade.opacity(at: time)
            XCTAssertLessThanOrEqual(opacity, previous)
            previous = opacity
        }
        previous = 0
        for time in stride(from: fade.swapTime, through: fade.end, by: 10_000) {
            let opacity = fade.opacity(at: time)
            XCTAssertGreaterThanOrEqual(opacity, previous)
            XCTAssertLessThanOrEqual(opacity, 0.85)
            previous = opacity
        }
    }

    /// A click half way restarts from what is showing: no jump.
    func testARestartedFadeContinuesFromTheOpacityShown() {
        let first = FadeTimeline(start: 0, from: 0)
        let shown = first.opacity(at: 400_000)
        let second = FadeTimeline(start: 400_000, from: shown)
        XCTAssertEqual(second.opacity(at: 400_000), shown, accuracy: 1e-12)
        XCTAssertEqual(second.phase(at: 400_000), .fadingOut)
        XCTAssertLessThan(second.fadeOutLength, FadeTimeline.fadeOutDuration)
        XCTAssertEqual(second.opacity(at: second.end), 0.85)
    }

    func testFlipTurnsThroughEdgeOnInOneSecond() {
        let flip = FlipTimeline(start: 0, towardsBack: true)
        XCTAssertEqual(flip.visibleSideAngle(at: 0), 0)
        XCTAssertFalse(flip.showsDestination(at: 499_000))
        XCTAssertTrue(flip.showsDestination(at: 500_000))
        XCTAssertEqual(abs(flip.visibleSideAngle(at: 499_999)), Double.pi / 2, accuracy: 0.01)
        XCTAssertGreaterThan(flip.visibleSideAngle(at: 250_000), 0, "the right edge comes forward")
        XCTAssertLessThan(flip.visibleSideAngle(at: 750_000), 0)
        XCTAssertEqual(flip.visibleSideAngle(at: 1_000_000), 0, accuracy: 1e-12)
        XCTAssertFalse(flip.isFinished(at: 999_999))
        XCTAssertTrue(flip.isFinished(at: 1_000_000))
        let back = FlipTimeline(start: 0, towardsBack: false)
        XCTAssertLessThan(back.visibleSideAngle(at: 250_000), 0, "turning back the other way")
    }

    func testFlipGeometry() {
        let flat = FlipGeometry.strips(width: 400, height: 600, angle: 0, count: 8)
        XCTAssertEqual(flat.count, 8)
        for strip in flat {
            XCTAssertEqual(strip.x, strip.sourceX, accuracy: 1e-9)
            XCTAssertEqual(strip.width, strip.sourceWidth, accuracy: 1e-9)
            XCTAssertEqual(strip.verticalScale, 1, accuracy: 1e-12)
            XCTAssertEqual(strip.turn, 0, accuracy: 1e-12)
        }
        let turned = FlipGeometry.strips(width: 400, height: 600, angle: 0.6, count: 8)
        XCTAssertGreaterThan(turned.last!.verticalScale, 1, "the near edge is taller")
        XCTAssertLessThan(turned.first!.verticalScale, 1)
        XCTAssertLessThan(turned.first!.x, turned.last!.x)
        for (a, b) in zip(turned, turned.dropFirst()) {
            XCTAssertEqual(a.x + a.width, b.x, accuracy: 1e-9, "strips meet")
        }
        let edgeOn = FlipGeometry.strips(width: 400, height: 600, angle: Double.pi / 2, count: 8)
        XCTAssertLessThan(edgeOn.map(\.width).reduce(0, +), 1e-9)
        XCTAssertEqual(FlipGeometry.strips(width: 0, height: 10, angle: 0), [])
    }
}
