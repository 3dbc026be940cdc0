import DemoKit
import Game2048Model

/// The Hint button and the hint it shows: the engine's move for the board as
/// it is, drawn as an arrow over the board and told to screen readers, until
/// the board changes.
@MainActor
final class HintController {
    /// The wall-clock time the engine may think: well inside the 100 ms in
    /// which a hint must show, even on a busy machine.
    static let searchMilliseconds = SearchLimit.hint.milliseconds ?? 40
    /// How long the arrow takes to fade in, in microseconds.
    static let appearDuration: Int64 = 180_000

    let button = Button(label: localized("_Hint"))
    /// The suggested move, while its arrow is shown.
    private(set) var direction: Direction?
    /// The board the hint (shown or being searched) is for.
    private var board: Board?
    /// The frame time of the arrow's first frame, set when it is first drawn.
    private var shownAt: Int64?
    private let suggester: MoveSuggester

    init(suggester: MoveSuggester) {
        self.suggester = suggester
        button.tooltip = localized("Show a good move (Ctrl+H)")
    }

    /// What a screen reader says of the hint shown, if any.
    var spokenHint: String? { direction.map(Self.spoken) }

    static func spoken(_ direction: Direction) -> String {
        switch direction {
        case .up: localized("Hint: move up")
        case .down: localized("Hint: move down")
        case .left: localized("Hint: move left")
        case .right: localized("Hint: move right")
        }
    }

    /// Finds a move for `board` and calls `shown` on the main actor once its
    /// arrow is up (with nil when no move is legal). Asking again for the
    /// board whose hint is shown shows it again at once.
    func request(for board: Board, shown: @escaping @MainActor (Direction?) -> Void) {
        if let direction, self.board == board { return shown(direction) }
        clear()
        self.board = board
        suggester.suggest(for: board, milliseconds: Self.searchMilliseconds) { [weak self] direction in
            guard let self, self.board == board else { return }
            self.direction = direction
            self.shownAt = nil
            shown(direction)
        }
    }

    /// Takes the hint down, and stops its search, unless it is for `board`.
    /// Every change of the board passes here, so a hint never outlives its board.
    func invalidate(unless board: Board) {
        if self.board != board { clear() }
    }

    func clear() {
        if board != nil, direction == nil { suggester.cancel() }
        board = nil
        direction = nil
        shownAt = nil
    }

    /// Whether the arrow is still fading in at `time` (the view keeps its tick callback running).
    func isAppearing(at time: Int64) -> Bool {
        guard direction != nil else { return false }
        guard let shownAt else { return true }
        return time - shownAt < Self.appearDuration
    }

    /// Draws the arrow, if a hint is shown, over the board laid out as `layout`.
    func draw(at time: Int64, layout: BoardPainter.Layout, dark: Bool, on context: DrawingContext) {
        guard let direction else { return }
        if shownAt == nil { shownAt = time }
        let progress =
            Toolkit.animationsEnabled
            ? Double(time - (shownAt ?? time)) / Double(Self.appearDuration) : 1
        HintArrow.draw(
            direction, progress: max(progress, 0.05), dark: dark,
            origin: layout.origin, side: layout.side, on: context)
    }
}
