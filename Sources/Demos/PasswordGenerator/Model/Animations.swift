#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times are frame-clock microseconds, as a tick callback receives them.
public typealias Microseconds = Int64

/// Ease in and out (smoothstep): starts and ends gently, as UIKit's default curve.
public func easeInOut(_ t: Double) -> Double {
    let x = min(max(t, 0), 1)
    return x * x * (3 - 2 * x)
}

/// The fade of the result (password, phonetics, buttons) on each generation:
/// out to nothing when it is showing, the new text swapped in while
/// invisible, then in over one second to 85 % opacity.
///
/// A pure function of time: the view asks it for the opacity on each frame.
/// A click during a fade starts a new timeline from the opacity shown then,
/// so the fade restarts without a jump.
public struct FadeTimeline: Equatable, Sendable {
    public static let visibleOpacity = 0.85
    public static let fadeInDuration: Microseconds = 1_000_000
    /// Fading out from full `visibleOpacity`; less when starting lower.
    public static let fadeOutDuration: Microseconds = 300_000

    public let start: Microseconds
    public let startOpacity: Double

    public enum Phase: Equatable, Sendable {
        /// The old text fading away.
        case fadingOut
        /// The new text fading in (it must be in place by now).
        case fadingIn
        case finished
    }

    /// A fade starting at `start` from what is shown now (`0` when hidden).
    public init(start: Microseconds, from opacity: Double) {
        self.start = start
        startOpacity = min(max(opacity, 0), 1)
    }

    /// How long the fade-out takes: in proportion to the opacity to lose.
    public var fadeOutLength: Microseconds {
        Microseconds((Double(Self.fadeOutDuration) * startOpacity / Self.visibleOpacity).rounded())
    }

    /// When the new text goes in.
    public var swapTime: Microseconds { start + fadeOutLength }
    public var end: Microseconds { swapTime + Self.fadeInDuration }

    public func phase(at time: Microseconds) -> Phase {
        if time < swapTime { return .fadingOut }
        return time < end ? .fadingIn : .finished
    }

    public func opacity(at time: Microseconds) -> Double {
        switch phase(at: time) {
        case .fadingOut:
            let t = Double(time - start) / Double(max(fadeOutLength, 1))
            return startOpacity * (1 - easeInOut(t))
        case .fadingIn:
            return Self.visibleOpacity * easeInOut(Double(time - swapTime) / Double(Self.fadeInDuration))
        case .finished:
            return Self.visibleOpacity
        }
    }
}

/// The one-second turn of the window between its front and its back side.
public struct FlipTimeline: Equatable, Sendable {
    public static let duration: Microseconds = 1_000_000

    public let start: Microseconds
    /// True when turning to the back side.
    public let towardsBack: Bool

    public init(start: Microseconds, towardsBack: Bool) {
        self.start = start
        self.towardsBack = towardsBack
    }

    /// 0 to 1 along the turn, eased.
    public func progress(at time: Microseconds) -> Double {
        easeInOut(Double(time - start) / Double(Self.duration))
    }

    public func isFinished(at time: Microseconds) -> Bool { time - start >= Self.duration }

    /// Past half way the side turning into view is shown.
    public func showsDestination(at time: Microseconds) -> Bool { progress(at: time) >= 0.5 }

    /// The angle (radians) of the side shown at `time`, around the vertical
    /// axis: from 0 to ±π/2 for the side turning away, then from ∓π/2 to 0
    /// for the one turning into view. Turning to the back the right edge
    /// comes forward (UIKit's flip from right); turning back, the left.
    public func visibleSideAngle(at time: Microseconds) -> Double {
        let angle = progress(at: time) * Double.pi
        let shown = angle < Double.pi / 2 ? angle : angle - Double.pi
        return towardsBack ? shown : -shown
    }
}

/// Draws a picture turned about its vertical centre line, in perspective,
/// as vertical strips each scaled on its own (cairo is affine only).
public enum FlipGeometry {
    public struct Strip: Equatable, Sendable {
        /// The strip's part of the source picture.
        public let sourceX: Double
        public let sourceWidth: Double
        /// Where it goes on screen (left edge), how wide, and its vertical
        /// scale about the picture's centre line.
        public let x: Double
        public let width: Double
        public let verticalScale: Double
        /// 0 (facing the viewer) to 1 (edge on): for shading.
        public let turn: Double
    }

    /// The strips for a `width` × `height` picture turned by `angle`
    /// (positive: the right edge comes towards the viewer). The viewer sits
    /// `distance` picture widths in front.
    public static func strips(
        width: Double, height: Double, angle: Double,
        count: Int = 48, distance: Double = 4
    ) -> [Strip] {
        guard width > 0, height > 0, count > 0 else { return [] }
        let half = width / 2
        let eye = distance * width
        let cosine = cos(angle), sine = sin(angle)
        func project(_ u: Double) -> (x: Double, scale: Double) {
            // u: offset from the centre line; depth grows away from the viewer.
            let depth = -u * sine
            let scale = eye / (eye + depth)
            return (half + u * cosine * scale, scale)
        }
        let step = width / Double(count)
        return (0..<count).map { i in
            let x0 = Double(i) * step, x1 = x0 + step
            let left = project(x0 - half), right = project(x1 - half)
            let middle = project((x0 + x1) / 2 - half)
            return Strip(
                sourceX: x0, sourceWidth: step, x: left.x, width: right.x - left.x,
                verticalScale: middle.scale, turn: 1 - abs(cosine))
        }
    }
}
