import TextBounds

/// The Labels demo's rules, free of GTK: the pages it shows, where the text
/// sits vertically on the first page, how the alignment samples line up, and
/// the font size that makes one line of text fit a width.

/// The demo's pages, in the order the stack switcher shows them.
public enum LabelsPage: String, CaseIterable, Sendable {
    case label, font, alignment, fitWidth = "fit-width"

    /// The stack page name.
    public var name: String { rawValue }
}

/// Where the text sits inside the label's area (the book's `UILabelEx`).
public enum VerticalPosition: CaseIterable, Sendable {
    case top, middle, bottom

    /// The position chosen when the demo opens.
    public static let initial = VerticalPosition.top

    /// GTK's `yalign`: 0 at the top, 1 at the bottom.
    public var yAlign: Double {
        switch self {
        case .top: 0
        case .middle: 0.5
        case .bottom: 1
        }
    }
}

/// The three samples of the Alignment page, top to bottom.
public enum HorizontalAlignment: CaseIterable, Sendable {
    case left, center, right

    /// GTK's `xalign`: 0 at the start, 1 at the end.
    public var xAlign: Double {
        switch self {
        case .left: 0
        case .center: 0.5
        case .right: 1
        }
    }
}

/// Shrinks a font so one line of text fits a width (`adjustsFontSizeToFitWidth`).
///
/// The view measures; this decides. Sizes are in points, widths in pixels.
public struct FontFitting: Sendable {
    /// The size the text has when there is room for it.
    public let naturalSize: Double
    /// The smallest size tried; below it the text would be unreadable anyway.
    public let minimumSize: Double
    /// Sizes closer than this are not told apart (Pango works in 1/1024 pt).
    public let precision: Double

    public init(naturalSize: Double, minimumSize: Double = 1, precision: Double = 0.1) {
        let natural = naturalSize.isFinite ? max(naturalSize, 0.01) : 12
        self.naturalSize = natural
        let minimum = minimumSize.isFinite ? max(minimumSize, 0.01) : 1
        self.minimumSize = min(minimum, natural)
        self.precision = precision.isFinite && precision > 0 ? precision : 0.1
    }

    /// A first guess from one measurement: text width grows in proportion to
    /// the font size, so the size scales with `available / measured`.
    public func proportionalSize(measuredWidth: Double, availableWidth: Double) -> Double {
        guard measuredWidth.isFinite, availableWidth.isFinite, measuredWidth > 0 else { return naturalSize }
        guard measuredWidth > availableWidth else { return naturalSize }
        let scaled = naturalSize * max(availableWidth, 0) / measuredWidth
        return clamp(scaled)
    }

    /// The largest size (up to the natural one, down to the minimum) at which
    /// `measure(size)` — the text's width in pixels — is at most `availableWidth`.
    ///
    /// Hinting and kerning make width only roughly proportional to size, so
    /// the proportional guess is checked and then refined by bisection; the
    /// result always fits unless even the minimum does not.
    public func fittedSize(availableWidth: Double, measure: (Double) -> Double) -> Double {
        let available = availableWidth.isFinite ? max(availableWidth, 0) : 0
        func fits(_ size: Double) -> Bool {
            let width = measure(size)
            return width.isFinite ? width <= available : false
        }
        let naturalWidth = measure(naturalSize)
        if naturalWidth.isFinite, naturalWidth <= available { return naturalSize }
        if !fits(minimumSize) { return minimumSize }

        // Bracket: `low` fits, `high` does not.
        var low = minimumSize
        var high = naturalSize
        let guess = proportionalSize(measuredWidth: naturalWidth, availableWidth: available)
        if guess > low, guess < high {
            if fits(guess) { low = guess } else { high = guess }
        }
        var steps = 0
        while high - low > precision, steps < 64 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
            steps += 1
        }
        return low
    }

    private func clamp(_ size: Double) -> Double {
        min(max(size, minimumSize), naturalSize)
    }
}

/// The Fit Width page's rules for its field.
public enum LabelsModel {
    /// The field's text: at most 200 characters as a person counts them, one
    /// line, TextBounds' rules for hostile text (no control or bidi-control
    /// characters, a character of more than 16 scalars cut).
    public static let fittingTextLimit = TextLimit(characters: 200)
}
