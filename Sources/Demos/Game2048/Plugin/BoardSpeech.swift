import DemoKit
import Game2048Model

/// The board as a screen reader gets it: its accessible description, the
/// hint shown (if any) then every cell, set only while the board has no
/// focus or when the player asks (R, a hint). A screen reader reads a
/// focused widget's description again each time it changes: 16 to 36 cells
/// after every move, every 40 ms under Autoplay.
@MainActor
struct BoardSpeech {
    let area: DrawingArea
    let hint: HintController

    /// The keys that read the board out.
    static let readKeys: Set<UInt32> = [Key.character("r"), Key.character("R")]

    func describe(_ board: Board) {
        let cells = board.spokenDescription(empty: localized("empty"))
        area.accessibleDescription =
            hint.spokenHint.map { localized("{hint}. {board}").filling(["hint": $0, "board": cells]) } ?? cells
    }

    /// R: the board, cell by cell, said now and kept as its description.
    func read(_ board: Board) {
        describe(board)
        area.announce(area.accessibleDescription)
    }
}
