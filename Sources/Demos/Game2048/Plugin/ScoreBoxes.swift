import DemoKit

/// SCORE and BEST above the board: white bold numbers on black boxes, as the
/// original shows them. Labels, not buttons: they take no focus.
@MainActor
final class ScoreBoxes {
    let widget = Box(.horizontal, spacing: 8)
    private let score = Label()
    private let best = Label()

    init() {
        let css = CssProvider()
        css.load(
            """
            label { background-color: #000; color: #fff; font-weight: bold; border-radius: 6px; padding: 6px 14px; }
            """)
        score.name = "score"
        best.name = "best"
        for label in [score, best] {
            label.addStyleProvider(css)
            label.canFocus = false
            widget.append(label)
        }
        widget.horizontalAlignment = .center
    }

    func show(score: Int, best: Int) {
        self.score.text = localized("SCORE: {score}").filling(["score": String(score)])
        self.best.text = localized("BEST: {best}").filling(["best": String(best)])
    }
}
