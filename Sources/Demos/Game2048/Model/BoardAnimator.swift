/// Turns the model's moves into frames over time: tiles slide for 100 ms,
/// then the new tile pops in (scale 0 → 1.1 → 1) and merged tiles pulse
/// (1 → 1.1 → 1) for 200 ms. An unchanged move shakes the board.
///
/// The model has already changed when a move arrives; the animator only
/// catches up. A move arriving while another still animates cuts the older
/// one short, so the picture is never more than one move behind and no move
/// is ever lost. Times are the frame clock's, in microseconds.
public struct BoardAnimator {
    public static let slideDuration: Int64 = 100_000
    public static let popDuration: Int64 = 200_000
    public static let shakeDuration: Int64 = 250_000

    private struct Transition {
        var motions: [TileMotion]
        var after: Board
        var mergedCells: [Int]
        var spawnCell: Int?
        /// Set on the first frame after the move, so a busy frame does not skip the slide.
        var start: Int64?
    }

    private var transition: Transition?
    private var shakeStart: Int64?
    private var shakePending = false

    /// Whether frames still change (the view keeps its tick callback while true).
    public var isAnimating: Bool { transition != nil || shakePending || shakeStart != nil }

    /// Starts animating `move`, which led to `after`.
    public init() {}

    public mutating func play(_ move: Move, after: Board) {
        transition = Transition(
            motions: move.motions, after: after, mergedCells: move.mergedCells,
            spawnCell: move.spawn?.cell, start: nil)
    }

    public mutating func shake() {
        shakePending = true
        shakeStart = nil
    }

    /// Drops every animation (after undo, a new game or a resize of the board).
    public mutating func stop() {
        transition = nil
        shakePending = false
        shakeStart = nil
    }

    /// The frame at `time`; `board` is the model's board, shown when nothing animates.
    /// Finished animations are dropped.
    public mutating func frame(at time: Int64, board: Board) -> BoardFrame {
        var frame = BoardFrame(size: board.size, tiles: [])
        if shakePending {
            shakePending = false
            shakeStart = time
        }
        if let start = shakeStart {
            let elapsed = time - start
            if elapsed >= Self.shakeDuration {
                shakeStart = nil
            } else {
                let t = Double(elapsed) / Double(Self.shakeDuration)
                frame.shake = 4 * sin(t * 6 * Double.pi) * (1 - t)
            }
        }
        if transition != nil, transition!.start == nil { transition!.start = time }
        guard let transition, let start = transition.start, transition.after.size == board.size else {
            transition = nil
            frame.tiles = Self.sprites(of: board)
            return frame
        }
        let elapsed = time - start
        let n = board.size
        if elapsed < Self.slideDuration {
            let t = easeOut(Double(elapsed) / Double(Self.slideDuration))
            frame.tiles = transition.motions.map { motion in
                let fromRow = Double(motion.from / n), fromColumn = Double(motion.from % n)
                let toRow = Double(motion.to / n), toColumn = Double(motion.to % n)
                return TileSprite(
                    row: fromRow + (toRow - fromRow) * t, column: fromColumn + (toColumn - fromColumn) * t,
                    exponent: motion.exponent)
            }
            return frame
        }
        let popElapsed = elapsed - Self.slideDuration
        guard popElapsed < Self.popDuration else {
            self.transition = nil
            frame.tiles = Self.sprites(of: board)
            return frame
        }
        let t = Double(popElapsed) / Double(Self.popDuration)
        var tiles = Self.sprites(of: transition.after)
        for index in tiles.indices {
            let cell = Int(tiles[index].row) * n + Int(tiles[index].column)
            if cell == transition.spawnCell {
                tiles[index].scale = Self.pop(t, from: 0)
            } else if transition.mergedCells.contains(cell) {
                tiles[index].scale = Self.pop(t, from: 1)
            }
        }
        // New and merged tiles are drawn last, over their neighbours.
        tiles.sort { $0.scale == 1 && $1.scale != 1 }
        frame.tiles = tiles
        return frame
    }

    /// `from` → 1.1 over the first half, 1.1 → 1 over the second.
    static func pop(_ t: Double, from start: Double) -> Double {
        t < 0.5 ? start + (1.1 - start) * easeOut(t * 2) : 1.1 - 0.1 * easeOut((t - 0.5) * 2)
    }

    static func sprites(of board: Board) -> [TileSprite] {
        var tiles: [TileSprite] = []
        tiles.reserveCapacity(board.cellCount)
        for cell in 0..<board.cellCount where board[cell] != 0 {
            tiles.append(
                TileSprite(row: Double(cell / board.size), column: Double(cell % board.size), exponent: board[cell]))
        }
        return tiles
    }
}

private func easeOut(_ t: Double) -> Double {
    let u = 1 - min(1, max(0, t))
    return 1 - u * u * u
}

private func sin(_ x: Double) -> Double {
    // A short Taylor-free sine so the view needs no Foundation: reduce, then
    // use Bhaskara's approximation (error < 0.002), ample for a shake.
    var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a < 0 { a += 2 * Double.pi }
    let sign: Double = a > Double.pi ? -1 : 1
    if a > Double.pi { a -= Double.pi }
    return sign * 16 * a * (Double.pi - a) / (5 * Double.pi * Double.pi - 4 * a * (Double.pi - a))
}

/// One tile as a frame shows it: where (in cells, fractional while sliding),
/// which value, and how large (1 at rest; 0 → 1.1 → 1 while popping in).
public struct TileSprite {
    public var row: Double
    public var column: Double
    public var exponent: UInt8
    public var scale: Double = 1

    public init(row: Double, column: Double, exponent: UInt8, scale: Double = 1) {
        self.row = row
        self.column = column
        self.exponent = exponent
        self.scale = scale
    }
}

/// What one frame of the board shows.
public struct BoardFrame {
    public var size: Int
    public var tiles: [TileSprite]
    /// Horizontal offset of the whole board, in board units (the shake).
    public var shake: Double = 0

    public init(size: Int, tiles: [TileSprite], shake: Double = 0) {
        self.size = size
        self.tiles = tiles
        self.shake = shake
    }
}
