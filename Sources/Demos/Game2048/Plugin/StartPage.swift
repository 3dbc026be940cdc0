import DemoKit

/// The start screen: the title, the tagline, and Start Game, or Continue and
/// New Game once there is a game to go back to.
@MainActor
final class StartPage {
    let widget = Box(.vertical, spacing: 12)
    private let startButton = Button(label: localized("_Start Game"))
    private let freshButton = Button(label: localized("_New Game"))

    /// Offers Start Game alone until `offerToContinue()`.
    init(start: @escaping @MainActor () -> Void, newGame: @escaping @MainActor () -> Void) {
        let title = Label()
        title.setMarkup("<span size='400%' weight='heavy'>2048</span>")
        let tagline = Label(localized("Join the numbers and get to the 2048 tile!"))
        tagline.wraps = true
        tagline.justification = .center
        tagline.addStyleClass("dim-label")

        startButton.addStyleClass("suggested-action")
        startButton.onClicked { _ in start() }
        freshButton.onClicked { _ in newGame() }
        freshButton.setProperty("no-show-all", true)
        freshButton.isVisible = false

        widget.setMargins(36)
        widget.verticalAlignment = .center
        widget.horizontalAlignment = .center
        widget.append(title)
        widget.append(tagline, padding: 12)
        for button in [startButton, freshButton] {
            button.setSizeRequest(width: 220, height: 44)
            button.horizontalAlignment = .center
            widget.append(button)
        }
    }

    /// Once a game has been shown (or one was saved), the page offers to continue it or start afresh.
    func offerToContinue() {
        startButton.label = localized("_Continue")
        startButton.accessibleName = localized("Continue")
        freshButton.isVisible = true
    }

    func focus() { startButton.grabFocus() }
}
