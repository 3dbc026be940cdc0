import DemoKit
import TextBounds
import LabelsModel

/// The Labels window: four pages switched from the header bar. The rules
/// (positions, alignments, the fitting search) are `LabelsModel`'s.
@MainActor
final class LabelsView: DemoView {
    /// Arial when installed, else the closest sans fontconfig offers.
    static let sansFamilies = "Arial, Helvetica, Liberation Sans, Nimbus Sans, sans-serif"
    /// Zapfino when installed, else the best cursive face fontconfig offers.
    static let scriptFamilies = "Zapfino, URW Chancery L, Z003, TeX Gyre Chorus, cursive"
    static let fitNaturalSize = 36.0

    let window: Window
    // Set in init, once the pages (built by methods) exist.
    private(set) var stack: Stack!
    /// The first page's text, whose vertical position the toggles choose.
    let positionedLabel = Label(localized("This is a UILabel Demo,"))
    let fittingLabel = Label()
    let fittingEntry = Entry(placeholder: localized("Type some text"))
    private(set) var position = VerticalPosition.initial
    private let fitting = FontFitting(naturalSize: LabelsView.fitNaturalSize, minimumSize: 1, precision: 0.1)
    private(set) var fittedSize = LabelsView.fitNaturalSize
    private var fittedWidth = -1

    init(host: DemoHost) {
        let frame = DemoWindow(title: host.info.name, width: 620, height: 460)
        window = frame.window
        window.name = "labels-window"

        stack = frame.addPages([
            .init(makeLabelPage(), name: LabelsPage.label.name, title: localized("Label")),
            .init(makeFontPage(), name: LabelsPage.font.name, title: localized("Font")),
            .init(makeAlignmentPage(), name: LabelsPage.alignment.name, title: localized("Alignment")),
            .init(makeFitWidthPage(), name: LabelsPage.fitWidth.name, title: localized("Fit Width")),
        ])

        window.showAll()
    }

    // MARK: Label

    private func makeLabelPage() -> Widget {
        let caption = Label(localized("Vertical position"))
        caption.addStyleClass("dim-label")

        let toggles = Box(.horizontal)
        toggles.addStyleClass("linked")
        // The radios' group, named as the caption reads: screen readers say
        // it with each radio ("Vertical position, Top, radio button").
        toggles.accessibleName = caption.text
        var group: RadioButton?
        for choice in VerticalPosition.allCases {
            let button = RadioButton(label: Self.title(of: choice), group: group)
            group = group ?? button
            button.isActive = choice == position
            button.onToggled { [unowned self] button in
                if button.isActive { self.setPosition(choice) }
            }
            toggles.append(button)
        }

        let bar = Box(.horizontal, spacing: 12)
        bar.horizontalAlignment = .center
        bar.setMargins(top: 12, bottom: 12, start: 18, end: 18)
        bar.append(caption)
        bar.append(toggles)

        positionedLabel.setFont("\(Self.sansFamilies) 35")
        positionedLabel.wraps = true
        positionedLabel.justification = .center
        positionedLabel.xAlign = 0.5
        positionedLabel.yAlign = position.yAlign
        positionedLabel.expandsHorizontally = true
        positionedLabel.expandsVertically = true
        positionedLabel.accessibleDescription = localized("Sample text")
        positionedLabel.applyStyle("label { background-color: #1a5fb4; color: #f8e45c; padding: 18px 24px; }")

        let page = Box(.vertical)
        page.append(bar)
        page.append(positionedLabel, expand: true)
        return page
    }

    func setPosition(_ newPosition: VerticalPosition) {
        position = newPosition
        positionedLabel.yAlign = newPosition.yAlign
    }

    static func title(of position: VerticalPosition) -> String {
        switch position {
        case .top: localized("Top")
        case .middle: localized("Middle")
        case .bottom: localized("Bottom")
        }
    }

    // MARK: Font

    private func makeFontPage() -> Widget {
        // The sample word of a Latin script face.
        let word = Label(localized("good"))
        word.setFont("\(Self.scriptFamilies) 48")
        word.accessibleDescription = localized("Script sample")
        word.expandsHorizontally = true
        word.expandsVertically = true
        word.applyStyle("label { background-color: #000000; color: #ffffff; padding: 12px; }")
        return word
    }

    // MARK: Alignment

    private func makeAlignmentPage() -> Widget {
        let page = Box(.vertical, spacing: 10)
        page.applyStyle("box { background-color: #000000; padding-top: 10px; }")
        for alignment in HorizontalAlignment.allCases {
            let label = Label(Self.sample(of: alignment))
            label.xAlign = alignment.xAlign
            label.justification = alignment == .left ? .left : alignment == .center ? .center : .right
            label.ellipsis = .end
            label.setSizeRequest(width: -1, height: 30)
            label.setMargins(top: 0, bottom: 0, start: 12, end: 12)
            label.applyStyle("label { color: #ffffff; }")
            page.append(label)
        }
        return page
    }

    /// The constant names the book's three labels show (code, kept in Latin).
    static func sample(of alignment: HorizontalAlignment) -> String {
        switch alignment {
        case .left: localized("UITextAlignmentLeft")
        case .center: localized("UITextAlignmentCenter")
        case .right: localized("UITextAlignmentRight")
        }
    }

    // MARK: Fit Width

    private func makeFitWidthPage() -> Widget {
        let caption = Label()
        caption.setMnemonic(localized("_Text"), for: fittingEntry)
        fittingEntry.accessibleName = localized("Text to fit")
        fittingEntry.text = localized("Shrinks to fit, grows back when there is room.")
        // 200 characters as a person counts them, TextBounds' rules for
        // hostile text (GTK's max-length counts scalars, not characters).
        fittingEntry.bound(
            filter: LabelsModel.fittingTextLimit.filter,
            cutting: LabelsModel.fittingTextLimit.cuttingLongCharacters)

        let row = Box(.horizontal, spacing: 12)
        row.append(caption)
        row.append(fittingEntry, expand: true)

        fittingLabel.text = fittingEntry.text
        fittingLabel.accessibleDescription = localized("Fitted text")
        // The ellipsis mode only lets the label be narrower than its text;
        // the font is always shrunk first, so no ellipsis is ever drawn.
        fittingLabel.ellipsis = .end
        fittingLabel.xAlign = 0.5
        fittingLabel.expandsHorizontally = true
        fittingLabel.expandsVertically = true
        fittingLabel.setFont(fittingFont(size: fittedSize))
        fittingLabel.onSizeAllocate { [unowned self] _, width, _ in self.fit(width: width) }
        fittingEntry.onChanged { [unowned self] entry in
            self.fittingLabel.text = entry.text
            self.fit(width: self.fittingLabel.allocatedWidth, force: true)
        }

        let hint = Label(localized("Make the window narrower: the text shrinks to stay on one line."))
        hint.addStyleClass("dim-label")
        hint.wraps = true
        hint.justification = .center

        let page = Box(.vertical, spacing: 18)
        page.setMargins(24)
        page.append(row)
        page.append(fittingLabel, expand: true)
        page.append(hint)
        return page
    }

    func fittingFont(size: Double) -> String {
        // Pango reads sizes with a dot whatever the locale; 0.1 pt is enough.
        let tenths = Int((size * 10).rounded(.down))
        return "\(Self.sansFamilies) \(tenths / 10).\(tenths % 10)"
    }

    /// Picks the largest size at which the text fits `width`, and shows it.
    func fit(width: Int, force: Bool = false) {
        guard width > 1, force || width != fittedWidth else { return }
        fittedWidth = width
        let size = fitting.fittedSize(availableWidth: Double(width)) { size in
            Double(self.fittingLabel.textPixelSize(font: self.fittingFont(size: size)).width)
        }
        let shown = Double(Int((size * 10).rounded(.down))) / 10
        guard shown != fittedSize || force else { return }
        fittedSize = shown
        fittingLabel.setFont(fittingFont(size: shown))
    }
}
