import DemoKit
import Game2048Model

/// The header bar's main menu: New Game, Undo, the board sizes and
/// Autoplay's speeds, the chosen size and speed shown as radio items.
@MainActor
final class GameMenu {
    let button = MenuButton(name: localized("Main Menu"))
    let undoItem = ModelButton(text: localized("_Undo"))
    private var sizeItems: [(size: Int, item: ModelButton)] = []
    private var speedItems: [(speed: AutoplaySpeed, item: ModelButton)] = []

    init(newGame: @escaping @MainActor () -> Void, undo: @escaping @MainActor () -> Void,
         size: @escaping @MainActor (Int) -> Void, speed: @escaping @MainActor (AutoplaySpeed) -> Void) {
        let popover = Popover(relativeTo: button)
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
            let item = ModelButton(text: localized("{n} × {n}").filling(["n": String(n)]), role: .radio)
            item.onClicked { _ in size(n) }
            items.append(item)
            sizeItems.append((n, item))
        }
        items.append(Separator(.horizontal), padding: 4)
        items.append(Self.heading(localized("Autoplay Speed")))
        for choice in AutoplaySpeed.allCases {
            let item = ModelButton(text: choice.title, role: .radio)
            item.onClicked { _ in speed(choice) }
            items.append(item)
            speedItems.append((choice, item))
        }
        items.showAll()
        popover.add(items)
        button.popover = popover
    }

    /// Marks the board size and the speed in use.
    func show(size: Int, speed: AutoplaySpeed) {
        for (each, item) in sizeItems { item.isActive = each == size }
        for (each, item) in speedItems { item.isActive = each == speed }
    }

    private static func heading(_ text: String) -> Label {
        let heading = Label(text)
        heading.xAlign = 0
        heading.addStyleClass("dim-label")
        heading.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        return heading
    }
}
