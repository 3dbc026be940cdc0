import DemoKit

/// The Victory and Defeat dialogs and what the player chose in them.
@MainActor
enum OutcomeDialog {
    enum Choice {
        case newGame, keepGoing, undo
        /// Closed without a choice (Escape, the close button).
        case dismissed
    }

    private static let keepGoing = Response.custom(1)
    private static let newGame = Response.custom(2)
    private static let undo = Response.custom(3)

    /// A dialog over `parent`: Victory offers New Game and Keep Going (the
    /// default); Defeat offers Undo and New Game (the default). `chosen` runs
    /// once the dialog is destroyed.
    /// The text says the score, the one number the player wants to hear.
    static func make(won: Bool, score: Int, parent: Window, chosen: @escaping @MainActor (Choice) -> Void)
        -> MessageDialog
    {
        let detail =
            won ? localized("You won with a score of {score}!") : localized("You lost with a score of {score}.")
        let dialog = MessageDialog(
            parent: parent, kind: .info,
            title: won ? localized("Victory") : localized("Defeat"),
            detail: detail.filling(["score": String(score)]))
        // The application's accelerators (Ctrl+Q, Ctrl+?…) work in its windows only.
        dialog.application = parent.application
        if won {
            dialog.addButton(localized("_New Game"), response: newGame)
            dialog.addButton(localized("_Keep Going"), response: keepGoing)
            dialog.setDefaultResponse(keepGoing)
        } else {
            dialog.addButton(localized("_Undo"), response: undo)
            dialog.addButton(localized("_New Game"), response: newGame)
            dialog.setDefaultResponse(newGame)
        }
        dialog.onResponse { dialog, response in
            dialog.destroy()
            switch response {
            case newGame: chosen(.newGame)
            case keepGoing: chosen(.keepGoing)
            case undo: chosen(.undo)
            default: chosen(.dismissed)
            }
        }
        return dialog
    }
}
