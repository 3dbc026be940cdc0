import DemoKit
import Game2048Model

/// Paints the hint: a broad arrow with rounded corners over the middle of the
/// board, pointing toward the suggested move, with a rim and a soft shadow so
/// it stands out on the black board and on light tiles alike.
///
/// Its colours follow the theme: on a light theme GNOME's accent blue with a
/// white rim; on a dark theme a lighter blue, which stays bright on the black
/// board, with a dark rim against the pale tiles. Sizes are in board units,
/// so it scales with the board and is drawn sharp at 2×.
enum HintArrow {
    struct Palette {
        var fill: Color
        var rim: Color
        var shadow: Color
    }

    static let light = Palette(
        fill: Color(red255: 53, green: 132, blue: 228),
        rim: .white, shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.35))
    static let dark = Palette(
        fill: Color(red255: 98, green: 160, blue: 234),
        rim: Color(red255: 36, green: 31, blue: 49), shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.45))

    /// Draws the arrow over a board of `side` pixels whose top-left corner is
    /// at `origin`. `progress` runs 0 → 1 as it appears: it fades in and
    /// slides a little toward `direction`.
    static func draw(
        _ direction: Direction, progress: Double, dark: Bool,
        origin: (x: Double, y: Double), side: Double, on context: DrawingContext
    ) {
        guard side > 20, progress > 0 else { return }
        let palette = dark ? Self.dark : Self.light
        let t = min(1, progress)
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        let angle =
            switch direction {
            case .right: 0.0
            case .down: Double.pi / 2
            case .left: Double.pi
            case .up: -Double.pi / 2
            }
        let outline = outline(length: side * 0.5)
        context.withSavedState {
            context.translate(x: origin.x + side / 2, y: origin.y + side / 2)
            // A soft shadow below in screen terms, whichever way the arrow
            // points: three widening strokes, each faint, blur it.
            context.withSavedState {
                context.translate(x: 0, y: side * 0.01)
                context.rotate(by: angle)
                context.translate(x: side * 0.05 * (eased - 1), y: 0)
                trace(outline, on: context)
                context.setColor(palette.shadow.withAlpha(palette.shadow.alpha * eased / 3))
                for width in [0.038, 0.03, 0.022] {
                    context.lineWidth = side * width
                    context.stroke(preserve: true)
                }
                context.fill()
            }
            context.rotate(by: angle)
            context.translate(x: side * 0.05 * (eased - 1), y: 0)
            trace(outline, on: context)
            context.setColor(palette.rim.withAlpha(eased))
            context.lineWidth = side * 0.024
            context.stroke(preserve: true)
            context.setColor(palette.fill.withAlpha(palette.fill.alpha * eased))
            context.fill()
        }
    }

    /// The arrow pointing right, centred on the origin, as a polygon whose
    /// corners are rounded by short runs of points along each corner's arc
    /// (the tip a little sharper than the rest).
    static func outline(length: Double) -> [(x: Double, y: Double)] {
        let half = length / 2, shaft = length * 0.13, head = length * 0.34, neck = half - length * 0.44
        let corners: [(x: Double, y: Double, radius: Double)] = [
            (-half, -shaft, shaft * 0.5), (neck, -shaft, shaft * 0.3), (neck, -head, shaft * 0.45),
            (half, 0, shaft * 0.35), (neck, head, shaft * 0.45), (neck, shaft, shaft * 0.3),
            (-half, shaft, shaft * 0.5),
        ]
        var points: [(x: Double, y: Double)] = []
        for (index, corner) in corners.enumerated() {
            let previous = corners[(index + corners.count - 1) % corners.count]
            let next = corners[(index + 1) % corners.count]
            points += rounded(
                corner: (corner.x, corner.y), from: (previous.x, previous.y), to: (next.x, next.y),
                radius: corner.radius)
        }
        return points
    }

    /// Points along the arc of `radius` that rounds the corner at `p`
    /// between the edges from `a` and to `b`.
    private static func rounded(
        corner p: (x: Double, y: Double), from a: (x: Double, y: Double),
        to b: (x: Double, y: Double), radius: Double
    ) -> [(x: Double, y: Double)] {
        func unit(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let length = (x * x + y * y).squareRoot()
            return (x / length, y / length)
        }
        let u = unit(a.x - p.x, a.y - p.y), v = unit(b.x - p.x, b.y - p.y)
        let cosine = max(-1, min(1, u.x * v.x + u.y * v.y))
        // Half the corner's angle, from its cosine (no Foundation: acos via the half-angle identities).
        let sinHalf = ((1 - cosine) / 2).squareRoot(), cosHalf = ((1 + cosine) / 2).squareRoot()
        guard sinHalf > 1e-6, cosHalf > 1e-6 else { return [p] }
        let reach = radius * cosHalf / sinHalf
        let bisector = unit(u.x + v.x, u.y + v.y)
        let center = (x: p.x + bisector.x * radius / sinHalf, y: p.y + bisector.y * radius / sinHalf)
        let start = (x: p.x + u.x * reach, y: p.y + u.y * reach), end = (x: p.x + v.x * reach, y: p.y + v.y * reach)
        // Walk from one tangent point to the other, bending toward the centre.
        let steps = 6
        return (0...steps).map { step in
            let s = Double(step) / Double(steps)
            let chord = (x: start.x + (end.x - start.x) * s, y: start.y + (end.y - start.y) * s)
            let away = unit(chord.x - center.x, chord.y - center.y)
            return (center.x + away.x * radius, center.y + away.y * radius)
        }
    }

    private static func trace(_ points: [(x: Double, y: Double)], on context: DrawingContext) {
        guard let first = points.first else { return }
        context.move(toX: first.x, y: first.y)
        for point in points.dropFirst() { context.line(toX: point.x, y: point.y) }
        context.closePath()
    }
}
