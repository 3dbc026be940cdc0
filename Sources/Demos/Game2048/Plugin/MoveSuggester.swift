import DemoKit
import Game2048Model

/// The engine, off the main thread: an actor runs one search at a time on
/// Swift's global executor, so the window keeps drawing and taking keys
/// while it thinks. It owns the one `MoveAdvisor` (tables and transposition
/// table) of its window.
private actor MoveSearcher {
    private var advisor = MoveAdvisor()

    func suggestion(for board: Board, milliseconds: Double, cancellation: SearchCancellation) -> Direction? {
        guard !cancellation.isCancelled else { return nil }
        return advisor.suggestion(for: board, limit: .time(milliseconds), cancellation: cancellation)?.direction
    }
}

/// Asks the engine for a move and brings the answer back to the main actor.
///
/// One search at a time: a new request, `cancel()`, or the window closing
/// (the view cancels) stops the one under way within a few milliseconds,
/// and a stopped search's answer is never delivered. The pending task holds
/// no widget, so a window closed mid-search is freed at once.
@MainActor
final class MoveSuggester {
    /// Made on first use, so a window never asked for a move builds no tables.
    private var searcher: MoveSearcher?
    private var running: SearchCancellation?

    /// Whether a search is under way.
    var isSearching: Bool { running != nil }

    /// Searches `board` for about `milliseconds` of wall-clock time, then
    /// calls `deliver` with the move (nil when none is legal), unless this
    /// search was cancelled or replaced first.
    func suggest(for board: Board, milliseconds: Double, deliver: @escaping @MainActor (Direction?) -> Void) {
        cancel()
        let token = SearchCancellation()
        running = token
        let searcher = self.searcher ?? MoveSearcher()
        self.searcher = searcher
        Task { @MainActor [weak self] in
            let direction = await searcher.suggestion(for: board, milliseconds: milliseconds, cancellation: token)
            guard let self, self.running === token, !token.isCancelled else { return }
            self.running = nil
            deliver(direction)
        }
    }

    /// Stops the search under way, if any; its answer is dropped.
    func cancel() {
        running?.cancel()
        running = nil
    }
}
