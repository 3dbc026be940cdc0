import DemoKit
import Game2048Model

extension Move {
    /// What a screen reader says after the move: its direction, the tiles
    /// merged, the points won and the `score` they make, and where the new
    /// tile appeared on a board `size` cells wide.
    func announcement(size: Int, score: Int) -> String {
        let direction =
            switch direction {
            case .up: localized("Moved up.")
            case .down: localized("Moved down.")
            case .left: localized("Moved left.")
            case .right: localized("Moved right.")
            }
        var parts = [direction]
        if !mergedExponents.isEmpty {
            let tiles = mergedExponents.map { String(Board.value(ofExponent: $0)) }.joined(separator: ", ")
            parts.append(
                localized("Merged {tiles}, +{points}, score {score}.").filling([
                    "tiles": tiles, "points": String(points), "score": String(score),
                ]))
        }
        if let spawn {
            parts.append(
                localized("New {value} at row {row}, column {column}.").filling([
                    "value": String(Board.value(ofExponent: spawn.exponent)),
                    "row": String(spawn.cell / size + 1), "column": String(spawn.cell % size + 1),
                ]))
        }
        return parts.joined(separator: " ")
    }
}
