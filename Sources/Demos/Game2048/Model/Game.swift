/// Everything one undo step restores: board, score and the win state.
public struct GameState: Equatable, Hashable, Sendable {
    public var board: Board
    public var score: Int
    /// A tile has reached 2048 in this game.
    public var won: Bool
    /// The player chose "Keep Going" after winning.
    public var keepsGoing: Bool

    public init(board: Board, score: Int = 0, won: Bool = false, keepsGoing: Bool = false) {
        self.board = board
        self.score = score
        self.won = won
        self.keepsGoing = keepsGoing
    }
}

/// Where a game stands.
public enum GameStatus: Equatable, Sendable {
    case playing
    /// A tile reached 2048 and the player has not yet chosen to keep going:
    /// moves are refused until `keepGoing()` or a new game (as in the original).
    case won
    /// No move can change the board.
    case lost
}

/// A tile that appeared after a move.
public struct Spawn: Equatable, Sendable {
    public var cell: Int
    public var exponent: UInt8
}

/// A move that changed the board: what the view animates.
public struct Move: Sendable {
    public var direction: Direction
    /// The state before the move (where the sliding tiles start).
    public var before: GameState
    public var motions: [TileMotion]
    public var mergedCells: [Int]
    public var points: Int
    public var spawn: Spawn?
    /// The merged tiles' new exponents, in the order merged (for announcements).
    public var mergedExponents: [UInt8]
}

/// What pressing a direction did.
public enum MoveOutcome: Sendable {
    case moved(Move)
    /// Nothing could slide that way: the view shakes the board; not recorded.
    case unchanged
    /// The game is won (awaiting a choice) or lost: the move is not played.
    case refused
}

/// The 2048 game: the original web game's rules, with undo.
///
/// The random source is given, so tests seed it; the app passes a
/// system-seeded generator.
public struct Game {
    /// The exponent of the winning tile (2048).
    public static let winningExponent: UInt8 = 11
    /// How many moves `undo()` can take back.
    public static let undoLimit = 128

    public private(set) var state: GameState
    /// Earlier states, oldest first; at most `undoLimit`.
    public private(set) var history: [GameState]
    public var random: any RandomNumberGenerator

    public var board: Board { state.board }
    public var score: Int { state.score }
    public var size: Int { state.board.size }

    /// A new game: an empty board with two tiles of 2.
    public init(size: Int = Board.defaultSize, random: any RandomNumberGenerator) {
        self.random = random
        state = GameState(board: Board(size: size))
        history = []
        for _ in 0..<2 { _ = spawn(exponent: 1) }
    }

    /// A game resumed from a saved state and undo history.
    public init(state: GameState, history: [GameState] = [], random: any RandomNumberGenerator) {
        self.state = state
        self.history = Array(history.suffix(Game.undoLimit))
        self.random = random
    }

    public var status: GameStatus {
        // The win is checked before the loss.
        if state.won && !state.keepsGoing { return .won }
        return state.board.canMove ? .playing : .lost
    }

    public var canUndo: Bool { !history.isEmpty }

    /// Whether this is a game's first position: no score and two 2s, which no
    /// move can make (a move either merges, scoring, or adds a third tile).
    /// Undo from here returns to the game played before.
    public var isAtStart: Bool {
        guard state.score == 0, state.board.emptyCount == state.board.cellCount - 2 else { return false }
        return (0..<state.board.cellCount).allSatisfy { state.board[$0] <= 1 }
    }

    /// Starts a new game of the same size, keeping the one left behind as an
    /// undo step: a new game by mistake (Ctrl+N) is taken back like a move.
    /// An untouched game is dealt again rather than kept as a step.
    public mutating func restart() {
        if !isAtStart { record(state) }
        state = GameState(board: Board(size: size))
        for _ in 0..<2 { _ = spawn(exponent: 1) }
    }

    private mutating func record(_ earlier: GameState) {
        history.append(earlier)
        if history.count > Game.undoLimit { history.removeFirst(history.count - Game.undoLimit) }
    }

    /// Plays a move: slides, scores, spawns a tile, records the state for undo.
    public mutating func move(_ direction: Direction) -> MoveOutcome {
        guard status == .playing else { return .refused }
        let slide = state.board.slid(direction)
        guard slide.changed else { return .unchanged }
        let before = state
        record(before)
        state.board = slide.board
        state.score += slide.points
        let exponents = slide.mergedCells.map { slide.board[$0] }
        if !state.won, exponents.contains(where: { $0 >= Game.winningExponent }) { state.won = true }
        let spawned = spawn()
        return .moved(
            Move(
                direction: direction, before: before, motions: slide.motions,
                mergedCells: slide.mergedCells, points: slide.points, spawn: spawned,
                mergedExponents: exponents))
    }

    /// Takes back the last move (board, score and win state together);
    /// false when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = history.popLast() else { return false }
        state = previous
        return true
    }

    /// After winning, goes on playing toward bigger tiles.
    public mutating func keepGoing() {
        guard state.won else { return }
        state.keepsGoing = true
    }

    /// Puts a 2 (probability 0.9) or a 4 (0.1) on an empty cell chosen
    /// uniformly; `exponent` forces the value (a new game starts with 2s).
    @discardableResult
    mutating func spawn(exponent forced: UInt8? = nil) -> Spawn? {
        let empty = state.board.emptyCount
        guard empty > 0 else { return nil }
        var nth = Int.random(in: 0..<empty, using: &random)
        let exponent: UInt8 = forced ?? (Int.random(in: 0..<10, using: &random) == 0 ? 2 : 1)
        for cell in 0..<state.board.cellCount where state.board[cell] == 0 {
            if nth == 0 {
                state.board[cell] = exponent
                return Spawn(cell: cell, exponent: exponent)
            }
            nth -= 1
        }
        return nil
    }
}

/// A small, fast, seedable generator (SplitMix64), so games can be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// Seeded from the system's generator, for real games.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
