/// Where a game is kept between runs: string values by key (the plugin's
/// settings file in the app, a dictionary in tests).
public protocol GameStore: AnyObject {
    func string(_ key: String) -> String?
    func setString(_ value: String, for key: String)
    func removeValue(for key: String)
}

/// Saves and restores one game and one best score per board size,
/// validating whatever it reads.
///
/// Text form of one state: `SIZE:SCORE:WON:KEEPGOING:v,v,…` with the cell
/// values row by row (0 for empty), e.g. `4:16:0:0:2,0,0,4,…`; the undo history
/// is such states joined by `/`, oldest first. Keys `game-N` and `history-N`
/// hold the game of size N, `size` the size last played, `best-N` the best.
public enum SavedGame {
    static let sizeKey = "size"
    /// One game per board size, so changing size sets no game aside for good.
    static func gameKey(size: Int) -> String { "game-\(size)" }
    static func historyKey(size: Int) -> String { "history-\(size)" }
    /// Where files from before one game per size hold their only game.
    static let legacyGameKey = "game"
    static let legacyHistoryKey = "history"

    static func bestKey(size: Int) -> String { "best-\(size)" }

    /// The largest score a board can plausibly hold (merges up to 2^40).
    static let maximumScore = 1 << 50

    // MARK: Encoding

    public static func encode(_ state: GameState) -> String {
        var cells: [String] = []
        cells.reserveCapacity(state.board.cellCount)
        for i in 0..<state.board.cellCount { cells.append(String(state.board.value(at: i))) }
        return "\(state.board.size):\(state.score):\(state.won ? 1 : 0):\(state.keepsGoing ? 1 : 0):"
            + cells.joined(separator: ",")
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
            switch cell(text) {
            case .failure(let error): return .failure(error)
            case .success(let exponent): board[i] = exponent
            }
        }
        guard board.emptyCount < board.cellCount else { return .failure(SaveError("the board is empty")) }
        guard !keepsGoing || won else { return .failure(SaveError("keeps going without having won")) }
        if !won && board.maximumExponent >= Game.winningExponent {
            return .failure(SaveError("a 2048 tile without the win recorded"))
        }
        return .success(GameState(board: board, score: score, won: won, keepsGoing: keepsGoing))
    }

    /// The exponent of a saved cell, or why it is none: a power of two too
    /// large for a tile is told as such, not as "not a power of two".
    private static func cell(_ text: Substring) -> Result<UInt8, SaveError> {
        let largest = "the largest tile, 2^\(Board.maximumExponent)"
        guard let value = Int(text) else {
            let digits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
            return .failure(
                SaveError(
                    digits
                        ? "cell value “\(text)” is larger than \(largest)"
                        : "cell value “\(text)” is not a number"))
        }
        if let exponent = Board.exponent(of: value) { return .success(exponent) }
        if value > 1, value & (value - 1) == 0 {
            return .failure(
                SaveError("cell value “\(text)” is 2^\(value.trailingZeroBitCount), larger than \(largest)"))
        }
        return .failure(
            SaveError(
                "cell value “\(text)” is neither empty (0) nor a power of two from 2 to 2^\(Board.maximumExponent)"))
    }

    private static func flag(_ text: Substring) -> Bool? {
        switch text {
        case "0": false
        case "1": true
        default: nil
        }
    }

    // MARK: The store

    /// Writes the game (with its undo history) as the one of its board size,
    /// and its size as the one last played.
    public static func save(_ game: Game, to store: GameStore) {
        migrateLegacyGame(in: store)
        store.setString(encode(game.state), for: gameKey(size: game.size))
        store.setString(game.history.map(encode).joined(separator: "/"), for: historyKey(size: game.size))
        store.setString(String(game.size), for: sizeKey)
    }

    /// Forgets the game of `size` (the best scores and other sizes' games stay).
    public static func clear(size: Int, in store: GameStore) {
        migrateLegacyGame(in: store)
        store.removeValue(for: gameKey(size: size))
        store.removeValue(for: historyKey(size: size))
    }

    /// What `load` found.
    public enum Loaded {
        /// No game was saved.
        case none
        /// A game, lost ones included: the Defeat dialog offers to undo.
        case game(state: GameState, history: [GameState])
        /// The save could not be used; the message says why (for stderr).
        case corrupt(String)
    }

    /// The saved game of the size last played.
    public static func load(from store: GameStore) -> Loaded { load(size: lastSize(in: store), from: store) }

    /// The saved game of `size`, validated: sizes, powers of two, and a
    /// history of the same size.
    public static func load(size: Int, from store: GameStore) -> Loaded {
        migrateLegacyGame(in: store)
        guard let text = store.string(gameKey(size: size)), !text.isEmpty else { return .none }
        let state: GameState
        switch decode(text) {
        case .failure(let error): return .corrupt("saved game: \(error.message)")
        case .success(let decoded): state = decoded
        }
        guard state.board.size == size else { return .corrupt("saved \(size) × \(size) game: a board of another size") }
        var history: [GameState] = []
        if let text = store.string(historyKey(size: size)), !text.isEmpty {
            for (index, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                switch decode(String(part)) {
                case .failure(let error):
                    return .corrupt("saved undo step \(index + 1): \(error.message)")
                case .success(let earlier):
                    guard earlier.board.size == size else {
                        return .corrupt("saved undo step \(index + 1): a board of another size")
                    }
                    history.append(earlier)
                }
            }
        }
        return .game(state: state, history: Array(history.suffix(Game.undoLimit)))
    }

    /// Files written before games were kept per size hold one game under
    /// `game` and `history`: it becomes the game of its size (of the size
    /// last played when its own cannot be read, so a damaged one is still
    /// told), unless that size already has one.
    static func migrateLegacyGame(in store: GameStore) {
        guard let text = store.string(legacyGameKey) else { return }
        if !text.isEmpty {
            let size =
                Int(text.prefix { $0 != ":" }).flatMap {
                    (Board.minimumSize...Board.maximumSize).contains($0) ? $0 : nil
                } ?? lastSize(in: store)
            if store.string(gameKey(size: size)) == nil {
                store.setString(text, for: gameKey(size: size))
                store.setString(store.string(legacyHistoryKey) ?? "", for: historyKey(size: size))
            }
        }
        store.removeValue(for: legacyGameKey)
        store.removeValue(for: legacyHistoryKey)
    }

    /// The size of the last game played (4 when none or unreadable).
    public static func lastSize(in store: GameStore) -> Int {
        guard let text = store.string(sizeKey), let size = Int(text),
            (Board.minimumSize...Board.maximumSize).contains(size)
        else { return Board.defaultSize }
        return size
    }

    /// The best score for boards of `size` (0 when none or unreadable).
    public static func best(size: Int, in store: GameStore) -> Int {
        guard let text = store.string(bestKey(size: size)), let best = Int(text), (0...maximumScore).contains(best)
        else { return 0 }
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
