import DemoKit
import Game2048Model

/// The header bar's main menu: New Game, Undo, the board sizes and
/// Autoplay's speeds, the chosen size and speed shown as radio buttons.
///
/// The choices are GtkRadioButtons, not radio GtkModelButtons: a model
/// button sends `state-changed:checked` but its accessible never has the
/// CHECKED state, so a screen reader could not tell which size is chosen;
/// a radio button's accessible reports it.
@MainActor
final class GameMenu {
    let button = MenuButton(name: localized("Main Menu"))
    let undoItem = ModelButton(text: localized("_Undo"))
    private var sizeItems: [(size: Int, item: RadioButton)] = []
    private var speedItems: [(speed: AutoplaySpeed, item: RadioButton)] = []
    private let popover: Popover
    /// True while `show` marks the choices: setting a radio button clicks
    /// it, which is no choice of the user's.
    private var isMarking = false

    init(newGame: @escaping @MainActor () -> Void, undo: @escaping @MainActor () -> Void,
         size: @escaping @MainActor (Int) -> Void, speed: @escaping @MainActor (AutoplaySpeed) -> Void) {
        popover = Popover(relativeTo: button)
        let items = Box(.vertical)
        items.setMargins(10)
        let newGameItem = ModelButton(text: localized("_New Game"))
        newGameItem.onClicked { _ in newGame() }
        undoItem.onClicked { _ in undo() }
        items.append(newGameItem)
        items.append(undoItem)
        items.append(Separator(.horizontal), padding: 4)
        items.append(Self.heading(localized("Board Size")))
        for n in Board.minimumSize...Board.maximumSize {
            let item = choice(localized("{n} × {n}").filling(["n": String(n)]), group: sizeItems.first?.item) { size(n) }
            items.append(item)
            sizeItems.append((n, item))
        }
        items.append(Separator(.horizontal), padding: 4)
        items.append(Self.heading(localized("Autoplay Speed")))
        for each in AutoplaySpeed.allCases {
            let item = choice(each.title, group: speedItems.first?.item) { speed(each) }
            items.append(item)
            speedItems.append((each, item))
        }
        items.showAll()
        popover.add(items)
        button.popover = popover
    }

    /// Marks the board size and the speed in use.
    func show(size: Int, speed: AutoplaySpeed) {
        isMarking = true
        defer { isMarking = false }
        // Marking one radio button of a group unmarks the others.
        sizeItems.first { $0.size == size }?.item.isActive = true
        speedItems.first { $0.speed == speed }?.item.isActive = true
    }

    /// A radio item that runs `chosen` when the user picks it, and closes
    /// the menu as a model button does.
    private func choice(_ title: String, group: RadioButton?, chosen: @escaping @MainActor () -> Void) -> RadioButton {
        let item = RadioButton(label: title, group: group, drawsIndicator: true)
        item.setMargins(top: 0, bottom: 0, start: 8, end: 8)
        item.onClicked { [unowned self] item in
            guard !self.isMarking, item.isActive else { return }
            self.popover.popdown()
            chosen()
        }
        return item
    }

    private static func heading(_ text: String) -> Label {
        let heading = Label(text)
        heading.xAlign = 0
        heading.addStyleClass("dim-label")
        heading.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        return heading
    }
}
