import DemoKit
import Game2048Model

/// Paints the board: a black rounded square, dark gray cells, and tiles in
/// the original game's colours (and a progression of its own past 2048:
/// `tileColors`) with bold centred numbers.
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

    public struct Layout {
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

    /// `overlay` (the hint's arrow) is drawn over the tiles and under their
    /// numbers, each then ringed in its tile's colour: an arrow drawn over
    /// the board hid the numbers of the tiles under it.
    public func draw(
        _ frame: BoardFrame, in bounds: Rect, on context: DrawingContext,
        beneathNumbers overlay: ((Layout) -> Void)? = nil
    ) {
        let layout = layout(size: frame.size, in: bounds)
        guard layout.tile > 1 else { return }
        context.save()
        defer { context.restore() }
        let offset = (x: (layout.origin.x + frame.shake * layout.unit).rounded(), y: layout.origin.y.rounded())
        context.translate(x: offset.x, y: offset.y)

        let radius = 3 * layout.unit
        let step = layout.tile + layout.padding
        var cells: [Rect] = []
        cells.reserveCapacity(frame.size * frame.size)
        for r in 0..<frame.size {
            for c in 0..<frame.size {
                cells.append(
                    Self.snapped(
                        Rect(
                            x: layout.padding + Double(c) * step, y: layout.padding + Double(r) * step,
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
        for sprite in frame.tiles
        where sprite.scale >= 1 && sprite.row == sprite.row.rounded() && sprite.column == sprite.column.rounded() {
            let index = Int(sprite.row) * frame.size + Int(sprite.column)
            if cells.indices.contains(index) { covered[index] = true }
        }
        context.setColor(Self.emptyCell)
        Self.fillRoundedRectangles(cells.indices.filter { !covered[$0] }.map { cells[$0] }, radius: radius, on: context)

        if fontsTile != layout.tile {
            texts.removeAll(keepingCapacity: true)
            fontsTile = layout.tile
        }
        let tiles = frame.tiles.filter { $0.scale > 0.01 }.map { sprite in
            let centerX = layout.padding + sprite.column * step + layout.tile / 2
            let centerY = layout.padding + sprite.row * step + layout.tile / 2
            let half = layout.tile * sprite.scale / 2
            return (sprite, Self.snapped(Rect(x: centerX - half, y: centerY - half, width: 2 * half, height: 2 * half)))
        }
        for (sprite, rect) in tiles {
            context.setColor(Self.tileColor(sprite.exponent))
            Self.fillRoundedRectangles([rect], radius: radius * sprite.scale, on: context)
        }
        if let overlay {
            context.translate(x: -offset.x, y: -offset.y)
            overlay(layout)
            context.translate(x: offset.x, y: offset.y)
        }
        for (sprite, rect) in tiles {
            let text = text(for: sprite.exponent, tile: layout.tile, context: context)
            context.save()
            context.translate(x: rect.midX, y: rect.midY)
            if sprite.scale != 1 { context.scale(by: sprite.scale) }
            let box = Rect(
                x: -rect.width / 2 / sprite.scale, y: -rect.height / 2 / sprite.scale,
                width: rect.width / sprite.scale, height: rect.height / sprite.scale)
            if overlay != nil {
                context.setColor(Self.tileColor(sprite.exponent))
                text.drawHalo(on: context, centeredIn: box, width: layout.tile * 0.08)
            }
            context.setColor(Self.textColor(sprite.exponent))
            text.draw(on: context, centeredIn: box)
            context.restore()
        }
    }

    /// Cuts `cell` out of the path (traced against the board's direction, so
    /// the nonzero rule makes it a hole), all but its corner squares.
    private static func addHole(_ cell: Rect, corner r: Double, on context: DrawingContext) {
        let x0 = cell.x, y0 = cell.y, x1 = cell.x + cell.width, y1 = cell.y + cell.height
        context.move(toX: x0 + r, y: y0)
        for (x, y) in [
            (x0 + r, y0 + r), (x0, y0 + r), (x0, y1 - r), (x0 + r, y1 - r), (x0 + r, y1), (x1 - r, y1),
            (x1 - r, y1 - r), (x1, y1 - r), (x1, y0 + r), (x1 - r, y0 + r), (x1 - r, y0),
        ] {
            context.line(toX: x, y: y)
        }
        context.closePath()
    }

    /// A rectangle on whole pixels, so its sides are filled as plain boxes.
    private static func snapped(_ rect: Rect) -> Rect {
        let x = rect.x.rounded(), y = rect.y.rounded()
        return Rect(
            x: x, y: y, width: (rect.x + rect.width).rounded() - x, height: (rect.y + rect.height).rounded() - y)
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
            for (cx, cy, angle) in [
                (x0, y0, Double.pi), (x1, y0, 1.5 * Double.pi), (x1, y1, 0), (x0, y1, 0.5 * Double.pi),
            ] {
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

    /// Each tile's colour and its number's, by exponent (2 is 1, 131072 is
    /// 17). 2 to 2048 keep the original's hues: cream, then orange to red,
    /// then golds that deepen as the tile doubles. Past 2048, where the
    /// original left every tile one dark grey (and this table once ran out,
    /// into white), deep jewel tones carry the progression on: raspberry,
    /// purple, violet, blue, teal, green. Every number reads at 4.5:1 or
    /// more on its tile (the original's white on gold was 1.5:1), dark ink
    /// on the light tiles, white on the deep ones. The board is black in
    /// light and dark themes alike, so one table serves both.
    static let tileColors: [(tile: Color, text: Color)] = {
        let ink = Color(red255: 58, green: 48, blue: 41)  // #3a3029: 4.9:1 on 32's coral, more elsewhere
        let deepInk = Color(red255: 42, green: 31, blue: 24)  // #2a1f18: 5.0:1 on 64's red
        return [
            (Color(red255: 238, green: 228, blue: 218), ink),  // 2      #eee4da
            (Color(red255: 237, green: 224, blue: 200), ink),  // 4      #ede0c8
            (Color(red255: 242, green: 177, blue: 121), ink),  // 8      #f2b179
            (Color(red255: 245, green: 149, blue: 99), ink),  // 16     #f59563
            (Color(red255: 246, green: 124, blue: 95), ink),  // 32     #f67c5f
            (Color(red255: 246, green: 94, blue: 59), deepInk),  // 64     #f65e3b
            (Color(red255: 237, green: 207, blue: 114), ink),  // 128    #edcf72
            (Color(red255: 237, green: 204, blue: 97), ink),  // 256    #edcc61
            (Color(red255: 237, green: 200, blue: 80), ink),  // 512    #edc850
            (Color(red255: 237, green: 197, blue: 63), ink),  // 1024   #edc53f
            (Color(red255: 237, green: 194, blue: 46), ink),  // 2048   #edc22e
            (Color(red255: 216, green: 27, blue: 96), .white),  // 4096   #d81b60, 5.0:1
            (Color(red255: 156, green: 39, blue: 176), .white),  // 8192   #9c27b0, 6.3:1
            (Color(red255: 103, green: 58, blue: 183), .white),  // 16384  #673ab7, 7.3:1
            (Color(red255: 28, green: 109, blue: 208), .white),  // 32768  #1c6dd0, 5.1:1
            (Color(red255: 0, green: 128, blue: 111), .white),  // 65536  #00806f, 4.9:1
            (Color(red255: 47, green: 129, blue: 54), .white),  // 131072 #2f8136, 4.9:1
        ]
    }()

    /// Beyond 131072 (a 5 × 5 or 6 × 6 board can go on): the original's dark grey.
    static let beyond = (tile: Color(red255: 60, green: 58, blue: 50), text: Color.white)

    static func tileColor(_ exponent: UInt8) -> Color { colors(exponent).tile }

    static func textColor(_ exponent: UInt8) -> Color { colors(exponent).text }

    private static func colors(_ exponent: UInt8) -> (tile: Color, text: Color) {
        let index = Int(exponent) - 1
        return tileColors.indices.contains(index) ? tileColors[index] : beyond
    }

    // MARK: Focus

    /// Room kept around the board for its focus ring, so that the board does
    /// not move when it takes or loses the focus.
    static let focusRingRoom = 4.0

    /// The keyboard focus ring around the board (it is a Tab stop, after
    /// Main Menu): 2 px in GNOME's focus blue, 1 px outside the black
    /// square, in the theme's shade (#1c71d8 on light, #78aeed on dark: at
    /// least 3:1 on the window's background either way).
    func drawFocusRing(size: Int, in bounds: Rect, dark: Bool, on context: DrawingContext) {
        let layout = layout(size: size, in: bounds)
        guard layout.side > 0 else { return }
        context.save()
        defer { context.restore() }
        context.setColor(dark ? Color(red255: 120, green: 174, blue: 237) : Color(red255: 28, green: 113, blue: 216))
        context.lineWidth = 2
        let inset = -2.0  // the ring's middle, 1 px gap + half its width outside the board
        context.roundedRectangle(
            x: layout.origin.x.rounded() + inset, y: layout.origin.y.rounded() + inset,
            width: layout.side - 2 * inset, height: layout.side - 2 * inset,
            radius: 6 * layout.unit - inset)
        context.stroke()
    }
}
