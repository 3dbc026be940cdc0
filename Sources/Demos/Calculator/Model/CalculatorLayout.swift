import TextBounds
/// Where everything sits, in the original's 320 × 568 units, and how that is
/// scaled to fit a window: background, display and keys scale together and
/// keep their proportions, centred.
public struct CalculatorLayout: Sendable, Equatable {
    public struct Rect: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public static let width = 320.0
    public static let height = 568.0
    /// The display: full width, 119 units tall, on top.
    public static let display = Rect(x: 0, y: 0, width: 320, height: 119)
    /// The display's text: 50 units, with room on the sides.
    public static let fontSize = 50.0
    public static let displayTextInset = 16.0
    /// Keys are 80 × 80 units, four to a row; `=` spans the last row.
    public static let keySize = 80.0
    /// The top of the keypad: its five rows end 20 units above the bottom.
    public static let keypadTop = 148.0
    /// The smallest scale the window may be shrunk to.
    public static let minimumScale = 0.5

    /// Units to pixels.
    public let scale: Double
    /// Where the 320 × 568 content starts in the window (centred).
    public let originX: Double
    public let originY: Double

    /// The layout for an area of `width` × `height` pixels.
    public init(fittingWidth width: Double, height: Double) {
        let scale = max(0.01, min(width / Self.width, height / Self.height))
        self.scale = scale
        originX = ((width - Self.width * scale) / 2).rounded(.down)
        originY = ((height - Self.height * scale) / 2).rounded(.down)
    }

    /// A key's place in units.
    public static func unitRect(of key: CalculatorKey) -> Rect {
        let index = CalculatorKey.all.firstIndex(of: key)!
        let row = index / 4, column = index % 4
        let width = key == .equals ? Self.width : keySize
        return Rect(x: Double(column) * keySize, y: keypadTop + Double(row) * keySize, width: width, height: keySize)
    }

    /// A rectangle in units, in pixels: edges are rounded so that neighbours
    /// share them (no gaps, no overlaps).
    public func pixels(_ r: Rect) -> Rect {
        let left = (originX + r.x * scale).rounded(), top = (originY + r.y * scale).rounded()
        let right = (originX + (r.x + r.width) * scale).rounded(),
            bottom = (originY + (r.y + r.height) * scale).rounded()
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func rect(of key: CalculatorKey) -> Rect { pixels(Self.unitRect(of: key)) }
    public var displayRect: Rect { pixels(Self.display) }
    public var contentRect: Rect { pixels(Rect(x: 0, y: 0, width: Self.width, height: Self.height)) }

    /// The largest font size, at most `base`, at which `measure(size)` (a
    /// text's width) fits `available`; never below a quarter of `base`, so
    /// the text stays readable (and a display with room for 13 digits at
    /// 50 units never needs less).
    public static func fittedFontSize(available: Double, base: Double, measure: (Double) -> Double) -> Double {
        guard base > 0, available > 0 else { return max(1, base) }
        let atBase = measure(base)
        if atBase <= available { return base }
        let floor = base / 4
        // Text widths grow in proportion to the size, give or take hinting:
        // start from the proportional guess and step down until it fits.
        var size = max(floor, (base * available / atBase * 100).rounded(.down) / 100)
        while size > floor, measure(size) > available { size = max(floor, size - 0.5) }
        return size
    }

    /// Whether a picture made for 1× would be enlarged at this scale on a
    /// screen of `deviceScale` (then the 2× picture is drawn instead).
    public func wants2x(deviceScale: Int) -> Bool { scale * Double(deviceScale) > 1.0 }
}

/// The display's face: Helvetica Neue Thin when installed, else the lightest
/// sans-serif face fontconfig offers (DejaVu Sans ExtraLight on Debian).
public struct DisplayFace: Sendable, Equatable {
    public var family: String
    public var faceName: String
    /// CSS/OpenType weight: 100 thin … 400 regular … 900 black.
    public var weight: Int
    public var isMonospace: Bool

    public init(family: String, faceName: String, weight: Int, isMonospace: Bool) {
        self.family = family
        self.faceName = faceName
        self.weight = weight
        self.isMonospace = isMonospace
    }

    /// Picks the display face among the installed ones; nil when there is no
    /// sans-serif face at all (then the view uses "sans-serif").
    public static func choose(from faces: [DisplayFace], defaultSans: String? = nil) -> DisplayFace? {
        if let neue = faces.filter({ $0.family == "Helvetica Neue" && $0.faceName.lowercased().containsText("thin") })
            .min(by: { $0.weight < $1.weight })
        {
            return neue
        }
        let sans = faces.filter { face in
            let name = face.family.lowercased()
            return !face.isMonospace && name.containsText("sans") && !name.containsText("mono")
                && !face.faceName.lowercased().containsText("italic")
                && !face.faceName.lowercased().containsText("oblique")
                && !face.faceName.lowercased().containsText("condensed")
        }
        // Lightest first; among equals, the desktop's own sans-serif, then by name.
        return sans.min { a, b in
            if a.weight != b.weight { return a.weight < b.weight }
            if (a.family == defaultSans) != (b.family == defaultSans) { return a.family == defaultSans }
            return (a.family, a.faceName) < (b.family, b.faceName)
        }
    }
}
