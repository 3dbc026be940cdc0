import DemoKit
import GuessNumberModel

/// Guess the Number's window: a hint, a two-column picker (tens, units)
/// that only ever offers numbers still possible, a status line and the
/// Restart and Guess buttons. Every rule is `GuessNumberGame`'s.
@MainActor
final class GuessNumberView: DemoView {
    let window: Window
    private var game = GuessNumberGame()
    private let hint = Label()
    private let tensList = ListBox()
    private let unitsList = ListBox()
    private let status = Label()
    private let guessButton = Button(label: localized("_Guess"))
    private let restartButton = Button(label: localized("_Restart"))
    /// Each column's ten rows, by digit; only the possible ones are in the list.
    private var tensRows: [ListBoxRow] = []
    private var unitsRows: [ListBoxRow] = []
    private var selectedTens = 0
    private var selectedUnits = 0
    /// True while the view itself selects rows, so the lists' "row-selected"
    /// handlers do not treat it as the player's choice.
    private var isSelecting = false

    private static let leftTab = Key.named("ISO_Left_Tab")

    /// Rows are as tall as this; the picker shows about five at a time.
    private static let rowHeight = 48

    init(host: DemoHost) {
        window = DemoWindow(title: host.info.name, width: 400, height: 560).window

        hint.wraps = true
        hint.justification = .center
        hint.accessibleDescription = localized("Range")

        let picker = Box(.horizontal, spacing: 12)
        picker.isHomogeneous = true
        picker.append(makeColumn(tensList, title: localized("Tens")), expand: true)
        picker.append(makeColumn(unitsList, title: localized("Units")), expand: true)

        status.accessibleDescription = localized("Status")
        status.wraps = true
        status.justification = .center
        status.setSizeRequest(width: -1, height: 24)

        guessButton.addStyleClass("suggested-action")
        guessButton.onClicked { [unowned self] _ in self.guess() }
        restartButton.tooltip = localized("Start a new game with a new number")
        restartButton.onClicked { [unowned self] _ in self.restart() }
        let buttons = Box(.horizontal, spacing: 12)
        buttons.isHomogeneous = true
        buttons.append(restartButton, expand: true)
        buttons.append(guessButton, expand: true)

        let content = Box(.vertical, spacing: 16)
        content.setMargins(24)
        content.append(hint)
        content.append(picker, expand: true)
        content.append(status)
        content.append(buttons)
        window.add(content)
        window.setDefault(guessButton)

        showGame()
        window.showAll()
        tensList.selectedRow?.grabFocus()
    }

    // MARK: Building

    private func makeColumn(_ list: ListBox, title: String) -> Widget {
        list.accessibleName = title
        list.selectionMode = .browse
        for digit in 0...9 {
            let label = Label("\(digit)")
            label.setFont("Bold 24")
            label.justification = .center
            let row = ListBoxRow(child: label)
            row.accessibleName = "\(digit)"
            row.isActivatable = false
            row.setSizeRequest(width: -1, height: Self.rowHeight)
            // Shown now: a row out of the list when the window is shown stays shown.
            row.showAll()
            if list === tensList { tensRows.append(row) } else { unitsRows.append(row) }
            list.append(row)
        }
        let isTens = list === tensList
        list.onRowSelected { [unowned self] list, row in
            guard let row, !self.isSelecting else { return }
            guard let digit = self.digit(of: row, in: list) else { return }
            if isTens { self.chooseTens(digit) } else { self.selectedUnits = digit }
        }
        list.onKeyPress(
            listing: ShortcutsGroup(
                title: localized("Guessing"),
                shortcuts: [
                    Shortcut("Up Down", localized("Choose a digit")),
                    Shortcut("Tab <Shift>Tab", localized("The next or previous control (each column is one stop)")),
                    Shortcut("Return KP_Enter", localized("Guess")),
                ])
        ) { [unowned self] list, key in self.handleKey(key, in: list) }

        let heading = Label(title)
        heading.addStyleClass("dim-label")

        let scroller = ScrolledWindow()
        scroller.showsFrame = true
        scroller.setSizeRequest(width: -1, height: Self.rowHeight * 5)
        scroller.add(list)

        let column = Box(.vertical, spacing: 6)
        column.append(heading)
        column.append(scroller, expand: true)
        return column
    }

    // MARK: Picking

    /// Up and Down change the digit within what the column offers (and stop
    /// at its ends instead of leaving the list); Enter guesses; Tab and
    /// Shift+Tab leave the column for the next control, as a picker's
    /// columns are one stop each (a GTK list box would move between rows).
    private func handleKey(_ key: KeyEvent, in list: ListBox) -> Propagation {
        if key.keyval == Key.tab || key.keyval == Self.leftTab {
            guard key.modifiers.isSubset(of: .shift) else { return .proceed }
            let backwards = key.keyval == Self.leftTab || key.modifiers.contains(.shift)
            let isTens = list === tensList
            switch (isTens, backwards) {
            case (true, false): unitsList.selectedRow?.grabFocus()
            case (true, true): guessButton.grabFocus()
            case (false, false): restartButton.grabFocus()
            case (false, true): tensList.selectedRow?.grabFocus()
            }
            return .stop
        }
        guard key.modifiers.isEmpty else { return .proceed }
        switch key.keyval {
        case Key.returnKey, Key.keypadEnter:
            guess()
            return .stop
        case Key.up, Key.down:
            let isTens = list === tensList
            let offered = isTens ? game.tens : game.units(forTens: selectedTens)
            let current = isTens ? selectedTens : selectedUnits
            guard let digit = GuessNumberGame.step(from: current, by: key.keyval == Key.up ? -1 : 1, in: offered),
                let row = row(digit, in: list)
            else { return .stop }
            list.select(row)
            row.grabFocus()
            return .stop
        default:
            return .proceed
        }
    }

    private func chooseTens(_ tens: Int) {
        selectedTens = tens
        selectedUnits = game.units(afterChoosingTens: tens, keeping: selectedUnits) ?? 0
        select(units: selectedUnits)
    }

    private func select(units: Int) {
        isSelecting = true
        offer(game.units(forTens: selectedTens), in: unitsList)
        unitsList.select(row(units, in: unitsList))
        isSelecting = false
    }

    /// Puts the rows of `digits` in the list, in order, and takes the others
    /// out. Not filtered: a list box's filter (and a hidden row) stays in the
    /// accessible tree, and a screen reader would offer numbers the game has
    /// ruled out.
    private func offer(_ digits: [Int], in list: ListBox) {
        // GTK leaves a removed row marked selected, and selecting it again once
        // it is back would do nothing: clear the selection first (the caller
        // selects a row right after).
        list.selectionMode = .none
        defer { list.selectionMode = .browse }
        var position = 0
        for (digit, row) in rows(of: list).enumerated() {
            let isInList = row.parent != nil
            if digits.contains(digit) {
                if !isInList { list.insert(row, at: position) }
                position += 1
            } else if isInList {
                list.remove(row)
            }
        }
    }

    /// A column's rows by digit, in the list or not (kept alive here).
    private func rows(of list: ListBox) -> [ListBoxRow] { list === tensList ? tensRows : unitsRows }

    private func row(_ digit: Int, in list: ListBox) -> ListBoxRow? {
        let rows = rows(of: list)
        return rows.indices.contains(digit) ? rows[digit] : nil
    }

    private func digit(of row: ListBoxRow, in list: ListBox) -> Int? { rows(of: list).firstIndex { $0 === row } }

    /// Shows the game's range: both lists filtered to it, each at its first entry.
    private func showGame() {
        (selectedTens, selectedUnits) = game.firstChoice
        isSelecting = true
        offer(game.tens, in: tensList)
        tensList.select(row(selectedTens, in: tensList))
        isSelecting = false
        select(units: selectedUnits)
        let range = game.possible
        if range == GuessNumberGame.numbers {
            hint.text = localized("I'm thinking of a number from 0 to 99.")
        } else if range.count == 1 {
            hint.text = localized("It can only be {number}.").filling(["number": "\(range.lowerBound)"])
        } else {
            hint.text = localized("It is between {low} and {high}.")
                .filling(["low": "\(range.lowerBound)", "high": "\(range.upperBound)"])
        }
    }

    // MARK: Playing

    private func guess() {
        let number = selectedTens * 10 + selectedUnits
        let focusWasInPicker =
            tensList.descendants.contains { $0.hasFocus } || unitsList.descendants.contains { $0.hasFocus }
        switch game.guess(number) {
        case .tooBig(let attempt):
            status.text = localized("Guess #{count}: too big.").filling(["count": "\(attempt)"])
        case .tooSmall(let attempt):
            status.text = localized("Guess #{count}: too small.").filling(["count": "\(attempt)"])
        case .correct(let attempts):
            return announceWin(number: number, attempts: attempts)
        case .notPossible:
            window.errorBell()
            return
        }
        showGame()
        status.announce(status.text + " " + hint.text)  // the verdict and the range, heard together
        // The focused row may have been filtered away: keep the keyboard in the picker.
        if focusWasInPicker { tensList.selectedRow?.grabFocus() }
    }

    /// The right guess: a modal dialog; the game starts again only once it
    /// is dismissed, so the board stays as it was behind it.
    private func announceWin(number: Int, attempts: Int) {
        // A short title that fits on one line; the verdict, a sentence, wraps
        // beneath it within the width of the game's window.
        let dialog = MessageDialog(
            parent: window, kind: .info,
            title: localized("You found it: {number}!").filling(["number": "\(number)"]),
            detail: Self.verdict(attempts: attempts))
        dialog.limitWidth(toCharacters: 34)
        dialog.addButton(localized("_Play Again"), response: .ok)
        dialog.setDefaultResponse(.ok)
        dialog.onResponse { [unowned self] dialog, _ in
            dialog.destroy()
            self.restart()
            self.tensList.selectedRow?.grabFocus()
        }
        dialog.present()
    }

    private func restart() {
        game = GuessNumberGame()
        status.text = ""
        showGame()
    }

    static func verdict(attempts: Int) -> String {
        let count = ["count": "\(attempts)"]
        switch Verdict(attempts: attempts) {
        case .rare where attempts == 1:
            return localized("Hmph, I won't tell you that guessing it in one try is rare!")
        case .rare:
            return localized("Hmph, I won't tell you that guessing it in {count} tries is rare!").filling(count)
        case .normal:
            return localized("Don't overthink it, {count} tries is perfectly normal. Keep it up!").filling(count)
        case .silly:
            return localized("Silly, {count} tries? Were you even trying?").filling(count)
        }
    }
}
