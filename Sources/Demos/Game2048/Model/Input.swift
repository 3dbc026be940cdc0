/// Which input means which move: the keys (by their GDK key names) and the
/// swipe rule. The view turns names into key values; the rule lives here.
public enum MoveInput {
    /// Arrows (main and keypad), W A S D, and vim's h j k l.
    public static let keyNames: [String: Direction] = [
        "Up": .up, "Down": .down, "Left": .left, "Right": .right,
        "KP_Up": .up, "KP_Down": .down, "KP_Left": .left, "KP_Right": .right,
        "w": .up, "a": .left, "s": .down, "d": .right,
        "W": .up, "A": .left, "S": .down, "D": .right,
        "k": .up, "h": .left, "j": .down, "l": .right,
        "K": .up, "H": .left, "J": .down, "L": .right,
    ]

    /// The shortest drag that counts as a swipe, in pixels.
    public static let swipeThreshold = 10.0

    /// The move of a drag by (`dx`, `dy`) pixels (y grows downward): toward
    /// the larger axis of the motion; nil when shorter than the threshold.
    public static func direction(dx: Double, dy: Double) -> Direction? {
        let ax = abs(dx), ay = abs(dy)
        guard max(ax, ay) >= swipeThreshold else { return nil }
        if ax >= ay { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }
}
