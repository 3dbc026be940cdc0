import DemoKit
import PasswordGeneratorModel

/// Two sides of a window, turned over in one second as a card is: a picture
/// of the side shown is drawn turning in perspective until edge-on, then a
/// picture of the other side turns into view. The real pages sit under the
/// drawing and take over when the turn ends; with animations off (reduced
/// motion) the sides switch at once.
///
/// The timing and the perspective are `FlipTimeline`'s and `FlipGeometry`'s;
/// this only captures the pictures and paints them on the frame clock.
@MainActor
final class FlipView {
    /// Put this in the window.
    let overlay = Overlay()
    private let stack = Stack(transition: .none)
    private let area = DrawingArea()
    private let front: Widget
    /// Built on the first turn: a side nobody may look at is not worth a
    /// demo's start (the password generator's back showed in its time).
    private lazy var back: Widget = {
        let side = makeBack()
        side.showAll()
        stack.addPage(side, name: "back")
        return side
    }()
    private let makeBack: @MainActor () -> Widget

    /// The side shown, or being turned to.
    private(set) var showsBack = false
    var isTurning: Bool { tickID != nil }

    /// Called half way, when the side turning into view appears (swap the
    /// header bar's buttons here), and at the end (move the focus here).
    var onSideAppears: ((_ back: Bool) -> Void)?
    var onTurned: ((_ back: Bool) -> Void)?

    private var timeline: FlipTimeline?
    private var frameTime: Microseconds = 0
    private var leaving: WidgetPicture?
    private var arriving: WidgetPicture?
    private var tickID: UInt32?
    private var queued: Bool?

    init(front: Widget, back makeBack: @escaping @MainActor () -> Widget, style: CssProvider) {
        self.front = front
        self.makeBack = makeBack
        stack.addPage(front, name: "front")
        stack.isHomogeneous = true
        overlay.add(stack)

        area.addStyleClass("password-flip")
        area.addStyleProvider(style)
        area.isExcludedFromShowAll = true
        area.onDraw { [unowned self] area, context in
            self.draw(area, context)
            return .stop
        }
        overlay.addOverlay(area)
    }

    /// Turns to the back side (true) or the front. Asked during a turn, it
    /// turns again once this one ends (Done pressed as the back appears).
    func turn(toBack back: Bool) {
        guard !isTurning else {
            queued = back
            return
        }
        guard back != showsBack else { return }
        showsBack = back
        let backSide = self.back  // built now, before its page is shown
        let destination = back ? "back" : "front"
        guard Toolkit.animationsEnabled, stack.isMapped, let picture = WidgetPicture(of: back ? front : backSide) else {
            stack.visiblePageName = destination
            onSideAppears?(back)
            onTurned?(back)
            return
        }
        leaving = picture
        arriving = nil
        timeline = nil
        // The real page goes in now, under the drawing, so it is laid out
        // by the time its picture is taken half way.
        stack.visiblePageName = destination
        area.show()
        tickID = area.addTickCallback { [unowned self] time in self.frame(at: time, towardsBack: back) }
    }

    private func frame(at time: Microseconds, towardsBack back: Bool) -> Bool {
        let timeline = self.timeline ?? FlipTimeline(start: time, towardsBack: back)
        self.timeline = timeline
        frameTime = time
        if timeline.showsDestination(at: time), arriving == nil {
            arriving = WidgetPicture(of: back ? self.back : front)
            onSideAppears?(back)
        }
        area.queueDraw()
        guard timeline.isFinished(at: time) else { return true }
        area.hide()
        self.timeline = nil
        leaving = nil
        arriving = nil
        tickID = nil
        onTurned?(back)
        if let queued {
            self.queued = nil
            turn(toBack: queued)
        }
        return false
    }

    private func draw(_ area: DrawingArea, _ context: DrawingContext) {
        area.renderBackground(in: context)
        let angle = timeline?.visibleSideAngle(at: frameTime) ?? 0
        let showsDestination = timeline?.showsDestination(at: frameTime) ?? false
        guard let picture = showsDestination ? arriving : leaving else { return }
        let width = Double(picture.width), height = Double(picture.height)
        let left = (Double(area.allocatedWidth) - width) / 2
        let top = (Double(area.allocatedHeight) - height) / 2
        let strips = FlipGeometry.strips(width: width, height: height, angle: angle)
        for strip in strips where strip.width > 0.05 {
            context.withSavedState {
                context.translate(x: left + strip.x, y: top + height / 2)
                context.scale(x: strip.width / strip.sourceWidth, y: strip.verticalScale)
                context.translate(x: -strip.sourceX, y: -height / 2)
                // A screen pixel of overlap hides the seams between strips.
                let overlap = min(strip.sourceWidth / 2, 1 / max(strip.width / strip.sourceWidth, 0.01))
                context.rectangle(
                    x: strip.sourceX - overlap, y: 0, width: strip.sourceWidth + 2 * overlap, height: height)
                context.clip()
                context.setSource(picture)
                context.paint()
            }
        }
        // Shade the card as it turns away from the light, in one pass.
        guard let first = strips.first, let turn = strips.first?.turn, turn > 0.01 else { return }
        let middle = top + height / 2
        context.move(toX: left + first.x, y: middle - height / 2 * first.verticalScale)
        for strip in strips {
            context.line(toX: left + strip.x + strip.width, y: middle - height / 2 * strip.verticalScale)
        }
        for strip in strips.reversed() {
            context.line(toX: left + strip.x + strip.width, y: middle + height / 2 * strip.verticalScale)
        }
        context.line(toX: left + first.x, y: middle + height / 2 * first.verticalScale)
        context.closePath()
        context.setColor(Color.black.withAlpha(0.4 * turn))
        context.fill()
    }
}
