/// Where a game is kept between runs: string values by key (the plugin's
/// settings file in the app, a dictionary in tests).
public protocol GameStore: AnyObject {
    func string(_ key: String) -> String?
    func setString(_ value: String, for key: String)
    func removeValue(for key: String)
}

/// Saves and restores the game in progress and the best score of each board
/// size, validating whatever it reads.
///
/// Text form of one state: `SIZE:SCORE:WON:KEEPGOING:v,v,…` with the cell
/// values row by row (0 for empty), e.g. `4:16:0:0:2,0,0,4,…`; the undo history
/// is such states joined by `/`, oldest first.
public enum SavedGame {
    static let gameKey = "game"
    static let historyKey = "history"
    static let sizeKey = "size"

    static func bestKey(size: Int) -> String { "best-\(size)" }

    /// The largest score a board can plausibly hold (merges up to 2^40).
    static let maximumScore = 1 << 50

    // MARK: Encoding

    public static func encode(_ state: GameState) -> String {
        var cells: [String] = []
        cells.reserveCapacity(state.board.cellCount)
        for i in 0..<state.board.cellCount { cells.append(String(state.board.value(at: i))) }
        return "\(state.board.size):\(state.score):\(state.won ? 1 : 0):\(state.keepsGoing ? 1 : 0):" + cells.joined(separator: ",")
    }

    /// The state in `text`, or why it cannot be one.
    public static func decode(_ text: String) -> Result<GameState, SaveError> {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 5 else { return .failure(SaveError("expected 5 fields, found \(fields.count)")) }
        guard let size = Int(fields[0]), (Board.minimumSize...Board.maximumSize).contains(size) else {
            return .failure(SaveError("board size “\(fields[0])” is not 3 to 6"))
        }
        guard let score = Int(fields[1]), (0...maximumScore).contains(score) else {
            return .failure(SaveError("score “\(fields[1])” is not a plausible score"))
        }
        guard let won = flag(fields[2]), let keepsGoing = flag(fields[3]) else {
            return .failure(SaveError("win flags “\(fields[2]):\(fields[3])” are not 0 or 1"))
        }
        let values = fields[4].split(separator: ",", omittingEmptySubsequences: false)
        guard values.count == size * size else {
            return .failure(SaveError("\(values.count) cells for a \(size) × \(size) board"))
        }
        var board = Board(size: size)
        for (i, text) in values.enumerated() {
            guard let value = Int(text), let exponent = Board.exponent(of: value) else {
                return .failure(SaveError("cell value “\(text)” is not empty or a power of two"))
            }
            board[i] = exponent
        }
        guard board.emptyCount < board.cellCount else { return .failure(SaveError("the board is empty")) }
        guard !keepsGoing || won else { return .failure(SaveError("keeps going without having won")) }
        if !won && board.maximumExponent >= Game.winningExponent {
            return .failure(SaveError("a 2048 tile without the win recorded"))
        }
        return .success(GameState(board: board, score: score, won: won, keepsGoing: keepsGoing))
    }

    private static func flag(_ text: Substring) -> Bool? {
        switch text {
        case "0": false
        case "1": true
        default: nil
        }
    }

    // MARK: The store

    /// Writes the game in progress (with its undo history) and its size.
    public static func save(_ game: Game, to store: GameStore) {
        store.setString(encode(game.state), for: gameKey)
        store.setString(game.history.map(encode).joined(separator: "/"), for: historyKey)
        store.setString(String(game.size), for: sizeKey)
    }

    /// Forgets the game in progress (the best scores stay).
    public static func clear(_ store: GameStore) {
        store.removeValue(for: gameKey)
        store.removeValue(for: historyKey)
    }

    /// What `load` found.
    public enum Loaded {
        /// No game was saved.
        case none
        case game(state: GameState, history: [GameState])
        /// The save could not be used; the message says why (for stderr).
        case corrupt(String)
    }

    /// The saved game, validated: sizes, powers of two, a history of the same
    /// size, and a board that is not already lost.
    public static func load(from store: GameStore) -> Loaded {
        guard let text = store.string(gameKey), !text.isEmpty else { return .none }
        let state: GameState
        switch decode(text) {
        case .failure(let error): return .corrupt("saved game: \(error.message)")
        case .success(let decoded): state = decoded
        }
        if !state.board.canMove { return .corrupt("saved game: the board is already lost") }
        var history: [GameState] = []
        if let text = store.string(historyKey), !text.isEmpty {
            for (index, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                switch decode(String(part)) {
                case .failure(let error):
                    return .corrupt("saved undo step \(index + 1): \(error.message)")
                case .success(let earlier):
                    guard earlier.board.size == state.board.size else {
                        return .corrupt("saved undo step \(index + 1): a board of another size")
                    }
                    history.append(earlier)
                }
            }
        }
        return .game(state: state, history: Array(history.suffix(Game.undoLimit)))
    }

    /// The size of the last game played (4 when none or unreadable).
    public static func lastSize(in store: GameStore) -> Int {
        guard let text = store.string(sizeKey), let size = Int(text),
              (Board.minimumSize...Board.maximumSize).contains(size) else { return Board.defaultSize }
        return size
    }

    /// The best score for boards of `size` (0 when none or unreadable).
    public static func best(size: Int, in store: GameStore) -> Int {
        guard let text = store.string(bestKey(size: size)), let best = Int(text), (0...maximumScore).contains(best) else { return 0 }
        return best
    }

    /// Raises the best score of `size` to `score` if it is higher; returns the best.
    @discardableResult
    public static func recordScore(_ score: Int, size: Int, in store: GameStore) -> Int {
        let best = best(size: size, in: store)
        guard score > best else { return best }
        store.setString(String(score), for: bestKey(size: size))
        return score
    }
}

/// Why a saved game was refused.
public struct SaveError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
