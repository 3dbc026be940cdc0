import DemoKit
import Game2048Model

/// One tile as a frame shows it: where (in cells, fractional while sliding),
/// which value, and how large (1 at rest; 0 → 1.1 → 1 while popping in).
struct TileSprite {
    var row: Double
    var column: Double
    var exponent: UInt8
    var scale: Double = 1
}

/// What one frame of the board shows.
struct BoardFrame {
    var size: Int
    var tiles: [TileSprite]
    /// Horizontal offset of the whole board, in board units (the shake).
    var shake: Double = 0
}

/// Paints the board: a black rounded square, dark gray cells, and tiles in
/// the original game's colours with bold centred numbers.
///
/// Geometry follows the original: a board 230 units wide, 6 units between
/// tiles (3 on boards wider than 5), a radius of 6 units; it is scaled to the
/// largest square that fits and centred.
@MainActor
final class BoardPainter {
    static let boardUnits = 230.0

    /// Fonts measured once per tile size: "exponent:tile px" → font px.
    private var fontSizes: [Int: Double] = [:]
    private var fontSizesTile = -1.0

    struct Layout {
        var origin: (x: Double, y: Double)
        var side: Double
        var unit: Double
        var padding: Double
        var tile: Double
    }

    func layout(size: Int, in bounds: Rect) -> Layout {
        let side = max(0, min(bounds.width, bounds.height)).rounded(.down)
        let unit = side / Self.boardUnits
        let padding = (size > 5 ? 3.0 : 6.0) * unit
        let tile = (side - padding * Double(size + 1)) / Double(size)
        let origin = ((bounds.width - side) / 2 + bounds.x, (bounds.height - side) / 2 + bounds.y)
        return Layout(origin: origin, side: side, unit: unit, padding: padding, tile: max(0, tile))
    }

    func draw(_ frame: BoardFrame, in bounds: Rect, on context: DrawingContext) {
        let layout = layout(size: frame.size, in: bounds)
        guard layout.tile > 1 else { return }
        context.save()
        defer { context.restore() }
        context.translate(x: layout.origin.x + frame.shake * layout.unit, y: layout.origin.y)

        context.setColor(.black)
        context.roundedRectangle(x: 0, y: 0, width: layout.side, height: layout.side, radius: 6 * layout.unit)
        context.fill()

        let radius = 3 * layout.unit
        let step = layout.tile + layout.padding
        context.setColor(Self.emptyCell)
        for r in 0..<frame.size {
            for c in 0..<frame.size {
                context.roundedRectangle(x: layout.padding + Double(c) * step, y: layout.padding + Double(r) * step,
                                         width: layout.tile, height: layout.tile, radius: radius)
            }
        }
        context.fill()

        if fontSizesTile != layout.tile {
            fontSizes.removeAll(keepingCapacity: true)
            fontSizesTile = layout.tile
        }
        for sprite in frame.tiles where sprite.scale > 0.01 {
            let centerX = layout.padding + sprite.column * step + layout.tile / 2
            let centerY = layout.padding + sprite.row * step + layout.tile / 2
            let half = layout.tile * sprite.scale / 2
            context.setColor(Self.tileColor(sprite.exponent))
            context.roundedRectangle(x: centerX - half, y: centerY - half, width: 2 * half, height: 2 * half,
                                     radius: radius * sprite.scale)
            context.fill()
            let text = String(Board.value(ofExponent: sprite.exponent))
            let font = fontSize(for: sprite.exponent, text: text, tile: layout.tile, context: context) * sprite.scale
            guard font >= 1 else { continue }
            context.setColor(Self.textColor(sprite.exponent))
            context.drawText(text, font: "Sans Bold \(Int(font.rounded()))px",
                             centeredIn: Rect(x: centerX - half, y: centerY - half, width: 2 * half, height: 2 * half))
        }
    }

    /// The font size that fits `text` on a tile: about 45 % of the tile for
    /// short numbers, shrunk until the number leaves a margin on both sides.
    private func fontSize(for exponent: UInt8, text: String, tile: Double, context: DrawingContext) -> Double {
        if let known = fontSizes[Int(exponent)] { return known }
        func width(_ size: Double) -> Double { context.measureText(text, font: "Sans Bold \(Int(size))px").width }
        var size = max(4, (tile * 0.45).rounded(.down))
        let room = tile * 0.84
        let measured = width(size)
        if measured > room { size = max(4, (size * room / measured).rounded(.down)) }
        while size > 4 && width(size) > room { size -= 1 }
        fontSizes[Int(exponent)] = size
        return size
    }

    static let emptyCell = Color(red255: 85, green: 85, blue: 85)

    /// The original's tile colours.
    static func tileColor(_ exponent: UInt8) -> Color {
        switch exponent {
        case 1: Color(red255: 238, green: 228, blue: 218)
        case 2: Color(red255: 237, green: 224, blue: 200)
        case 3: Color(red255: 242, green: 177, blue: 121)
        case 4: Color(red255: 245, green: 149, blue: 99)
        case 5: Color(red255: 246, green: 124, blue: 95)
        case 6: Color(red255: 246, green: 94, blue: 59)
        case 7...11: Color(red255: 237, green: 207, blue: 114)
        default: .white
        }
    }

    /// Dark numbers on 2, 4 and the white tiles above 2048; white on the rest.
    static func textColor(_ exponent: UInt8) -> Color {
        exponent <= 2 || exponent > 11 ? Color(red255: 119, green: 110, blue: 101) : .white
    }
}
