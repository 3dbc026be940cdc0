import DemoKit
import PasswordGeneratorModel

/// The password's fade, on the frame clock: out (when a password shows),
/// the new one swapped in at zero, then in; its timing is the model's
/// `FadeTimeline`. A new click restarts it from whatever opacity shows.
@MainActor
final class ResultFade {
    private let widget: Widget
    /// Puts the new password in, once nothing of the old one shows.
    private let swap: () -> Void
    private var timeline: FadeTimeline?
    private var from = 0.0
    private var tickID: UInt32?

    init(_ widget: Widget, swap: @escaping () -> Void) {
        self.widget = widget
        self.swap = swap
    }

    /// Fades out from `opacity` (0: nothing shows, so the swap is at once) and in again.
    func start(from opacity: Double) {
        guard Toolkit.animationsEnabled else {
            swap()
            widget.opacity = FadeTimeline.visibleOpacity
            return
        }
        if opacity == 0 { swap() }
        timeline = nil
        from = opacity
        guard tickID == nil else { return }
        tickID = widget.addTickCallback { [unowned self] time in self.frame(at: time) }
    }

    /// The window closes: no more frames.
    func stop() {
        if let tickID { widget.removeTickCallback(tickID) }
        tickID = nil
    }

    private func frame(at time: Microseconds) -> Bool {
        let timeline = self.timeline ?? FadeTimeline(start: time, from: from)
        self.timeline = timeline
        if timeline.phase(at: time) != .fadingOut { swap() }
        widget.opacity = timeline.opacity(at: time)
        guard timeline.phase(at: time) == .finished else { return true }
        self.timeline = nil
        tickID = nil
        return false
    }
}
