import DemoKit
import Game2048Model

/// Paints the board: a black rounded square, dark gray cells, and tiles in
/// the original game's colours with bold centred numbers.
///
/// Geometry follows the original: a board 230 units wide, 6 units between
/// tiles (3 on boards wider than 5), a radius of 6 units; it is scaled to the
/// largest square that fits and centred.
@MainActor
public final class BoardPainter {
    static let boardUnits = 230.0

    /// Tile numbers shaped for the current tile size, by exponent.
    private var texts: [UInt8: TextLayout] = [:]
    private var fontsTile = -1.0

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

    public init() {}

    public func draw(_ frame: BoardFrame, in bounds: Rect, on context: DrawingContext) {
        let layout = layout(size: frame.size, in: bounds)
        guard layout.tile > 1 else { return }
        context.save()
        defer { context.restore() }
        context.translate(x: (layout.origin.x + frame.shake * layout.unit).rounded(), y: layout.origin.y.rounded())

        let radius = 3 * layout.unit
        let step = layout.tile + layout.padding
        var cells: [Rect] = []
        cells.reserveCapacity(frame.size * frame.size)
        for r in 0..<frame.size {
            for c in 0..<frame.size {
                cells.append(Self.snapped(Rect(x: layout.padding + Double(c) * step, y: layout.padding + Double(r) * step,
                                               width: layout.tile, height: layout.tile)))
            }
        }
        // Every pixel is painted about once: the black board leaves holes
        // where the cells go (but keeps their corners), and a cell under a
        // tile at rest is not painted at all. On a 1080-pixel board the cost
        // of a frame is the memory written, so overdraw is what counts.
        let cornerRadius = min(radius.rounded(), layout.tile / 2)
        context.setColor(.black)
        context.roundedRectangle(x: 0, y: 0, width: layout.side, height: layout.side, radius: 6 * layout.unit)
        for cell in cells { Self.addHole(cell, corner: cornerRadius, on: context) }
        context.fill()

        var covered = Array(repeating: false, count: cells.count)
        for sprite in frame.tiles where sprite.scale >= 1 && sprite.row == sprite.row.rounded() && sprite.column == sprite.column.rounded() {
            let index = Int(sprite.row) * frame.size + Int(sprite.column)
            if cells.indices.contains(index) { covered[index] = true }
        }
        context.setColor(Self.emptyCell)
        Self.fillRoundedRectangles(cells.indices.filter { !covered[$0] }.map { cells[$0] }, radius: radius, on: context)

        if fontsTile != layout.tile {
            texts.removeAll(keepingCapacity: true)
            fontsTile = layout.tile
        }
        for sprite in frame.tiles where sprite.scale > 0.01 {
            let centerX = layout.padding + sprite.column * step + layout.tile / 2
            let centerY = layout.padding + sprite.row * step + layout.tile / 2
            let half = layout.tile * sprite.scale / 2
            let rect = Self.snapped(Rect(x: centerX - half, y: centerY - half, width: 2 * half, height: 2 * half))
            context.setColor(Self.tileColor(sprite.exponent))
            Self.fillRoundedRectangles([rect], radius: radius * sprite.scale, on: context)
            context.setColor(Self.textColor(sprite.exponent))
            let text = text(for: sprite.exponent, tile: layout.tile, context: context)
            if sprite.scale == 1 {
                text.draw(on: context, centeredIn: rect)
            } else {
                context.save()
                context.translate(x: rect.midX, y: rect.midY)
                context.scale(by: sprite.scale)
                text.draw(on: context, centeredIn: Rect(x: -layout.tile / 2, y: -layout.tile / 2,
                                                        width: layout.tile, height: layout.tile))
                context.restore()
            }
        }
    }

    /// Cuts `cell` out of the path (traced against the board's direction, so
    /// the nonzero rule makes it a hole), all but its corner squares.
    private static func addHole(_ cell: Rect, corner r: Double, on context: DrawingContext) {
        let x0 = cell.x, y0 = cell.y, x1 = cell.x + cell.width, y1 = cell.y + cell.height
        context.move(toX: x0 + r, y: y0)
        for (x, y) in [(x0 + r, y0 + r), (x0, y0 + r), (x0, y1 - r), (x0 + r, y1 - r), (x0 + r, y1), (x1 - r, y1),
                       (x1 - r, y1 - r), (x1, y1 - r), (x1, y0 + r), (x1 - r, y0 + r), (x1 - r, y0)] {
            context.line(toX: x, y: y)
        }
        context.closePath()
    }

    /// A rectangle on whole pixels, so its sides are filled as plain boxes.
    private static func snapped(_ rect: Rect) -> Rect {
        let x = rect.x.rounded(), y = rect.y.rounded()
        return Rect(x: x, y: y, width: (rect.x + rect.width).rounded() - x, height: (rect.y + rect.height).rounded() - y)
    }

    /// Fills rounded rectangles in two passes: the straight parts as
    /// pixel-aligned boxes (cairo fills those as plain spans, the fast path),
    /// then only the small corner pieces antialiased. One antialiased path over
    /// the whole area costs several times more on a large board.
    private static func fillRoundedRectangles(_ rects: [Rect], radius: Double, on context: DrawingContext) {
        var corners: [(Rect, Double)] = []
        for rect in rects {
            let r = min(radius.rounded(), rect.width / 2, rect.height / 2)
            guard r >= 1 else {
                context.rectangle(rect)
                continue
            }
            context.rectangle(x: rect.x + r, y: rect.y, width: rect.width - 2 * r, height: rect.height)
            context.rectangle(x: rect.x, y: rect.y + r, width: r, height: rect.height - 2 * r)
            context.rectangle(x: rect.x + rect.width - r, y: rect.y + r, width: r, height: rect.height - 2 * r)
            corners.append((rect, r))
        }
        context.fill()
        for (rect, r) in corners {
            let x0 = rect.x + r, x1 = rect.x + rect.width - r
            let y0 = rect.y + r, y1 = rect.y + rect.height - r
            for (cx, cy, angle) in [(x0, y0, Double.pi), (x1, y0, 1.5 * Double.pi), (x1, y1, 0), (x0, y1, 0.5 * Double.pi)] {
                context.move(toX: cx, y: cy)
                context.arc(centerX: cx, centerY: cy, radius: r, startAngle: angle, endAngle: angle + Double.pi / 2)
                context.closePath()
            }
        }
        context.fill()
    }

    /// The number of a tile, shaped once per tile size: about 45 % of the
    /// tile for short numbers, shrunk until it leaves a margin on both sides.
    private func text(for exponent: UInt8, tile: Double, context: DrawingContext) -> TextLayout {
        if let known = texts[exponent] { return known }
        let text = String(Board.value(ofExponent: exponent))
        func layout(_ size: Double) -> TextLayout { TextLayout(text, font: "Sans Bold \(Int(size))px", for: context) }
        var size = max(4, (tile * 0.45).rounded(.down))
        let room = tile * 0.84
        var result = layout(size)
        if result.logicalRect.width > room {
            size = max(4, (size * room / result.logicalRect.width).rounded(.down))
            result = layout(size)
        }
        while size > 4 && result.logicalRect.width > room {
            size -= 1
            result = layout(size)
        }
        texts[exponent] = result
        return result
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
